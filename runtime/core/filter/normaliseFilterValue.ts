import type { FieldDef, FilterOperator, FilterType } from '../schema/types';
import { isDateOnly, normaliseDate, normaliseDateTime } from '../validation';
import { FilterError } from './FilterError';
import { MAX_FILTER_VALUES } from './filterLimits';
import { isEmptyFilterValue } from './isEmptyFilterValue';
import { isNumericField } from './isNumericField';

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function bad(field: FieldDef): never {
  throw new FilterError(field.name, 'badValue', 'filter.badValue');
}

function scalarText(field: FieldDef, value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return bad(field);
}

function textList(field: FieldDef, value: unknown, splitCommas: boolean): string[] {
  const items = Array.isArray(value) ? value : splitCommas && typeof value === 'string' ? value.split(',') : [value];
  if (items.length > MAX_FILTER_VALUES) throw new FilterError(field.name, 'tooManyValues', 'filter.tooManyValues', { max: MAX_FILTER_VALUES });
  return items.filter((item) => !isEmptyFilterValue(item)).map((item) => scalarText(field, item));
}

function rangeEnds(field: FieldDef, value: unknown): [string, string] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : bad(field);
  if (parts.length !== 2) bad(field);
  const [from, to] = parts.map((part) => (typeof part === 'string' ? part.trim() : bad(field)));
  // A half-open range is not something the range pickers send; refusing it keeps SQL simple.
  if (!from || !to) bad(field);
  return [from, to];
}

function dateTimeEnd(field: FieldDef, text: string, endOfDay: boolean): string {
  if (isDateOnly(text)) {
    const day = normaliseDate(text) ?? bad(field);
    return `${day} ${endOfDay ? '23:59:59' : '00:00:00'}`;
  }
  return normaliseDateTime(text) ?? bad(field);
}

/** Checks a request value against its filter type and returns the form described on `Predicate`. */
export function normaliseFilterValue(field: FieldDef, type: FilterType, operator: FilterOperator, value: unknown): unknown {
  switch (type) {
    case 'text': {
      if (!isNumericField(field)) return scalarText(field, value);
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      // '1e309' is decimal text but no finite number: PostgreSQL refuses Infinity in a numeric comparison.
      if (typeof value === 'string' && DECIMAL.test(value.trim()) && Number.isFinite(Number(value.trim()))) return Number(value.trim());
      return bad(field);
    }
    case 'select':
      return textList(field, value, false);
    case 'tags':
      return textList(field, value, true);
    case 'date': {
      const text = scalarText(field, value);
      return (isDateOnly(text) && normaliseDate(text)) || bad(field);
    }
    case 'datetime': {
      const text = scalarText(field, value);
      if (!isDateOnly(text)) return normaliseDateTime(text) ?? bad(field);
      // A bare day on a datetime column: "after the day" and "up to the day" must cover all of it;
      // equality with a whole day has no single datetime, so it is refused rather than guessed.
      if (operator === 'eq' || operator === 'ne') return bad(field);
      return dateTimeEnd(field, text, operator === 'gt' || operator === 'le');
    }
    case 'daterange': {
      const [from, to] = rangeEnds(field, value);
      const ends = [from, to].map((end) => (isDateOnly(end) && normaliseDate(end)) || bad(field));
      if (ends[0] > ends[1]) bad(field);
      return ends;
    }
    case 'datetimerange': {
      const [from, to] = rangeEnds(field, value);
      const ends = [dateTimeEnd(field, from, false), dateTimeEnd(field, to, true)];
      if (ends[0] > ends[1]) bad(field);
      return ends;
    }
    case 'switch': {
      if (value === 1 || value === '1' || value === true) return 1;
      if (value === 0 || value === '0' || value === false) return 0;
      return bad(field);
    }
    default: {
      const unhandled: never = type;
      throw new FilterError(field.name, 'badShape', `filter type "${String(unhandled)}" is unknown`);
    }
  }
}
