import { describe, expect, it } from 'vitest';
import {
  countAppliedFilters, FilterError, filterTypeForField, matchesPredicates, operatorsForField, operatorsForFilterType, parseFilterObj,
} from '../../../runtime/core/filter';
import type { Predicate } from '../../../runtime/core/filter';
import type { EntityDef, FieldDef, FieldType, FilterType, ListFilter } from '../../../runtime/core/schema/types';
import { FIELD_TYPES, FILTER_OPERATORS } from '../../../runtime/core/schema/types';

const FIELDS: FieldDef[] = [
  { name: 'id', type: 'string', label: 'id', system: true },
  { name: 'title', type: 'string', label: 'title' },
  { name: 'qty', type: 'integer', label: 'qty' },
  { name: 'amount', type: 'money', label: 'amount' },
  { name: 'kind', type: 'options', label: 'kind', options: [{ label: 'Car', value: 'car' }, { label: 'Van', value: 'van' }, { label: 'Bus', value: 'bus' }] },
  { name: 'code', type: 'string', label: 'code' },
  { name: 'tags', type: 'tags', label: 'tags' },
  { name: 'startDate', type: 'date', label: 'startDate' },
  { name: 'signedAt', type: 'datetime', label: 'signedAt' },
  { name: 'period', type: 'dateRange', label: 'period' },
  { name: 'active', type: 'switch', label: 'active' },
  { name: 'place', type: 'location', label: 'place' },
  { name: 'lines', type: 'subTable', label: 'lines', fields: [{ name: 'x', type: 'string', label: 'x' }] },
];

function entity(filters: ListFilter[] = []): EntityDef {
  return {
    formatVersion: 1,
    name: 'OfficeVehicleApply',
    module: 'office',
    title: 'entity.OfficeVehicleApply.title',
    table: 'office_vehicle_apply',
    key: 'id',
    labelField: 'title',
    fields: FIELDS,
    list: {
      columns: [{ prop: 'title' }],
      filters,
      keywordFields: ['title'],
      defaultSort: { prop: 'createTime', order: 'descending' },
      scopes: { manage: true },
    },
    form: { layout: [] },
    details: { sections: [{ fields: ['title'] }] },
    permissions: {},
    calls: ['list', 'view', 'insert', 'update', 'delete'],
    importExport: { import: false, export: false },
    dataScope: true,
    pickerOpen: false,
    personal: false,
    single: false,
    pickerFields: [],
    actions: [],
  };
}

const ROWS: Record<string, unknown>[] = [
  { id: 'r1', title: 'Airport Run', qty: 3, amount: 120.5, kind: 'car', tags: 'urgent,vip', startDate: '2024-01-10', signedAt: '2024-01-10 08:30:00', period: ['2024-01-01', '2024-01-15'], active: 1, createUser: 'u1', createTime: '2024-01-10 08:00:00' },
  { id: 'r2', title: 'airport shuttle', qty: 10, amount: '99.99', kind: 'van', tags: 'vip', startDate: '2024-02-01', signedAt: '2024-02-01 23:59:59', period: '["2024-02-01","2024-02-28"]', active: 0, createUser: 'u2', createTime: '2024-02-01 09:00:00' },
  { id: 'r3', title: 'City tour', qty: 7, amount: 0, kind: 'bus', tags: 'normal', startDate: '2024-03-05', signedAt: '2024-03-05 00:00:00', period: ['2024-03-01', '2024-03-31'], active: '1', createUser: 'u1', createTime: '2024-03-05 10:00:00' },
  { id: 'r4', title: null, qty: null, amount: null, kind: null, tags: '', startDate: null, signedAt: null, period: null, active: null, createUser: null, createTime: null },
];

function ids(filterObj: unknown, e: EntityDef = entity()): string[] {
  const predicates = parseFilterObj(e, filterObj);
  return ROWS.filter((row) => matchesPredicates(row, predicates)).map((row) => row.id as string);
}

const one = (field: string, operator: unknown, value: unknown) => ({ [field]: { value, operator } });

function filterErrorOf(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return error as FilterError;
  }
  throw new Error('expected a FilterError, but nothing was thrown');
}

describe('filterTypeForField', () => {
  const expected: Record<FieldType, FilterType> = {
    string: 'text', text: 'text', richText: 'text', integer: 'text', number: 'text', money: 'text',
    switch: 'switch', date: 'date', datetime: 'datetime', dateRange: 'daterange', datetimeRange: 'datetimerange',
    time: 'text', dictionary: 'select', options: 'select', user: 'select', users: 'tags', department: 'select',
    departments: 'tags', reference: 'select', attachments: 'tags', image: 'text', tags: 'tags', location: 'text',
    subTable: 'text', status: 'select',
  };

  it.each(FIELD_TYPES.map((type) => [type, expected[type]]))('%s → %s', (type, filterType) => {
    expect(filterTypeForField({ name: 'f', type, label: 'f' })).toBe(filterType);
  });
});

describe('operatorsForFilterType / operatorsForField', () => {
  it('lists the operators each filter type can carry', () => {
    expect(operatorsForFilterType('select').sort()).toEqual(['eq', 'include', 'ne', 'notInclude']);
    expect(operatorsForFilterType('tags').sort()).toEqual(['include', 'notInclude']);
    expect(operatorsForFilterType('date').sort()).toEqual(['eq', 'ge', 'gt', 'le', 'lt', 'ne']);
    expect(operatorsForFilterType('datetime').sort()).toEqual(['eq', 'ge', 'gt', 'le', 'lt', 'ne']);
    expect(operatorsForFilterType('daterange').sort()).toEqual(['include', 'notInclude']);
    expect(operatorsForFilterType('datetimerange').sort()).toEqual(['include', 'notInclude']);
    expect(operatorsForFilterType('switch').sort()).toEqual(['eq', 'ne']);
    expect(operatorsForFilterType('text').sort()).toEqual([...FILTER_OPERATORS].sort());
  });

  it('narrows text to substring and equality for strings, and to comparisons for numbers', () => {
    const title = FIELDS.find((f) => f.name === 'title')!;
    const qty = FIELDS.find((f) => f.name === 'qty')!;
    expect(operatorsForField(title, 'text').sort()).toEqual(['eq', 'include', 'ne', 'notInclude']);
    expect(operatorsForField(qty, 'text').sort()).toEqual(['eq', 'ge', 'gt', 'le', 'lt', 'ne']);
  });
});

describe('parseFilterObj: shape', () => {
  it('accepts the filter object as an object or as its JSON text', () => {
    const asObject = parseFilterObj(entity(), one('title', 'include', 'air'));
    const asText = parseFilterObj(entity(), JSON.stringify(one('title', 'include', 'air')));
    expect(asText).toEqual(asObject);
    expect(asObject).toEqual([{ field: 'title', fieldType: 'string', filterType: 'text', operator: 'include', value: 'air' }]);
  });

  it('reads nothing from null, undefined, an empty string or an empty object', () => {
    for (const raw of [null, undefined, '', '  ', {}, 'null']) expect(parseFilterObj(entity(), raw)).toEqual([]);
  });

  it('drops entries whose value is empty instead of refusing them', () => {
    const raw = {
      title: { value: '', operator: 'include' }, kind: { value: [], operator: 'eq' }, qty: { value: null, operator: 'eq' },
      startDate: { value: ['', ''], operator: 'include' }, code: { value: '   ', operator: 'eq' }, tags: null,
    };
    expect(parseFilterObj(entity(), raw)).toEqual([]);
  });

  it('badShape: text that is not JSON, arrays, scalars, and entries that are not {value, operator}', () => {
    for (const raw of ['{oops', '[1,2]', 5, [{ title: 'x' }]]) {
      const error = filterErrorOf(() => parseFilterObj(entity(), raw));
      expect(error.reason).toBe('badShape');
      expect(error.field).toBe('');
      expect(error.message).toBe('filter.badShape');
    }
    const entryError = filterErrorOf(() => parseFilterObj(entity(), { title: 'air' }));
    expect([entryError.field, entryError.reason]).toEqual(['title', 'badShape']);
  });

  it('unknownField: names that are not fields of the entity, including prototype names', () => {
    for (const name of ['nope', 'constructor', 'toString']) {
      const error = filterErrorOf(() => parseFilterObj(entity(), one(name, 'eq', 'x')));
      expect([error.field, error.reason, error.message]).toEqual([name, 'unknownField', 'filter.unknownField']);
    }
    const proto = filterErrorOf(() => parseFilterObj(entity(), '{"__proto__": {"value": "x", "operator": "eq"}}'));
    expect(proto.reason).toBe('unknownField');
  });

  it('unknownField: structured fields (location, sub-table) cannot be filtered', () => {
    for (const name of ['place', 'lines']) {
      const error = filterErrorOf(() => parseFilterObj(entity(), one(name, 'include', 'x')));
      expect([error.reason, error.message]).toEqual(['unknownField', 'filter.notFilterable']);
    }
  });

  it('allows the system columns createUser, createDept, createTime, updateTime even when undeclared', () => {
    expect(ids(one('createUser', 'eq', 'u1'))).toEqual(['r1', 'r3']);
    expect(parseFilterObj(entity(), one('createDept', 'eq', 'd1'))[0]).toMatchObject({ fieldType: 'department', filterType: 'select' });
    expect(ids(one('createTime', 'ge', '2024-02-01'))).toEqual(['r2', 'r3']);
    expect(parseFilterObj(entity(), one('updateTime', 'lt', '2024-02-01'))[0]).toMatchObject({ filterType: 'datetime', value: '2024-02-01 00:00:00' });
  });

  it('badOperator: names outside FILTER_OPERATORS and operators the filter type does not carry', () => {
    const cases: [string, unknown, unknown][] = [
      ['title', 'like', 'x'], ['title', 'gt', 'x'], ['qty', 'include', 1], ['kind', 'gt', 'car'], ['tags', 'eq', 'vip'],
      ['startDate', 'include', '2024-01-01'], ['startDate', 'eq', ['2024-01-01', '2024-01-02']], ['active', 'gt', 1], ['title', 7, 'x'],
    ];
    for (const [field, operator, value] of cases) {
      const error = filterErrorOf(() => parseFilterObj(entity(), one(field, operator, value)));
      expect([error.field, error.reason, error.message], `${field} ${String(operator)}`).toEqual([field, 'badOperator', 'filter.badOperator']);
    }
  });

  it('badOperator: an operator the list filter does not offer', () => {
    const e = entity([{ field: 'title', operators: ['eq'] }]);
    expect(filterErrorOf(() => parseFilterObj(e, one('title', 'include', 'x'))).reason).toBe('badOperator');
    expect(parseFilterObj(e, one('title', 'eq', 'x'))).toHaveLength(1);
  });

  it('uses the widget\'s natural operator when the entry has none', () => {
    const raw = {
      title: { value: 'air' }, qty: { value: 3 }, kind: { value: 'car' }, tags: { value: 'vip' },
      startDate: { value: '2024-01-10' }, period: { value: ['2024-01-01', '2024-01-02'] }, active: { value: 1 },
    };
    expect(parseFilterObj(entity(), raw).map((p) => [p.field, p.operator])).toEqual([
      ['title', 'include'], ['qty', 'eq'], ['kind', 'eq'], ['tags', 'include'], ['startDate', 'eq'], ['period', 'include'], ['active', 'eq'],
    ]);
  });

  it('badValue: values of the wrong shape for their filter type', () => {
    const cases: [string, string, unknown][] = [
      ['title', 'include', ['a', 'b']], ['title', 'eq', { a: 1 }],
      ['qty', 'eq', 'three'], ['amount', 'gt', [1]],
      ['kind', 'eq', [{ v: 1 }]],
      ['startDate', 'eq', '2024-13-01'], ['startDate', 'eq', '2024-02-30'], ['startDate', 'gt', '10/01/2024'], ['startDate', 'eq', '2024-01-01 10:00:00'],
      ['signedAt', 'eq', 'yesterday'], ['signedAt', 'eq', '2024-01-10'], ['signedAt', 'ne', '2024-01-10'],
      ['startDate', 'include', ['2024-01-01']], ['startDate', 'include', ['2024-02-01', '2024-01-01']], ['startDate', 'include', ['2024-01-01', '']],
      ['signedAt', 'include', ['2024-01-01 10:00:00', 'x']], ['period', 'include', '2024-01-01'],
      ['active', 'eq', 'yes'], ['active', 'eq', 2],
    ];
    for (const [field, operator, value] of cases) {
      const error = filterErrorOf(() => parseFilterObj(entity(), one(field, operator, value)));
      expect([error.field, error.reason, error.message], `${field} ${operator} ${JSON.stringify(value)}`).toEqual([field, 'badValue', 'filter.badValue']);
    }
  });

  it('normalises values: numbers, lists, padded datetimes, flags', () => {
    const parse = (field: string, operator: string, value: unknown) => parseFilterObj(entity(), one(field, operator, value))[0];
    expect(parse('qty', 'ge', ' 5 ')).toMatchObject({ filterType: 'text', value: 5 });
    expect(parse('title', 'include', '  air ')).toMatchObject({ value: 'air' });
    expect(parse('kind', 'eq', 'car')).toMatchObject({ value: ['car'] });
    expect(parse('kind', 'include', ['car', '', 'van'])).toMatchObject({ value: ['car', 'van'] });
    expect(parse('tags', 'include', 'vip, urgent')).toMatchObject({ value: ['vip', 'urgent'] });
    expect(parse('signedAt', 'gt', '2024-01-10')).toMatchObject({ value: '2024-01-10 23:59:59' });
    expect(parse('signedAt', 'le', '2024-01-10')).toMatchObject({ value: '2024-01-10 23:59:59' });
    expect(parse('signedAt', 'ge', '2024-01-10')).toMatchObject({ value: '2024-01-10 00:00:00' });
    expect(parse('signedAt', 'lt', '2024-01-10')).toMatchObject({ value: '2024-01-10 00:00:00' });
    expect(parse('signedAt', 'eq', '2024-01-10T08:30')).toMatchObject({ value: '2024-01-10 08:30:00' });
    expect(parse('signedAt', 'include', ['2024-01-01', '2024-01-10'])).toMatchObject({ filterType: 'datetimerange', value: ['2024-01-01 00:00:00', '2024-01-10 23:59:59'] });
    expect(parse('startDate', 'include', '2024-01-01,2024-01-31')).toMatchObject({ filterType: 'daterange', value: ['2024-01-01', '2024-01-31'] });
    expect(parse('active', 'eq', '0')).toMatchObject({ value: 0 });
    expect(parse('active', 'eq', true)).toMatchObject({ value: 1 });
  });

  it('honours a configured select widget on a string field, and ignores a widget that does not fit', () => {
    const e = entity([{ field: 'code', type: 'select' }, { field: 'qty', type: 'tags' }]);
    expect(parseFilterObj(e, one('code', 'eq', ['A', 'B']))[0]).toMatchObject({ filterType: 'select', value: ['A', 'B'] });
    expect(parseFilterObj(e, one('qty', 'eq', 3))[0]).toMatchObject({ filterType: 'text', value: 3 });
  });

  it('lets a date field take a range, and a daterange widget on a datetime field compare datetimes', () => {
    const e = entity([{ field: 'signedAt', type: 'daterange' }]);
    expect(parseFilterObj(e, one('signedAt', 'include', ['2024-01-01', '2024-01-10']))[0])
      .toMatchObject({ filterType: 'datetimerange', value: ['2024-01-01 00:00:00', '2024-01-10 23:59:59'] });
  });
});

describe('matchesPredicates: every operator × filter type', () => {
  it('text (string): include is a case-insensitive substring, notInclude its negation', () => {
    expect(ids(one('title', 'include', 'AIRPORT'))).toEqual(['r1', 'r2']);
    expect(ids(one('title', 'notInclude', 'airport'))).toEqual(['r3', 'r4']);
  });

  it('text (string): eq and ne are exact', () => {
    expect(ids(one('title', 'eq', 'City tour'))).toEqual(['r3']);
    expect(ids(one('title', 'eq', 'city tour'))).toEqual([]);
    expect(ids(one('title', 'ne', 'City tour'))).toEqual(['r1', 'r2', 'r4']);
  });

  it('text (numeric): eq ne gt ge lt le compare numbers, not strings', () => {
    expect(ids(one('qty', 'eq', '10'))).toEqual(['r2']);
    expect(ids(one('qty', 'ne', 10))).toEqual(['r1', 'r3', 'r4']);
    // As strings '10' < '7'; numerically it is the largest.
    expect(ids(one('qty', 'gt', 7))).toEqual(['r2']);
    expect(ids(one('qty', 'ge', 7))).toEqual(['r2', 'r3']);
    expect(ids(one('qty', 'lt', 7))).toEqual(['r1']);
    expect(ids(one('qty', 'le', 7))).toEqual(['r1', 'r3']);
    expect(ids(one('amount', 'ge', '99.99'))).toEqual(['r1', 'r2']);
    expect(ids(one('amount', 'eq', 0))).toEqual(['r3']);
  });

  it('select: eq and include mean "in", ne and notInclude "not in"', () => {
    expect(ids(one('kind', 'eq', 'car'))).toEqual(['r1']);
    expect(ids(one('kind', 'include', ['car', 'bus']))).toEqual(['r1', 'r3']);
    expect(ids(one('kind', 'eq', ['car', 'van']))).toEqual(['r1', 'r2']);
    expect(ids(one('kind', 'ne', 'car'))).toEqual(['r2', 'r3', 'r4']);
    expect(ids(one('kind', 'notInclude', ['car', 'bus']))).toEqual(['r2', 'r4']);
  });

  it('select compares numbers and their text as the same choice', () => {
    const predicates: Predicate[] = [{ field: 'level', fieldType: 'dictionary', filterType: 'select', operator: 'eq', value: ['2'] }];
    expect(matchesPredicates({ level: 2 }, predicates)).toBe(true);
    expect(matchesPredicates({ level: 3 }, predicates)).toBe(false);
  });

  it('tags: include = has any of the tags, notInclude = has none', () => {
    expect(ids(one('tags', 'include', ['vip']))).toEqual(['r1', 'r2']);
    expect(ids(one('tags', 'include', 'urgent,normal'))).toEqual(['r1', 'r3']);
    expect(ids(one('tags', 'notInclude', ['vip']))).toEqual(['r3', 'r4']);
    // Whole tags only: 'vi' is not 'vip'.
    expect(ids(one('tags', 'include', 'vi'))).toEqual([]);
  });

  it('date: eq ne gt ge lt le compare YYYY-MM-DD strings', () => {
    expect(ids(one('startDate', 'eq', '2024-02-01'))).toEqual(['r2']);
    expect(ids(one('startDate', 'ne', '2024-02-01'))).toEqual(['r1', 'r3', 'r4']);
    expect(ids(one('startDate', 'gt', '2024-02-01'))).toEqual(['r3']);
    expect(ids(one('startDate', 'ge', '2024-02-01'))).toEqual(['r2', 'r3']);
    expect(ids(one('startDate', 'lt', '2024-02-01'))).toEqual(['r1']);
    expect(ids(one('startDate', 'le', '2024-02-01'))).toEqual(['r1', 'r2']);
  });

  it('datetime: eq ne gt ge lt le, a bare day covering the whole day for gt and le', () => {
    expect(ids(one('signedAt', 'eq', '2024-02-01 23:59:59'))).toEqual(['r2']);
    expect(ids(one('signedAt', 'ne', '2024-02-01 23:59:59'))).toEqual(['r1', 'r3', 'r4']);
    expect(ids(one('signedAt', 'gt', '2024-02-01'))).toEqual(['r3']);
    expect(ids(one('signedAt', 'ge', '2024-02-01'))).toEqual(['r2', 'r3']);
    expect(ids(one('signedAt', 'lt', '2024-02-01'))).toEqual(['r1']);
    expect(ids(one('signedAt', 'le', '2024-02-01'))).toEqual(['r1', 'r2']);
    expect(ids(one('signedAt', 'gt', '2024-01-10 08:30:00'))).toEqual(['r2', 'r3']);
  });

  it('daterange on a date field: include = from <= v <= to (ends included), notInclude = outside', () => {
    expect(ids(one('startDate', 'include', ['2024-01-10', '2024-02-01']))).toEqual(['r1', 'r2']);
    expect(ids(one('startDate', 'notInclude', ['2024-01-10', '2024-02-01']))).toEqual(['r3', 'r4']);
  });

  it('datetimerange: a date-only end means the whole day', () => {
    expect(ids(one('signedAt', 'include', ['2024-01-10', '2024-02-01']))).toEqual(['r1', 'r2']);
    expect(ids(one('signedAt', 'include', ['2024-01-10 09:00:00', '2024-03-05 00:00:00']))).toEqual(['r2', 'r3']);
    expect(ids(one('signedAt', 'notInclude', ['2024-01-10', '2024-02-01']))).toEqual(['r3', 'r4']);
  });

  it('daterange on a dateRange field: include = the periods overlap', () => {
    expect(ids(one('period', 'include', ['2024-01-15', '2024-02-01']))).toEqual(['r1', 'r2']);
    expect(ids(one('period', 'include', ['2024-04-01', '2024-04-30']))).toEqual([]);
    expect(ids(one('period', 'notInclude', ['2024-01-16', '2024-01-31']))).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('switch: eq and ne on 1/0, accepting 1, 0, "1", "0", true and false', () => {
    expect(ids(one('active', 'eq', 1))).toEqual(['r1', 'r3']);
    expect(ids(one('active', 'eq', '0'))).toEqual(['r2']);
    expect(ids(one('active', 'eq', false))).toEqual(['r2']);
    expect(ids(one('active', 'ne', true))).toEqual(['r2', 'r4']);
    expect(ids(one('active', 'ne', '0'))).toEqual(['r1', 'r3', 'r4']);
  });

  it('empty cells never satisfy a positive operator and always satisfy a negative one', () => {
    const cases: [string, string, unknown][] = [
      ['title', 'include', 'x'], ['qty', 'le', 1000], ['kind', 'include', ['car', 'van', 'bus']], ['startDate', 'lt', '2099-01-01'],
      ['active', 'eq', 0], ['tags', 'include', 'vip,urgent,normal'],
    ];
    for (const [field, operator, value] of cases) expect(ids(one(field, operator, value))).not.toContain('r4');
    const negatives: [string, string, unknown][] = [
      ['title', 'notInclude', 'x'], ['qty', 'ne', 1], ['kind', 'ne', 'car'], ['startDate', 'ne', '2024-01-10'], ['active', 'ne', 0], ['tags', 'notInclude', 'vip'],
    ];
    for (const [field, operator, value] of negatives) expect(ids(one(field, operator, value))).toContain('r4');
  });

  it('ANDs several conditions', () => {
    expect(ids({ title: { value: 'airport', operator: 'include' }, qty: { value: 5, operator: 'gt' } })).toEqual(['r2']);
    expect(matchesPredicates({ any: 1 }, [])).toBe(true);
  });
});

describe('countAppliedFilters', () => {
  it('counts entries with a non-empty value', () => {
    const raw = {
      title: { value: 'air', operator: 'include' }, qty: { value: 0, operator: 'eq' }, kind: { value: [], operator: 'eq' },
      code: { value: '', operator: 'eq' }, startDate: { value: ['', ''], operator: 'include' }, tags: { value: ['vip'], operator: 'include' },
      active: { value: false, operator: 'eq' },
    };
    expect(countAppliedFilters(raw)).toBe(4);
    expect(countAppliedFilters(JSON.stringify(raw))).toBe(4);
  });

  it('is 0 for anything that is not a filter object, without throwing', () => {
    for (const raw of [null, undefined, '', '{bad', '[1]', 7, { title: 'x' }]) expect(countAppliedFilters(raw)).toBe(0);
  });
});
