import { readLocationAnswer } from '../../../runtime/core/geo';
import { fetchProviderJson } from './fetchProviderJson';
import { GeoProviderFailure } from './GeoProviderFailure';
import type { LocationAdapter } from './LocationAdapter';

export interface HttpLocationOptions {
  /** LOCATION_API_URL; its own query (a key, say) is kept and `ip` added. */
  url: string;
  timeoutMs: number;
}

/**
 * An IP-location provider over HTTP: `GET <url>?ip=<address>`, answering JSON with `cityCode`
 * (or `adcode`), six digits (README.md here).
 */
export function httpLocationAdapter(options: HttpLocationOptions): LocationAdapter {
  return {
    kind: 'http',
    async locate(ip) {
      const url = new URL(options.url);
      url.searchParams.set('ip', ip);
      const checked = readLocationAnswer(await fetchProviderJson('location', url, {}, options.timeoutMs));
      if (!checked.ok) throw new GeoProviderFailure('location', 'malformed', checked.problem);
      return checked.code;
    },
  };
}
