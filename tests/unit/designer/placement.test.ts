import { describe, expect, it } from 'vitest';
import { dropPlacement, fromEntityDocument, resolveDrop, ROOT_ID } from '../../../designer/core';
import type { DropPlacementInput } from '../../../designer/core';
import { counterIds, richDocument } from './fixtures';

const rect = { left: 100, top: 200, width: 200, height: 100 };
const at = (y: number, x = 150) => ({ x, y });
const place = (over: Partial<DropPlacementInput>) => dropPlacement({
  pointer: at(250), targetRect: rect, targetKind: 'field', draggedKind: 'field', parentKind: 'tab', horizontal: false, ...over,
});

describe('dropPlacement', () => {
  it('puts a node before or after a field by the half the pointer is in', () => {
    expect(place({ pointer: at(210) })).toBe('before');
    expect(place({ pointer: at(249) })).toBe('before');
    expect(place({ pointer: at(251) })).toBe('after');
    expect(place({ pointer: at(290) })).toBe('after');
    // Outside the rectangle counts as its edge.
    expect(place({ pointer: at(100) })).toBe('before');
    expect(place({ pointer: at(900) })).toBe('after');
  });

  it('goes inside a container that accepts the dragged kind in the middle band, beside it at the edges', () => {
    const tab = { targetKind: 'tab' as const, parentKind: 'tabs' as const };
    expect(place({ ...tab, pointer: at(250) })).toBe('inside');
    // tabs does not take a field: a tab takes it anywhere.
    expect(place({ ...tab, pointer: at(205) })).toBe('inside');
    const col = { targetKind: 'col' as const, parentKind: 'grid' as const, horizontal: true };
    expect(place({ ...col, pointer: at(250, 150) })).toBe('inside');
    const grid = { targetKind: 'grid' as const, parentKind: 'tab' as const };
    // A grid does not take a field, its parent does.
    expect(place({ ...grid, pointer: at(250) })).toBe('after');
    const tabsInTab = { targetKind: 'tabs' as const, parentKind: 'tab' as const, draggedKind: 'tab' as const };
    expect(place({ ...tabsInTab, pointer: at(205) })).toBe('inside');
    const colInCol = { targetKind: 'col' as const, parentKind: 'grid' as const, draggedKind: 'grid' as const, horizontal: true };
    expect(place({ ...colInCol, pointer: at(250, 110) })).toBe('inside');
    const nested = { targetKind: 'grid' as const, parentKind: 'col' as const, draggedKind: 'tabs' as const };
    expect(place({ ...nested, pointer: at(210) })).toBe('before');
  });

  it('uses the middle band when both inside and beside are allowed', () => {
    const tabs = { targetKind: 'tabs' as const, parentKind: 'tab' as const, draggedKind: 'tab' as const };
    expect(place({ ...tabs, pointer: at(205) })).toBe('inside');
    const col = { targetKind: 'col' as const, parentKind: 'grid' as const, draggedKind: 'col' as const, horizontal: true };
    expect(place({ ...col, pointer: at(250, 120) })).toBe('before');
    expect(place({ ...col, pointer: at(250, 280) })).toBe('after');
    const tab = { targetKind: 'tab' as const, parentKind: 'col' as const, draggedKind: 'grid' as const };
    // A tab's parent is tabs, which takes no grid; parentKind col here stands for a container that does.
    expect(place({ ...tab, pointer: at(205) })).toBe('before');
    expect(place({ ...tab, pointer: at(250) })).toBe('inside');
    expect(place({ ...tab, pointer: at(295) })).toBe('after');
  });

  it('answers null where neither the target nor its parent takes the dragged kind', () => {
    expect(place({ draggedKind: 'col' })).toBeNull();
    expect(place({ targetKind: 'grid', parentKind: 'root', draggedKind: 'tab' })).toBeNull();
    expect(place({ targetKind: 'root', parentKind: null, draggedKind: 'col' })).toBeNull();
    expect(place({ targetKind: 'root', parentKind: null, draggedKind: 'field' })).toBe('inside');
  });
});

describe('resolveDrop', () => {
  const doc = fromEntityDocument(richDocument(), counterIds());
  it('answers the parent and slot of a drop', () => {
    expect(resolveDrop(doc, 'f4', 'before')).toEqual({ parentId: 't1', index: 1 });
    expect(resolveDrop(doc, 'f4', 'after')).toEqual({ parentId: 't1', index: 2 });
    expect(resolveDrop(doc, 't1', 'inside')).toEqual({ parentId: 't1', index: 3 });
    expect(resolveDrop(doc, ROOT_ID, 'inside')).toEqual({ parentId: ROOT_ID, index: 2 });
  });

  it('answers null for the root\'s sides, a field\'s inside, unknown nodes, and refused drops', () => {
    expect(resolveDrop(doc, ROOT_ID, 'before')).toBeNull();
    expect(resolveDrop(doc, 'f4', 'inside')).toBeNull();
    expect(resolveDrop(doc, 'zz', 'after')).toBeNull();
    expect(resolveDrop(doc, 'c1', 'after', { kind: 'field' })).toBeNull();
    expect(resolveDrop(doc, 'f3', 'after', { kind: 'tabs', id: 't0' })).toBeNull();
    expect(resolveDrop(doc, 'f3', 'after', { kind: 'field', id: 'f1' })).toEqual({ parentId: 't1', index: 1 });
  });
});
