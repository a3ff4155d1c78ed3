import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zhCn from '../../../locales/zh-cn.json';
import en from '../../../locales/en.json';
import { buildRegistry } from '../../../runtime/core/schema';
import type { FieldDef } from '../../../runtime/core/schema/types';
import { readSchemaSources } from '../../../server/schema/loadRegistry';
import {
  actionColumnWidth, CELL_PADDING, columnWidth, layoutColumns, textWidth, TREE_EXPAND_WIDTH,
} from '../../../runtime/react/index/columnWidths';
import { columnTitle } from '../../../runtime/react/index/columnTitle';
import { operatorLabelKey } from '../../../runtime/react/index/operatorLabel';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('list column widths', () => {
  it('derive from the field type, and never cut the heading or a closed set of values', () => {
    expect(columnWidth({ type: 'date', title: '开始日期', sortable: false })).toEqual({ preferred: 120, min: 120 });
    const remark = columnWidth({ type: 'text', title: '备注', sortable: false });
    expect(remark.min).toBeLessThan(remark.preferred);
    // A long heading widens a narrow type: 合同金额（元/月） with its sort arrows.
    const amount = columnWidth({ type: 'money', title: '合同金额（元/月）', sortable: true, width: 140 });
    expect(amount.min).toBeGreaterThanOrEqual(textWidth('合同金额（元/月）') + CELL_PADDING + 20);
    expect(amount.preferred).toBeGreaterThanOrEqual(amount.min);
    // 审核未通过 as a tag does not fit the schema's 90 px.
    const status = columnWidth({ type: 'status', title: '状态', sortable: false, width: 90, valueLabels: ['待审核', '审核未通过'] });
    expect(status.min).toBeGreaterThan(90);
    // The tree list's first column holds the expand button and the indent.
    expect(columnWidth({ type: 'string', title: '名称', sortable: false, width: 180, treeColumn: true }).preferred).toBe(180 + TREE_EXPAND_WIDTH);
  });

  it('estimate ideographs as square and Latin letters by their shape', () => {
    expect(textWidth('操作')).toBe(29);
    expect(textWidth('Contract type')).toBeGreaterThan(textWidth('Contract'));
    // Headings are bold: their Latin letters take more room, ideographs the same.
    expect(textWidth('Employee', true)).toBeGreaterThan(textWidth('Employee'));
    expect(textWidth('操作', true)).toBe(29);
  });

  it('fill the available width when the columns fit, the spare room to the data columns', () => {
    const columns = [{ preferred: 200, min: 100 }, { preferred: 100, min: 100 }];
    const actions = { preferred: 150, min: 100 };
    const layout = layoutColumns(columns, actions, 48, 1000);
    expect(layout.actions).toBe(150);
    expect(layout.scrollX).toBe(1000);
    expect(sum(layout.widths) + 150 + 48).toBe(1000);
    expect(layout.widths[0]).toBeGreaterThan(layout.widths[1]);
  });

  it('shrink the data columns towards their minimums, then wrap the action links, before scrolling', () => {
    const columns = [{ preferred: 400, min: 150 }, { preferred: 175, min: 175 }];
    const actions = { preferred: 300, min: 180 };
    const shrunk = layoutColumns(columns, actions, 0, 700);
    expect(shrunk).toEqual({ widths: [225, 175], actions: 300, scrollX: 700 });
    const wrapped = layoutColumns(columns, actions, 0, 560);
    expect(wrapped.actions).toBe(180);
    expect(wrapped.widths.every((width, i) => width >= columns[i].min)).toBe(true);
    expect(wrapped.scrollX).toBe(560);
    // Even the minimums do not fit: the table scrolls by exactly its columns' sum.
    expect(layoutColumns(columns, actions, 48, 400)).toEqual({ widths: [150, 175], actions: 180, scrollX: 150 + 175 + 180 + 48 });
  });

  it('keep the preferred widths until the width is measured', () => {
    const layout = layoutColumns([{ preferred: 160, min: 100 }], { preferred: 120, min: 80 }, 48, undefined);
    expect(layout).toEqual({ widths: [160], actions: 120, scrollX: 328 });
  });

  it('give the action column room for its links on one line, or on two at its minimum', () => {
    const width = actionColumnWidth('操作', [44, 44, 44], [72, 44]);
    expect(width.preferred).toBe(CELL_PADDING + 44 * 3 + 72 + 44 + 2);
    expect(width.min).toBe(CELL_PADDING + 44 * 3 + 2);
    expect(actionColumnWidth('Actions', [], []).min).toBe(textWidth('Actions', true) + CELL_PADDING);
  });
});

describe('list headings', () => {
  const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
  const packs = { 'zh-cn': zhCn, en } as const;
  const lookup = (pack: object, key: string): string => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], pack);
    return typeof value === 'string' ? value : key;
  };

  it.each(Object.keys(packs) as (keyof typeof packs)[])('never repeat the action column\'s heading in a data column (%s)', (language) => {
    const translate = (key: string) => lookup(packs[language], key);
    // "Action" beside "Actions" reads as the same heading.
    const same = (text: string) => text.toLowerCase().replace(/s$/, '');
    const actions = same(translate('runtime.table.actions'));
    const clashes = [...registry.entities.values()].flatMap((entity) => entity.list.columns
      .map((column) => columnTitle(entity, column.prop, translate))
      .filter((title) => same(title) === actions)
      .map((title) => `${entity.name}: ${title}`));
    expect(clashes).toEqual([]);
  });
});

describe('filter operator labels', () => {
  const field = (type: FieldDef['type']): FieldDef => ({ name: 'f', type, label: 'f' }) as FieldDef;

  it('call a range filter on a date "between" and on a period "overlaps", other operators by name', () => {
    expect(operatorLabelKey(field('datetime'), 'datetimerange', 'include')).toBe('runtime.filter.rangeOperator.between');
    expect(operatorLabelKey(field('date'), 'daterange', 'notInclude')).toBe('runtime.filter.rangeOperator.notBetween');
    expect(operatorLabelKey(field('dateRange'), 'daterange', 'include')).toBe('runtime.filter.rangeOperator.overlaps');
    expect(operatorLabelKey(field('string'), 'text', 'include')).toBe('runtime.filter.operator.include');
    expect(lookupBoth('runtime.filter.rangeOperator.between')).toEqual(['介于', 'between']);
  });
});

function lookupBoth(key: string): string[] {
  return [zhCn, en].map((pack) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pack) as string);
}
