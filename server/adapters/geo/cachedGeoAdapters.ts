import type { ExpiringCache } from './ExpiringCache';
import type { LocationAdapter } from './LocationAdapter';
import type { WeatherAdapter, WeatherLookup } from './WeatherAdapter';

/** Weather per city (and language: the provider words the conditions) in `cache`. */
export function cachedWeatherAdapter(inner: WeatherAdapter, cache: ExpiringCache<WeatherLookup>): WeatherAdapter {
  return {
    kind: inner.kind,
    lookup: (place, lang) => cache.get(`${place.code}:${lang}`, () => inner.lookup(place, lang)),
  };
}

/** Locations per client address in `cache`: a user's every dashboard visit need not ask the provider. */
export function cachedLocationAdapter(inner: LocationAdapter, cache: ExpiringCache<string | null>): LocationAdapter {
  return {
    kind: inner.kind,
    locate: (ip) => cache.get(ip, () => inner.locate(ip)),
  };
}
