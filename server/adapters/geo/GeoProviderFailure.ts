export type GeoProviderName = 'weather' | 'location';
export type GeoFailureReason = 'timeout' | 'unreachable' | 'refused' | 'malformed';

/**
 * A provider that did not give a usable answer. `detail` is for the server log only (it may name
 * hosts); the client gets a message for the reason, with the HTTP status of a refusal.
 */
export class GeoProviderFailure extends Error {
  constructor(
    public readonly provider: GeoProviderName,
    public readonly reason: GeoFailureReason,
    public readonly detail: string,
    public readonly status?: number,
  ) {
    super(`${provider} provider failed (${reason}): ${detail}`);
    this.name = 'GeoProviderFailure';
  }
}
