/**
 * What the generic screens need from the application shell. The runtime never imports `src/`:
 * the shell hands these in through <RuntimeProvider>, so the same screens run in the app, in
 * the designer's preview and in tests with a fake.
 */

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface RuntimeServices {
  request: {
    /**
     * `url` is under /capi, e.g. '/get/hr/getHrContractList'. Rejects on a non-200 code with an
     * Error carrying the server message; see `requestFailure.ts` for the optional properties the
     * screens read from it (`code`, `body`, `shown`).
     */
    /** `quiet`: a failure shows nothing (polls such as an import's progress). */
    get<T = unknown>(url: string, params?: Record<string, unknown>, options?: { quiet?: boolean }): Promise<Envelope<T>>;
    /** Form-data encoding (arrays as name[], objects JSON-stringified) is the caller's layer. */
    post<T = unknown>(url: string, data?: Record<string, unknown>): Promise<Envelope<T>>;
    postJson<T = unknown>(url: string, data?: unknown): Promise<Envelope<T>>;
    /** `onProgress` hears the upload's percentage (0–100) as the bytes go out. */
    upload<T = unknown>(url: string, file: File, extra?: Record<string, string>, options?: { onProgress?(percent: number): void }): Promise<Envelope<T>>;
    download(url: string, params?: Record<string, unknown>): Promise<void>;
    /** The file's bytes without saving them (an image inside rich text); a failure shows nothing. */
    blob(url: string, params?: Record<string, unknown>): Promise<Blob>;
  };
  hasPermission(name: string): boolean;
  /** The department is optional: screens outside the shell (designer preview, tests) may not know it. */
  user: { userId: string; accountId: string; userName: string; roles: string[]; deptId?: string; deptName?: string };
  navigate(path: string): void;
  language: string;
}
