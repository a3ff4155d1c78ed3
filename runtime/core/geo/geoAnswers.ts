import type { DivisionLevel, DivisionMatch } from './divisions';
import type { WeatherReport } from './weatherAnswer';

/** The `data` of the location and weather calls (server/geo), as the browser reads them. */

/** getLocation: the signed-in user's city and where it came from. */
export interface LocationAnswer extends DivisionMatch {
  /** saved: the user chose it (saveMyCity); ip: the IP-location provider; default: DEFAULT_CITY_CODE. */
  source: 'saved' | 'ip' | 'default';
}

/** getWeather: `configured: false` without a provider — the suite never invents weather. */
export type WeatherAnswer =
  | { configured: false; cityCode: string; cityName: string }
  | ({ configured: true; cityCode: string; cityName: string; fetchedAt: string } & WeatherReport);

/** getCityList: one level of the tree. */
export interface CityNode {
  code: string;
  name: string;
  level: DivisionLevel;
  /** No children below (a county, or a city without counties in the data). */
  isLeaf: boolean;
}
