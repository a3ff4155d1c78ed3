import { describe, expect, it } from 'vitest';
import type { ClientRect, CollisionDetection } from '@dnd-kit/core';
import { fromEntityDocument } from '../../../designer/core';
import { deepestUnderPointer, resolveDropTarget } from '../../../designer/react/canvas/dropTarget';

/** root → grid g → col c1 (field a), col c2 (empty); root → field b. */
const document = fromEntityDocument({
  formatVersion: 1, name: 'Trip', title: 'Trip', table: 'trip', key: 'id',
  fields: [{ name: 'a', type: 'string' }, { name: 'b', type: 'string' }],
  form: {
    layout: [
      { kind: 'grid', id: 'g', children: [
        { kind: 'col', id: 'c1', span: 12, children: [{ kind: 'field', id: 'a', field: 'a' }] },
        { kind: 'col', id: 'c2', span: 12, children: [] },
      ] },
      { kind: 'field', id: 'b', field: 'b' },
    ],
  },
});

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({ left, top, width, height, right: left + width, bottom: top + height });
const RECTS: Record<string, ClientRect> = {
  root: rect(0, 0, 1000, 400),
  g: rect(0, 0, 1000, 200),
  c1: rect(0, 0, 500, 200),
  a: rect(10, 50, 480, 100),
  c2: rect(500, 0, 500, 200),
  b: rect(0, 220, 1000, 60),
};
/** The droppables under the point, deepest first, as the collision detection answers them. */
const under = (ids: string[]) => ids.map((id) => ({ id, rect: RECTS[id] }));

describe('resolveDropTarget', () => {
  it('places a field before or after the field under the pointer, in that field\'s col', () => {
    expect(resolveDropTarget(document, under(['a', 'c1', 'g', 'root']), { x: 100, y: 60 }, { kind: 'field' }))
      .toEqual({ id: 'a', position: 'before', parentId: 'c1', index: 0 });
    expect(resolveDropTarget(document, under(['a', 'c1', 'g', 'root']), { x: 100, y: 140 }, { kind: 'field' }))
      .toEqual({ id: 'a', position: 'after', parentId: 'c1', index: 1 });
  });

  it('drops into an empty col', () => {
    expect(resolveDropTarget(document, under(['c2', 'g', 'root']), { x: 750, y: 100 }, { kind: 'field' }))
      .toEqual({ id: 'c2', position: 'inside', parentId: 'c2', index: 0 });
  });

  it('hands a drop the target refuses to its container: a col dragged over a field goes beside that field\'s col', () => {
    expect(resolveDropTarget(document, under(['a', 'c1', 'g', 'root']), { x: 400, y: 100 }, { kind: 'col', id: 'c2' }))
      .toEqual({ id: 'c1', position: 'after', parentId: 'g', index: 1 });
  });

  it('never places a node inside itself', () => {
    const drop = resolveDropTarget(document, under(['c1', 'g', 'root']), { x: 250, y: 100 }, { kind: 'grid', id: 'g' });
    expect(drop?.parentId).not.toBe('c1');
  });
});

describe('deepestUnderPointer', () => {
  const containers = Object.keys(RECTS).map((id) => ({ id, data: { current: { kind: document.tree.nodes[id]?.kind ?? 'root', depth: id === 'root' ? 0 : id === 'a' ? 3 : id === 'g' || id === 'b' ? 1 : 2 } } }));
  const detect = (active: string, point: { x: number; y: number }) => (deepestUnderPointer(() => document) as CollisionDetection)({
    active: { id: active } as never,
    collisionRect: rect(point.x, point.y, 0, 0),
    droppableContainers: containers as never,
    droppableRects: new Map(Object.entries(RECTS)) as never,
    pointerCoordinates: point,
  }).map((collision) => collision.id);

  it('lists the droppables under the pointer, deepest first', () => {
    expect(detect('b', { x: 100, y: 60 })).toEqual(['a', 'c1', 'g', 'root']);
  });

  it('leaves out the dragged node and everything inside it', () => {
    expect(detect('g', { x: 100, y: 60 })).toEqual(['root']);
  });
});
