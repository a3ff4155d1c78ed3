import { describe, expect, it } from 'vitest';
import { labelledTree, searchTree, treeKeys } from '../../../runtime/react/data/treeOptions';

// A menu as the tree call answers it: directory › page › buttons, and a lone page.
const menu = [
  {
    label: 'menu.hr', value: 1, children: [
      { label: 'menu.hrContract', value: 2, children: [{ label: 'permission.action.list', value: 3 }, { label: 'permission.action.insert', value: 4 }] },
      { label: '合同报表', value: 5 },
    ],
  },
  { label: '外部链接', value: 6, children: [] },
];

describe('check tree keys', () => {
  it('lists every key, the branches, and the branches whose children branch (opened first)', () => {
    expect(treeKeys(menu)).toEqual({ all: ['1', '2', '3', '4', '5', '6'], branches: ['1', '2'], upper: ['1'] });
  });

  it('finds nodes by label, case-insensitively, with the ancestors to open, without pruning', () => {
    const found = searchTree(labelledTree(menu, (text) => ({ 'permission.action.insert': 'Insert' } as Record<string, string>)[text] ?? text), 'insERT');
    expect([...found.matches]).toEqual(['4']);
    expect(found.open).toEqual(['1', '2']);
    expect(searchTree(menu, '  ')).toEqual({ matches: new Set(), open: [] });
  });

  it('relabels every level and keeps values and shape', () => {
    const labelled = labelledTree(menu, (text) => text.toUpperCase());
    expect(labelled[0].label).toBe('MENU.HR');
    expect(labelled[0].children?.[0].children?.map((n) => [n.label, n.value])).toEqual([['PERMISSION.ACTION.LIST', 3], ['PERMISSION.ACTION.INSERT', 4]]);
    expect(labelled[1]).toEqual({ label: '外部链接', value: 6, children: [] });
  });
});
