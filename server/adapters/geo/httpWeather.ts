import { readWeatherAnswer } from '../../../runtime/core/geo';
import { fetchProviderJson } from './fetchProviderJson';
import { GeoProviderFailure } from './GeoProviderFailure';
import type { WeatherAdapter } from './WeatherAdapter';

export interface HttpWeatherOptions {
  /** WEATHER_API_URL; its own query (a key, say) is kept and ours added. */
  url: string;
  /** WEATHER_API_KEY, sent as `Authorization: Bearer <key>` when given. */
  key?: string;
  timeoutMs: number;
}

/**
 * A weather provider over HTTP: `GET <url>?cityCode=&cityName=&provinceName=&lang=`, answering
 * the JSON of README.md here. A failure or an answer that is not that JSON rejects with a
 * GeoProviderFailure (the problem found goes to the server log).
 */
export function httpWeatherAdapter(options: HttpWeatherOptions): WeatherAdapter {
  return {
    kind: 'http',
    async lookup(place, lang) {
      const url = new URL(options.url);
      url.searchParams.set('cityCode', place.code);
      url.searchParams.set('cityName', place.name);
      url.searchParams.set('provinceName', place.provinceName);
      url.searchParams.set('lang', lang);
      const headers: Record<string, string> = options.key ? { Authorization: `Bearer ${options.key}` } : {};
      const checked = readWeatherAnswer(await fetchProviderJson('weather', url, headers, options.timeoutMs));
      if (!checked.ok) throw new GeoProviderFailure('weather', 'malformed', checked.problem);
      return { configured: true, report: checked.report, fetchedAt: new Date().toISOString() };
    },
  };
}
