import { describe, expect, it } from 'vitest';
import { applyOperation, diffEntityDocuments, fromEntityDocument, toEntityDocument } from '../../../designer/core';
import { counterIds, schemaFile } from './fixtures';

const leave = () => schemaFile('hr/LeaveRecord.json');
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('diffEntityDocuments', () => {
  it('finds nothing between a document and itself re-saved with new node ids and another key order', () => {
    const file = leave();
    const resaved = toEntityDocument(fromEntityDocument(file, counterIds('x')));
    const reordered = Object.fromEntries(Object.entries(resaved).reverse());
    expect(diffEntityDocuments(file, reordered)).toEqual([]);
  });

  it('names fields added, removed and changed, with the changed properties', () => {
    const before = leave();
    const after = clone(before) as { fields: Record<string, unknown>[] };
    const [first, second] = after.fields;
    after.fields = [{ ...first, maxLength: 99 }, ...after.fields.slice(2), { name: 'remark2', type: 'text' }];
    const changes = diffEntityDocuments(before, after);
    expect(changes).toContainEqual({ part: 'field', kind: 'changed', name: String(first.name), properties: ['maxLength'] });
    expect(changes).toContainEqual({ part: 'field', kind: 'added', name: 'remark2' });
    expect(changes).toContainEqual({ part: 'field', kind: 'removed', name: String(second.name) });
  });

  it('sees a moved field in the layout, and flow states and transitions one by one', () => {
    const before = fromEntityDocument(leave(), counterIds());
    const grid = before.tree.nodes[before.tree.nodes[before.tree.rootId].children[0]];
    const moved = applyOperation(before, { type: 'move', id: grid.children[0], parentId: grid.id, index: grid.children.length }).document;
    const after = clone(toEntityDocument(moved)) as { flow: { states: Record<string, unknown>[]; transitions: Record<string, unknown>[] } };
    after.flow.states.push({ name: 'cancelled', label: 'x' });
    after.flow.transitions[0] = { ...after.flow.transitions[0], roles: ['hr', 'admin'] };
    const changes = diffEntityDocuments(toEntityDocument(before), after);
    expect(changes).toContainEqual({ part: 'layout', kind: 'changed', name: 'form', properties: ['layout'] });
    expect(changes).toContainEqual({ part: 'state', kind: 'added', name: 'cancelled' });
    expect(changes).toContainEqual({ part: 'transition', kind: 'changed', name: 'approve', properties: ['roles'] });
    expect(changes.some((change) => change.part === 'field')).toBe(false);
  });

  it('reports a flow or a binding that came or went, entity properties and texts per language', () => {
    const before: Record<string, unknown> = { ...leave(), messages: { 'zh-cn': { a: '甲', b: '乙' }, en: { a: 'A' } } };
    const { flow: _flow, ...withoutFlow } = clone(before);
    const after = { ...withoutFlow, title: 'entity.Other.title', workflow: { process: 'leave' }, messages: { 'zh-cn': { a: '甲', c: '丙' }, en: { a: 'A2' } } };
    const changes = diffEntityDocuments(before, after);
    expect(changes).toEqual(expect.arrayContaining([
      { part: 'entity', kind: 'changed', name: 'title' },
      { part: 'flow', kind: 'removed', name: 'flow' },
      { part: 'workflow', kind: 'added', name: 'workflow' },
      { part: 'message', kind: 'changed', name: 'a', properties: ['en'] },
      { part: 'message', kind: 'removed', name: 'b' },
      { part: 'message', kind: 'added', name: 'c' },
    ]));
  });
});
