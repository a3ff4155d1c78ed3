import { describe, expect, it } from 'vitest';
import { initiallyExpanded, nestRows } from '../../../runtime/react/index/nestRows';

const row = (id: string, parentId: string | null, label = id) => ({ id, parentId, label });
const shape = (rows: ReturnType<typeof nestRows>): unknown => rows.map((r) => (r.children ? { [String(r.id)]: shape(r.children) } : r.id));

describe('tree list: a page of rows nested by the parent field', () => {
  it('nests children under their parents in page order, copying rows', () => {
    const rows = [row('b', 'a'), row('a', null), row('c', 'a'), row('d', 'c'), row('e', null)];
    const tree = nestRows(rows, 'id', 'parentId');
    expect(shape(tree)).toEqual([{ a: ['b', { c: ['d'] }] }, 'e']);
    expect(rows[1]).not.toHaveProperty('children');
    expect(initiallyExpanded(tree, 'id', rows.length)).toEqual(['a', 'c']);
    // A large tree opens one level deep.
    expect(initiallyExpanded(tree, 'id', 101)).toEqual(['a']);
  });

  it('keeps rows whose parent is not on the page as roots', () => {
    expect(shape(nestRows([row('x', 'gone'), row('y', 'x')], 'id', 'parentId'))).toEqual([{ x: ['y'] }]);
  });

  it('keeps rows of a parent cycle (bad data) visible as roots instead of losing them', () => {
    const tree = nestRows([row('p', 'q'), row('q', 'p'), row('s', 's'), row('t', 'p')], 'id', 'parentId');
    expect(shape(tree)).toEqual([{ p: ['t'] }, 'q', 's']);
  });
});
