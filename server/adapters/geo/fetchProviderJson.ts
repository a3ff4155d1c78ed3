import { GeoProviderFailure, type GeoProviderName } from './GeoProviderFailure';

/** An answer larger than this is no weather report or location: refused unread beyond it. */
const MAX_ANSWER_CHARS = 1_000_000;

const isTimeout = (error: Error) => error.name === 'TimeoutError' || error.name === 'AbortError';

/**
 * GET a provider's JSON answer within `timeoutMs` (connecting and reading together). Any failure
 * — no answer in time, no connection, a non-2xx status, a body that is not JSON — is a
 * GeoProviderFailure naming the reason.
 */
export async function fetchProviderJson(provider: GeoProviderName, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json', ...headers }, signal });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    if (isTimeout(e)) throw new GeoProviderFailure(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    throw new GeoProviderFailure(provider, 'unreachable', `unreachable: ${e.cause?.code ?? e.message}`);
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    const e = error as Error;
    throw new GeoProviderFailure(provider, isTimeout(e) ? 'timeout' : 'unreachable', `answer could not be read: ${e.message}`);
  }
  if (!response.ok) throw new GeoProviderFailure(provider, 'refused', `HTTP ${response.status}: ${body.slice(0, 200)}`, response.status);
  if (body.length > MAX_ANSWER_CHARS) throw new GeoProviderFailure(provider, 'malformed', `answer of ${body.length} characters`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new GeoProviderFailure(provider, 'malformed', `not JSON: ${body.slice(0, 200)}`);
  }
}
