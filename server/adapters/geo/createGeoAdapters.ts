import type { GeoConfig } from '../../config';
import { resolvePlace, type Division, type DivisionTable } from '../../../runtime/core/geo';
import { cachedLocationAdapter, cachedWeatherAdapter } from './cachedGeoAdapters';
import { chinaDivisions } from './chinaDivisions';
import { httpLocationAdapter } from './httpLocation';
import { httpWeatherAdapter } from './httpWeather';
import type { LocationAdapter } from './LocationAdapter';
import { noLocationAdapter } from './noLocation';
import { unconfiguredWeatherAdapter } from './unconfiguredWeather';
import type { WeatherAdapter, WeatherLookup } from './WeatherAdapter';
import { ExpiringCache } from './ExpiringCache';

export interface GeoAdapters {
  divisions: DivisionTable;
  weather: WeatherAdapter;
  location: LocationAdapter;
  /** DEFAULT_CITY_CODE as a place of the table. */
  defaultCity: Division;
  /** Forgets the providers' kept answers (weather and locations). */
  clearCaches(): void;
}

/**
 * The adapters the configuration chooses: HTTP providers when their URLs are set (cached for
 * WEATHER_CACHE_SECONDS), else the development ones that tell "not configured" / "not located".
 * A DEFAULT_CITY_CODE that names no city of the table stops the server at start.
 */
export function createGeoAdapters(config: GeoConfig): GeoAdapters {
  const divisions = chinaDivisions();
  const defaultCity = resolvePlace(divisions, config.defaultCityCode);
  if (!defaultCity) throw new Error(`DEFAULT_CITY_CODE ${config.defaultCityCode} is no city or county of the division table (e.g. 110100 Beijing, 310100 Shanghai)`);
  const ttlMs = config.weatherCacheSeconds * 1000;
  const weatherCache = new ExpiringCache<WeatherLookup>(ttlMs);
  const locationCache = new ExpiringCache<string | null>(ttlMs);
  return {
    divisions,
    defaultCity,
    weather: config.weatherApiUrl
      ? cachedWeatherAdapter(httpWeatherAdapter({ url: config.weatherApiUrl, key: config.weatherApiKey, timeoutMs: config.timeoutMs }), weatherCache)
      : unconfiguredWeatherAdapter,
    location: config.locationApiUrl
      ? cachedLocationAdapter(httpLocationAdapter({ url: config.locationApiUrl, timeoutMs: config.timeoutMs }), locationCache)
      : noLocationAdapter,
    clearCaches() {
      weatherCache.clear();
      locationCache.clear();
    },
  };
}
