import { ExpiringCache } from './ExpiringCache';
import type { LocationAdapter } from './LocationAdapter';
import type { WeatherAdapter, WeatherLookup } from './WeatherAdapter';

/** Weather per city (and language: the provider words the conditions) for `ttlMs`. */
export function cachedWeatherAdapter(inner: WeatherAdapter, ttlMs: number): WeatherAdapter {
  const cache = new ExpiringCache<WeatherLookup>(ttlMs);
  return {
    kind: inner.kind,
    lookup: (place, lang) => cache.get(`${place.code}:${lang}`, () => inner.lookup(place, lang)),
  };
}

/** Locations per client address for `ttlMs`: a user's every dashboard visit need not ask the provider. */
export function cachedLocationAdapter(inner: LocationAdapter, ttlMs: number): LocationAdapter {
  const cache = new ExpiringCache<string | null>(ttlMs);
  return {
    kind: inner.kind,
    locate: (ip) => cache.get(ip, () => inner.locate(ip)),
  };
}
