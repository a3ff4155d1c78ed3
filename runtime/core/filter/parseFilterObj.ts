import { isPlainObject } from '../expression';
import type { EntityDef, FieldDef, FilterOperator, FilterType } from '../schema/types';
import { FILTER_OPERATORS } from '../schema/types';
import { findFilterableField } from './findFilterableField';
import { FilterError } from './FilterError';
import { MAX_FILTER_VALUES_TOTAL } from './filterLimits';
import { isEmptyFilterValue } from './isEmptyFilterValue';
import { isNumericField } from './isNumericField';
import { normaliseFilterValue } from './normaliseFilterValue';
import { operatorsForField } from './operatorsForFilterType';
import type { Predicate } from './Predicate';
import { resolveFilterType } from './resolveFilterType';

/** Structured columns have no single comparable value; filtering them would need JSON in SQL. */
const UNFILTERABLE = new Set(['location', 'subTable']);

/** The operator a widget means when the saved filter omits it (older saved filters do). */
function defaultOperator(field: FieldDef, type: FilterType): FilterOperator {
  switch (type) {
    case 'text': return isNumericField(field) ? 'eq' : 'include';
    case 'tags': case 'daterange': case 'datetimerange': return 'include';
    default: return 'eq';
  }
}

function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

function readFilterObject(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined) return {};
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new FilterError('', 'badShape', 'filter.badShape');
    }
  }
  if (parsed === null) return {};
  if (!isPlainObject(parsed)) throw new FilterError('', 'badShape', 'filter.badShape');
  return parsed;
}

/**
 * Turns the request's `filterObj` ({field: {value, operator}}, as an object or a JSON string)
 * into checked predicates. Only fields of the entity (or its system columns) can be filtered, so
 * a field name never reaches SQL unless the schema declared it — and, given `answered` (the
 * fields the caller's answer holds), only those: a filter on a field the caller may not read
 * would reveal its values one yes or no at a time, so it is refused as if the field did not exist.
 */
export function parseFilterObj(entity: EntityDef, raw: unknown, answered?: ReadonlySet<string>): Predicate[] {
  const predicates: Predicate[] = [];
  let values = 0;
  for (const [name, entry] of Object.entries(readFilterObject(raw))) {
    const field = !answered || answered.has(name) ? findFilterableField(entity, name) : undefined;
    if (!field) throw new FilterError(name, 'unknownField', 'filter.unknownField');
    if (UNFILTERABLE.has(field.type)) throw new FilterError(name, 'unknownField', 'filter.notFilterable');
    if (entry === null || entry === undefined) continue;
    if (!isPlainObject(entry)) throw new FilterError(name, 'badShape', 'filter.badShape');
    const { value, operator: rawOperator } = entry;
    if (isEmptyFilterValue(value)) continue;

    const configured = entity.list.filters.find((f) => f.field === name);
    const filterType = resolveFilterType(field, configured?.type, value);
    const operator = rawOperator === undefined || rawOperator === null || rawOperator === ''
      ? defaultOperator(field, filterType)
      : rawOperator;
    if (!isFilterOperator(operator)) throw new FilterError(name, 'badOperator', 'filter.badOperator');
    const allowed = operatorsForField(field, filterType)
      .filter((op) => !configured?.operators || configured.operators.includes(op));
    if (!allowed.includes(operator)) throw new FilterError(name, 'badOperator', 'filter.badOperator');

    const normalised = normaliseFilterValue(field, filterType, operator, value);
    values += Array.isArray(normalised) ? normalised.length : 1;
    if (values > MAX_FILTER_VALUES_TOTAL) throw new FilterError(name, 'tooManyValues', 'filter.tooManyValuesTotal', { max: MAX_FILTER_VALUES_TOTAL });
    predicates.push({ field: name, fieldType: field.type, filterType, operator, value: normalised });
  }
  return predicates;
}
