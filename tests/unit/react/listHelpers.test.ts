import { describe, expect, it } from 'vitest';
import {
  defaultColumnSettings, mergeColumnSettings, moveColumn, parseSavedColumns,
} from '../../../runtime/react/index/columnSettings';
import { draftFromFilterObj, toFilterObj } from '../../../runtime/react/index/filterDraft';
import { fromAntdOrder, listParams, PAGE_SIZE, PAGE_SIZE_OPTIONS, toAntdOrder } from '../../../runtime/react/index/listQuery';

describe('list query', () => {
  it('pages by 15 with the spec\'s size options', () => {
    expect(PAGE_SIZE).toBe(15);
    expect(PAGE_SIZE_OPTIONS).toEqual([15, 30, 45, 60, 75]);
  });

  it('sends paging, sort, a trimmed keyword and the filter object as JSON', () => {
    const query = { page: 2, pageSize: 30, prop: 'signDate', order: 'descending' as const, keyword: ' abc ', filterObj: { title: { value: 'x', operator: 'include' as const } } };
    expect(listParams(query)).toEqual({
      page: 2, pageSize: 30, prop: 'signDate', order: 'descending', keyword: 'abc',
      filterObj: '{"title":{"value":"x","operator":"include"}}',
    });
    expect(listParams({ ...query, keyword: '  ', filterObj: {} }, false)).toEqual({ prop: 'signDate', order: 'descending' });
  });

  it('translates antd sort orders to the contract\'s and back', () => {
    expect(toAntdOrder('ascending')).toBe('ascend');
    expect(fromAntdOrder('descend')).toBe('descending');
    expect(fromAntdOrder(null)).toBeUndefined();
  });
});

describe('filter draft', () => {
  it('keeps only rows with a value in the applied filter', () => {
    expect(toFilterObj({
      title: { operator: 'include', value: 'abc' },
      type: { operator: 'eq', value: [] },
      period: { operator: 'include', value: ['', ''] },
      memo: { operator: 'include', value: '  ' },
      flag: { operator: 'eq', value: 0 },
    })).toEqual({ title: { operator: 'include', value: 'abc' }, flag: { operator: 'eq', value: 0 } });
  });

  it('turns an applied (or saved) filter back into drawer rows without sharing objects', () => {
    const applied = { title: { operator: 'include' as const, value: 'a' } };
    const draft = draftFromFilterObj(applied);
    expect(draft).toEqual(applied);
    expect(draft.title).not.toBe(applied.title);
  });
});

describe('column settings', () => {
  const columns = [{ prop: 'a', width: 100 }, { prop: 'b', fixed: 'left' as const }, { prop: 'c', hide: true }];

  it('defaults to the schema\'s columns', () => {
    expect(defaultColumnSettings(columns)).toEqual([
      { prop: 'a', width: 100, fixed: undefined, hide: false },
      { prop: 'b', width: undefined, fixed: 'left', hide: false },
      { prop: 'c', width: undefined, fixed: undefined, hide: true },
    ]);
  });

  it('applies the saved order and choices, appends new columns and drops vanished ones', () => {
    const merged = mergeColumnSettings(columns, [{ prop: 'c', hide: false, width: 80 }, { prop: 'gone' }, { prop: 'a', fixed: 'right' }]);
    expect(merged.map((column) => column.prop)).toEqual(['c', 'a', 'b']);
    expect(merged[0]).toEqual({ prop: 'c', width: 80, fixed: undefined, hide: false });
    expect(merged[1]).toEqual({ prop: 'a', width: 100, fixed: 'right', hide: false });
  });

  it('reads the saved setting as an array or its JSON text, ignoring junk', () => {
    expect(parseSavedColumns('[{"prop":"a"},{"x":1}]')).toEqual([{ prop: 'a' }]);
    expect(parseSavedColumns([{ prop: 'b' }])).toEqual([{ prop: 'b' }]);
    expect(parseSavedColumns(null)).toBeNull();
    expect(parseSavedColumns('not json')).toBeNull();
  });

  it('moves a column, ignoring moves out of range', () => {
    const settings = defaultColumnSettings(columns);
    expect(moveColumn(settings, 0, 2).map((column) => column.prop)).toEqual(['b', 'c', 'a']);
    expect(moveColumn(settings, 0, -1).map((column) => column.prop)).toEqual(['a', 'b', 'c']);
  });
});
