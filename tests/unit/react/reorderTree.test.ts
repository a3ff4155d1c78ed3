import { describe, expect, it } from 'vitest';
import { dropParamsFromTreeDrop, firstChildren, nodesFromTree, type TreeDropEvent } from '../../../runtime/react/index/reorderTree';

/** antd's drop event for dragging `drag` onto `target` at position `pos` (e.g. '0-2'). */
function drop(drag: string, target: string, pos: string, dropPosition: number, dropToGap: boolean, expanded = false): TreeDropEvent {
  return { dragNode: { key: drag }, node: { key: target, pos, expanded }, dropPosition, dropToGap };
}

describe('drag sort: antd tree drops as drop{E} parameters', () => {
  const nodes = nodesFromTree([
    { value: 'types', label: 'menu.types', children: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    { value: 'c', label: 'C' },
  ], (text) => (text.startsWith('menu.') ? `«${text}»` : text));
  const first = firstChildren(nodes);

  it('labels nodes through the translator and maps each parent to its first child', () => {
    expect(nodes[0].title).toBe('«menu.types»');
    expect(nodes[1]).toEqual({ key: 'c', title: 'C' });
    expect([...first.entries()]).toEqual([['types', 'a']]);
  });

  it('turns the gaps above and below a node into before and after', () => {
    expect(dropParamsFromTreeDrop(drop('c', 'b', '0-0-1', 0, true), (k) => first.get(k))).toEqual({ id: 'c', targetId: 'b', position: 'before' });
    expect(dropParamsFromTreeDrop(drop('a', 'b', '0-0-1', 2, true), (k) => first.get(k))).toEqual({ id: 'a', targetId: 'b', position: 'after' });
  });

  it('turns a drop onto a collapsed node into "inner", and onto an expanded parent into "before its first child"', () => {
    expect(dropParamsFromTreeDrop(drop('a', 'c', '0-1', 1, false), (k) => first.get(k))).toEqual({ id: 'a', targetId: 'c', position: 'inner' });
    expect(dropParamsFromTreeDrop(drop('c', 'types', '0-0', 0, false, true), (k) => first.get(k))).toEqual({ id: 'c', targetId: 'a', position: 'before' });
    // The gap just below an expanded parent is drawn as its first child's place too.
    expect(dropParamsFromTreeDrop(drop('c', 'types', '0-0', 1, true, true), (k) => first.get(k))).toEqual({ id: 'c', targetId: 'a', position: 'before' });
  });

  it('ignores drops that move nothing', () => {
    expect(dropParamsFromTreeDrop(drop('b', 'b', '0-0-1', 1, false), (k) => first.get(k))).toBeNull();
    expect(dropParamsFromTreeDrop(drop('a', 'types', '0-0', 0, false, true), (k) => first.get(k))).toBeNull();
  });
});
