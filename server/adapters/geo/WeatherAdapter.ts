import type { WeatherReport } from '../../../runtime/core/geo';
import type { Lang } from '../../http/serverI18n';

/** The place weather is asked for: a city or county of the division table. */
export interface WeatherPlace {
  code: string;
  name: string;
  provinceName: string;
}

/** Without a provider there is no weather to tell: `configured: false`, never an invented report. */
export type WeatherLookup =
  | { configured: false }
  | { configured: true; report: WeatherReport; fetchedAt: string };

/** Where the weather comes from: nowhere in development, an HTTP provider when WEATHER_API_URL is set. */
export interface WeatherAdapter {
  /** 'unconfigured' or 'http', for logs and the README. */
  readonly kind: string;
  /** Rejects with a GeoProviderFailure when the provider gives no usable answer. */
  lookup(place: WeatherPlace, lang: Lang): Promise<WeatherLookup>;
}
