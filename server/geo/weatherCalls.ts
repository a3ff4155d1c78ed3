import { describeDivision, type WeatherAnswer } from '../../runtime/core/geo';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { GeoProviderFailure, type GeoAdapters } from '../adapters/geo';
import { placeParam } from './placeParam';

/**
 * GET /get/system/getWeather?cityCode=… — current conditions and a short forecast, or
 * `configured: false` without a provider. A provider failure is a code-100 message naming what
 * went wrong (the detail goes to the server log), never a 500.
 */
export function getWeatherCall(geo: GeoAdapters, timeoutMs: number): CallHandler {
  return {
    auth: 'session',
    async handle(request): Promise<WeatherAnswer> {
      requirePrincipal(request);
      const place = placeParam(geo.divisions, request.params.cityCode);
      const described = describeDivision(geo.divisions, place);
      const city = { cityCode: place.code, cityName: place.name };
      try {
        const lookup = await geo.weather.lookup({ code: place.code, name: place.name, provinceName: described.provinceName }, request.lang);
        if (!lookup.configured) return { configured: false, ...city };
        return { configured: true, ...city, fetchedAt: lookup.fetchedAt, ...lookup.report };
      } catch (error) {
        if (!(error instanceof GeoProviderFailure)) throw error;
        request.raw.log.warn({ provider: error.provider, reason: error.reason, cityCode: place.code }, error.detail);
        throw ApiError.business(`geo.error.weather.${error.reason}`, { seconds: Math.ceil(timeoutMs / 1000), status: error.status ?? '' });
      }
    },
  };
}
