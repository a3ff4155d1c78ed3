import { describe, expect, it } from 'vitest';
import { FilterError, MAX_FILTER_VALUES, MAX_FILTER_VALUES_TOTAL, parseFilterObj } from '../../../runtime/core/filter';
import type { EntityDef } from '../../../runtime/core/schema/types';

const people: EntityDef = {
  formatVersion: 1, name: 'Person', module: 'system', title: 'entity.Person.title', table: 'person', key: 'id', labelField: 'name',
  fields: [
    { name: 'id', type: 'string', label: 'id', system: true },
    { name: 'name', type: 'string', label: 'name' },
    { name: 'phone', type: 'string', label: 'phone' },
    { name: 'kind', type: 'options', label: 'kind', options: [{ label: 'A', value: 'a' }] },
    { name: 'tags', type: 'tags', label: 'tags' },
  ],
  list: { columns: [{ prop: 'name' }], filters: [], keywordFields: ['name'], defaultSort: { prop: 'name', order: 'ascending' }, scopes: { manage: true } },
  form: { layout: [] }, details: { sections: [{ fields: ['name'] }] }, permissions: {}, calls: ['list'],
  importExport: { import: false, export: false }, dataScope: true, pickerOpen: true, personal: false, single: false, pickerFields: [], actions: [],
};

function refusal(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return error as FilterError;
  }
  throw new Error('expected a FilterError');
}

describe('parseFilterObj with the fields the answer holds', () => {
  const answered = new Set(['id', 'name', 'kind']);

  it('refuses a field the answer leaves out exactly like a field that does not exist, before reading its value', () => {
    for (const operator of ['eq', 'gt', 'nonsense']) {
      const error = refusal(() => parseFilterObj(people, { phone: { value: '138', operator } }, answered));
      expect([error.field, error.reason, error.message]).toEqual(['phone', 'unknownField', 'filter.unknownField']);
    }
    expect(refusal(() => parseFilterObj(people, { nothing: { value: 'x' } }, answered)).reason).toBe('unknownField');
  });

  it('filters by the answered fields, and by every field when no set is given', () => {
    expect(parseFilterObj(people, { name: { value: 'Li', operator: 'include' } }, answered)).toHaveLength(1);
    expect(parseFilterObj(people, { phone: { value: '138', operator: 'include' } })).toHaveLength(1);
  });
});

describe('how many values filters may list', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

  it('takes up to MAX_FILTER_VALUES values in one filter and refuses one more, comma-joined tags included', () => {
    expect(parseFilterObj(people, { kind: { value: values(MAX_FILTER_VALUES) } })[0].value).toHaveLength(MAX_FILTER_VALUES);
    const error = refusal(() => parseFilterObj(people, { kind: { value: values(MAX_FILTER_VALUES + 1) } }));
    expect([error.field, error.reason, error.message, error.params]).toEqual(['kind', 'tooManyValues', 'filter.tooManyValues', { max: MAX_FILTER_VALUES }]);
    expect(refusal(() => parseFilterObj(people, { tags: { value: values(200_000).join(','), operator: 'include' } })).reason).toBe('tooManyValues');
  });

  it('refuses more than MAX_FILTER_VALUES_TOTAL values over all filters together', () => {
    const half = MAX_FILTER_VALUES_TOTAL / 2;
    expect(() => parseFilterObj(people, { kind: { value: values(half) }, tags: { value: values(half), operator: 'include' } })).not.toThrow();
    const error = refusal(() => parseFilterObj(people, {
      kind: { value: values(half) }, tags: { value: values(half), operator: 'include' }, name: { value: 'x', operator: 'include' },
    }));
    expect([error.reason, error.message, error.params]).toEqual(['tooManyValues', 'filter.tooManyValuesTotal', { max: MAX_FILTER_VALUES_TOTAL }]);
  });
});
