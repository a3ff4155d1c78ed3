import { isDivisionCode, resolvePlace, type Division, type DivisionTable } from '../../runtime/core/geo';
import { ApiError } from '../http/ApiError';

/** A request value as text, or '' for anything that is not a string (arrays, objects). */
export function textParam(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/**
 * The city named by a `cityCode` parameter, or a code-100 refusal that says what to do: missing,
 * unknown, or a province that is not a city itself (a municipality's code stands for its city).
 */
export function placeParam(divisions: DivisionTable, value: unknown): Division {
  const code = textParam(value);
  if (code === '') throw ApiError.business('geo.error.cityCodeRequired');
  const division = isDivisionCode(code) ? divisions.byCode.get(code) : undefined;
  if (!division) throw ApiError.business('geo.error.unknownCityCode', { code: code.slice(0, 20) });
  const place = resolvePlace(divisions, code);
  if (!place) throw ApiError.business('geo.error.provinceNotCity', { name: division.name });
  return place;
}
