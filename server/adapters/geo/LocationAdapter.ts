/** Where a client address is located: nowhere in development, an HTTP provider when LOCATION_API_URL is set. */
export interface LocationAdapter {
  /** 'none' or 'http', for logs and the README. */
  readonly kind: string;
  /**
   * The division code the provider places `ip` in, or null when it cannot place it. Rejects with
   * a GeoProviderFailure when the provider gives no usable answer.
   */
  locate(ip: string): Promise<string | null>;
}
