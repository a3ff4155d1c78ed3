import { describeDivision, resolvePlace, type Division, type LocationAnswer } from '../../runtime/core/geo';
import type { CallHandler, CallRequest } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { clientIp } from '../account/clientIp';
import { GeoProviderFailure, type GeoAdapters } from '../adapters/geo';
import { placeParam } from './placeParam';
import { placeableAddress } from './publicAddress';
import { readSavedCityCode, saveCityCode } from './savedCity';

function answerFor(geo: GeoAdapters, place: Division, source: LocationAnswer['source']): LocationAnswer {
  return { ...describeDivision(geo.divisions, place), source };
}

/**
 * Where the client's address is, or null. A provider failure is logged and passed over: the
 * default city is a fine answer to "where am I", an error is not.
 */
async function locatedPlace(geo: GeoAdapters, request: CallRequest): Promise<Division | null> {
  const address = placeableAddress(clientIp(request.raw));
  if (!address) return null;
  try {
    const code = await geo.location.locate(address);
    return code ? resolvePlace(geo.divisions, code) : null;
  } catch (error) {
    if (!(error instanceof GeoProviderFailure)) throw error;
    request.raw.log.warn({ provider: error.provider, reason: error.reason }, error.detail);
    return null;
  }
}

/** GET /get/system/getLocation — the user's saved city, else where the address is, else DEFAULT_CITY_CODE. */
export function getLocationCall(geo: GeoAdapters): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const savedCode = await readSavedCityCode(request.ctx.database.db, principal.userId);
      // A code the table no longer has (the divisions change over the years) falls through.
      const saved = savedCode ? resolvePlace(geo.divisions, savedCode) : null;
      if (saved) return answerFor(geo, saved, 'saved');
      const located = await locatedPlace(geo, request);
      if (located) return answerFor(geo, located, 'ip');
      return answerFor(geo, geo.defaultCity, 'default');
    },
  };
}

/** POST /set/system/saveMyCity {cityCode} — the user's own city; answers as getLocation does. */
export function saveMyCityCall(geo: GeoAdapters): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const place = placeParam(geo.divisions, request.params.cityCode);
      await saveCityCode(request.ctx.database.db, principal.userId, place.code);
      return answerFor(geo, place, 'saved');
    },
  };
}
