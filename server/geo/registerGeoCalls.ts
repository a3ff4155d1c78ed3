import { callKey, type CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { createGeoAdapters } from '../adapters/geo';
import { getCityCodeCall, getCityListCall } from './cityCalls';
import { getLocationCall, saveMyCityCall } from './locationCalls';
import { getWeatherCall } from './weatherCalls';

/**
 * Location, weather and city codes (spec modules §7, /get/system): the adapters are chosen once,
 * here at start, so a bad DEFAULT_CITY_CODE stops the server rather than the first request.
 */
export function registerGeoCalls(table: CallTable, ctx: ServerContext): void {
  const geo = createGeoAdapters(ctx.config.geo);
  ctx.caches.register('geo', () => geo.clearCaches());
  table.set(callKey('get', 'system', 'getCityCode'), getCityCodeCall(geo));
  table.set(callKey('get', 'system', 'getCityList'), getCityListCall(geo));
  table.set(callKey('get', 'system', 'getLocation'), getLocationCall(geo));
  table.set(callKey('set', 'system', 'saveMyCity'), saveMyCityCall(geo));
  table.set(callKey('get', 'system', 'getWeather'), getWeatherCall(geo, ctx.config.geo.timeoutMs));
}
