/** The slice of i18next's `t` the pure helpers need, so they stay testable without React. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
