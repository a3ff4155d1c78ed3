import { childDivisions, isDivisionCode, searchDivisions, type CityNode } from '../../runtime/core/geo';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import type { GeoAdapters } from '../adapters/geo';
import { textParam } from './placeParam';

/** Matches one search answers: enough to pick from, few enough to read. */
const MAX_MATCHES = 20;
const MAX_NAME_LENGTH = 30;

/** GET /get/system/getCityCode?name=… — cities and counties by name (or code), best first. */
export function getCityCodeCall(geo: GeoAdapters): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      requirePrincipal(request);
      const name = textParam(request.params.name);
      if (name === '') throw ApiError.business('geo.error.nameRequired');
      if (name.length > MAX_NAME_LENGTH) throw ApiError.business('geo.error.nameTooLong', { max: MAX_NAME_LENGTH });
      return searchDivisions(geo.divisions, name, MAX_MATCHES);
    },
  };
}

/** GET /get/system/getCityList?parentCode=… — one level of the tree: provinces without a parent. */
export function getCityListCall(geo: GeoAdapters): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      requirePrincipal(request);
      const parentCode = textParam(request.params.parentCode);
      const children = parentCode === '' ? childDivisions(geo.divisions, null)
        : isDivisionCode(parentCode) ? childDivisions(geo.divisions, parentCode) : undefined;
      if (!children) throw ApiError.business('geo.error.unknownCityCode', { code: parentCode.slice(0, 20) });
      return children.map((division): CityNode => ({
        code: division.code, name: division.name, level: division.level,
        isLeaf: (geo.divisions.children.get(division.code) ?? []).length === 0,
      }));
    },
  };
}
