import { describe, expect, it } from 'vitest';
import {
  applyOperation, createFieldNode, createLayoutNode, DesignOperationError, fromEntityDocument, parentOf, ROOT_ID, subtreeIds,
  toEntityDocument, validateDesign,
} from '../../../designer/core';
import type { DesignDocument, DesignOperation } from '../../../designer/core';
import { counterIds, hrContract, richDocument } from './fixtures';

const rich = () => fromEntityDocument(richDocument(), counterIds());
const idOf = (doc: DesignDocument, field: string) => Object.values(doc.tree.nodes).find((n) => n.kind === 'field' && n.props.field === field)!.id;
const spans = (doc: DesignDocument, grid: string) => doc.tree.nodes[grid].children.map((c) => doc.tree.nodes[c].props.span);
const refused = (doc: DesignDocument, op: DesignOperation, code: string) => {
  const before = JSON.stringify(doc);
  let error: unknown;
  try { applyOperation(doc, op); } catch (e) { error = e; }
  expect(error).toBeInstanceOf(DesignOperationError);
  expect((error as DesignOperationError).code).toBe(code);
  expect(JSON.stringify(doc)).toBe(before);
};

describe('applyOperation', () => {
  it('answers a new document sharing what it did not change, and a replace with the old one as inverse', () => {
    const doc = rich();
    const { document, inverse } = applyOperation(doc, { type: 'updateNode', id: 'f1', props: { tips: 'entity.TripPlan.tips.subject' } });
    expect(document.tree.nodes.f1.props).toEqual({ field: 'subject', tips: 'entity.TripPlan.tips.subject' });
    expect(doc.tree.nodes.f1.props).toEqual({ field: 'subject' });
    expect(document.tree.nodes.f2).toBe(doc.tree.nodes.f2);
    expect(document.entity).toBe(doc.entity);
    expect(inverse).toEqual({ type: 'replace', document: doc });
    expect(applyOperation(document, inverse).document).toEqual(doc);
  });

  describe('insert', () => {
    it('inserts a palette subtree at the index, its fields and messages with it', () => {
      const doc = rich();
      const parts = createFieldNode(doc, 'date');
      const next = applyOperation(doc, { type: 'insert', parentId: 't1', index: 1, ...parts }).document;
      expect(next.tree.nodes.t1.children).toEqual(['f3', parts.rootId, 'f4', 'f5']);
      expect(next.entity.fields.at(-1)!.name).toBe('date1');
      expect((next.entity.messages as { en: Record<string, string> }).en['entity.TripPlan.field.date1']).toBe('Date');
      expect((next.entity.messages as { en: Record<string, string> }).en['entity.TripPlan.field.subject']).toBe('Subject');
      expect(validateDesign(next)).toEqual({ ok: true });
    });

    it('renews ids the document already holds (a paste twice)', () => {
      const doc = rich();
      const grid = createLayoutNode('grid', undefined, counterIds('z'));
      const once = applyOperation(doc, { type: 'insert', parentId: ROOT_ID, index: 0, ...grid }).document;
      const twice = applyOperation(once, { type: 'insert', parentId: ROOT_ID, index: 0, ...grid }).document;
      const top = twice.tree.nodes[ROOT_ID].children;
      expect(top[1]).toBe('z1');
      expect(top[0]).not.toBe('z1');
      expect(twice.tree.nodes[top[0]].children.every((c) => !['z2', 'z3'].includes(c))).toBe(true);
    });

    it('refuses a kind the parent does not take, a taken field key, a field already placed, a system field', () => {
      const doc = rich();
      refused(doc, { type: 'insert', parentId: 'g1', index: 0, ...createFieldNode(doc, 'string') }, 'designer.error.notAccepted');
      refused(doc, { type: 'insert', parentId: 'nope', index: 0, ...createFieldNode(doc, 'string') }, 'designer.error.unknownNode');
      const parts = createFieldNode(doc, 'string');
      refused(doc, { ...{ type: 'insert', parentId: ROOT_ID, index: 0, ...parts }, fields: [{ ...parts.fields[0], name: 'subject' }], nodes: [{ ...parts.nodes[0], props: { field: 'subject' } }] }, 'designer.error.fieldKeyTaken');
      refused(doc, { type: 'insert', parentId: ROOT_ID, index: 0, nodes: [{ id: 'q', kind: 'field', props: { field: 'subject' }, children: [] }], rootId: 'q' }, 'designer.error.fieldPlaced');
      refused(doc, { type: 'insert', parentId: ROOT_ID, index: 0, nodes: [{ id: 'q', kind: 'field', props: { field: 'createTime' }, children: [] }], rootId: 'q' }, 'designer.error.unknownField');
      refused(doc, { type: 'insert', parentId: ROOT_ID, index: 0, nodes: [{ id: 'q', kind: 'grid', props: {}, children: ['r'] }, { id: 'r', kind: 'field', props: { field: 'x' }, children: [] }], rootId: 'q' }, 'designer.error.notAccepted');
      refused(doc, { ...{ type: 'insert', parentId: ROOT_ID, index: 0, ...parts }, fields: [{ ...parts.fields[0], name: '1bad' }], nodes: [{ ...parts.nodes[0], props: { field: '1bad' } }] }, 'designer.error.fieldKeyInvalid');
    });

    it('places a declared field that is not on the form', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'insert', parentId: ROOT_ID, index: 0, nodes: [{ id: 'q', kind: 'field', props: { field: 'opinion' }, children: [] }], rootId: 'q' }).document;
      expect(next.tree.nodes[ROOT_ID].children[0]).toBe('q');
      expect(validateDesign(next)).toEqual({ ok: true });
    });
  });

  describe('move', () => {
    it('moves within a parent by the slot counted with the node in place', () => {
      const doc = rich();
      expect(applyOperation(doc, { type: 'move', id: 'f3', parentId: 't1', index: 2 }).document.tree.nodes.t1.children).toEqual(['f4', 'f3', 'f5']);
      expect(applyOperation(doc, { type: 'move', id: 'f3', parentId: 't1', index: 3 }).document.tree.nodes.t1.children).toEqual(['f4', 'f5', 'f3']);
      expect(applyOperation(doc, { type: 'move', id: 'f5', parentId: 't1', index: 0 }).document.tree.nodes.t1.children).toEqual(['f5', 'f3', 'f4']);
      expect(applyOperation(doc, { type: 'move', id: 'f3', parentId: 't1', index: 99 }).document.tree.nodes.t1.children).toEqual(['f4', 'f5', 'f3']);
    });

    it('moves across parents; a grid left one col short shares 24 again, an emptied grid goes', () => {
      const doc = rich();
      const moved = applyOperation(doc, { type: 'move', id: 'f3', parentId: 'c1', index: 1 }).document;
      expect(moved.tree.nodes.c1.children).toEqual(['f1', 'f3']);
      expect(moved.tree.nodes.t1.children).toEqual(['f4', 'f5']);
      expect(parentOf(moved.tree, 'f3')!.id).toBe('c1');
      expect(validateDesign(moved)).toEqual({ ok: true });
    });

    it('refuses its own subtree, the root, kinds the target does not take', () => {
      const doc = rich();
      refused(doc, { type: 'move', id: 't0', parentId: 't1', index: 0 }, 'designer.error.moveIntoDescendant');
      refused(doc, { type: 'move', id: 't1', parentId: 't1', index: 0 }, 'designer.error.moveIntoDescendant');
      refused(doc, { type: 'move', id: ROOT_ID, parentId: 't1', index: 0 }, 'designer.error.rootImmovable');
      refused(doc, { type: 'move', id: 'f1', parentId: 'g1', index: 0 }, 'designer.error.notAccepted');
      refused(doc, { type: 'move', id: 'c1', parentId: ROOT_ID, index: 0 }, 'designer.error.notAccepted');
      refused(doc, { type: 'move', id: 'zz', parentId: ROOT_ID, index: 0 }, 'designer.error.unknownNode');
    });

    it('rebalances the grids whose cols changed: one-row grids share 24, several rows fill each row', () => {
      const doc = rich();
      const wrapped = applyOperation(doc, { type: 'insert', parentId: 'c1', index: 1, ...createLayoutNode('grid', undefined, counterIds('w')) }).document;
      // c2 moves into the new grid (12 + 12 + 12): one row before → three cols of 8.
      const three = applyOperation(wrapped, { type: 'move', id: 'c2', parentId: 'w1', index: 2 }).document;
      expect(spans(three, 'w1')).toEqual([8, 8, 8]);
      // g1 is left with c1 alone: 24.
      expect(spans(three, 'g1')).toEqual([24]);
      // HrContract's grid is rows of two halves and a full-width col: taking one half out widens the half left alone.
      const hr0 = hrContract();
      const grid = Object.values(hr0.tree.nodes).find((n) => n.kind === 'grid')!;
      const hr = applyOperation(hr0, { type: 'insert', parentId: ROOT_ID, index: 0, ...createLayoutNode('grid', undefined, counterIds('h')) }).document;
      const out = applyOperation(hr, { type: 'move', id: grid.children[0], parentId: 'h1', index: 0 }).document;
      expect(spans(out, grid.id)).toEqual([12, 12, 12, 12, 12, 12, 24, 24]);
      expect(spans(out, 'h1')).toEqual([8, 8, 8]);
      expect(validateDesign(out, 'hr')).toEqual({ ok: true });
    });

    it('drops a grid whose last col moved away and a tabs whose last tab did', () => {
      const doc = rich();
      const other = applyOperation(doc, { type: 'insert', parentId: 't2', index: 0, ...createLayoutNode('grid', undefined, counterIds('h')) }).document;
      const one = applyOperation(other, { type: 'move', id: 'c1', parentId: 'h1', index: 0 }).document;
      expect(spans(one, 'g1')).toEqual([24]);
      const none = applyOperation(one, { type: 'move', id: 'c2', parentId: 'h1', index: 0 }).document;
      expect(none.tree.nodes.g1).toBeUndefined();
      expect(none.tree.nodes[ROOT_ID].children).toEqual(['t0']);
      expect(spans(none, 'h1')).toEqual([6, 6, 6, 6]);
      const tabsGone = applyOperation(applyOperation(doc, { type: 'move', id: 't1', parentId: 't0', index: 2 }).document, { type: 'unwrap', id: 't0' }).document;
      expect(tabsGone.tree.nodes.t0).toBeUndefined();
    });
  });

  describe('remove', () => {
    it('removes the subtree and the fields only it showed, with their list, filter, keyword and details entries', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'remove', id: 'f1' }).document;
      // subject is the label field, a picker field, in an action, an index: it stays declared, off the form.
      expect(next.entity.fields.some((f) => f.name === 'subject')).toBe(true);
      expect(next.tree.nodes.c1.children).toEqual([]);
      const hr = hrContract();
      const remark = idOf(hr, 'remark');
      const out = applyOperation(hr, { type: 'remove', id: remark }).document;
      expect(out.entity.fields.map((f) => f.name)).not.toContain('remark');
      expect((out.entity.list as { keywordFields: string[] }).keywordFields).toEqual(['contractNo']);
      expect((out.entity.details as { sections: { fields: string[] }[] }).sections[1].fields).toEqual(['attachIds']);
      expect(validateDesign(out, 'hr')).toEqual({ ok: true });
    });

    it('keeps a field an expression still reads, and removes fields that only name each other', () => {
      const hr = hrContract();
      const flag = applyOperation(hr, { type: 'remove', id: idOf(hr, 'renewFlag') }).document;
      expect(flag.entity.fields.map((f) => f.name)).toContain('renewFlag');
      expect(validateDesign(flag, 'hr')).toEqual({ ok: true });
      const tabs = hr.tree.nodes[ROOT_ID].children[0];
      const basic = hr.tree.nodes[tabs].children[0];
      const out = applyOperation(hr, { type: 'remove', id: basic }).document;
      // startDate/endDate (a rule of endDate reads startDate), renewFlag/renewRemark go together;
      // contractNo stays (label field), userId (owner field), startDate (default sort), contractType (an index).
      expect(out.entity.fields.map((f) => f.name)).toEqual(['contractNo', 'userId', 'contractType', 'startDate', 'attachIds', 'remark']);
      expect(validateDesign(out, 'hr')).toEqual({ ok: true });
    });

    it('drops the removed fields\' label texts and a details section left empty', () => {
      const doc = rich();
      // legs.guide is a participant: legs stays.
      const next = applyOperation(doc, { type: 'remove', id: 'f6' }).document;
      expect(next.entity.fields.map((f) => f.name)).toContain('legs');
      const withoutParticipant = applyOperation(applyOperation(doc, { type: 'updateEntity', patch: { list: { ...(doc.entity.list as object), scopes: { manage: true } } } }).document, { type: 'remove', id: 'f6' }).document;
      expect(withoutParticipant.entity.fields.map((f) => f.name)).not.toContain('legs');
      expect((withoutParticipant.entity.details as { sections: unknown[] }).sections).toHaveLength(2);
      expect((withoutParticipant.entity.messages as { en: Record<string, string> }).en).not.toHaveProperty(['entity.TripPlan.subField.legs.city']);
    });

    it('keeps the last money field of a list with a summary row', () => {
      const hr = applyOperation(hrContract(), { type: 'updateEntity', patch: { list: { ...(hrContract().entity.list as object), summary: true } } }).document;
      const out = applyOperation(hr, { type: 'remove', id: idOf(hr, 'amount') }).document;
      expect(out.entity.fields.map((f) => f.name)).toContain('amount');
      expect(validateDesign(out, 'hr')).toEqual({ ok: true });
    });

    it('keeps one declared field when the whole form goes (an entity has at least one)', () => {
      const raw = { formatVersion: 1, name: 'Demo', title: 't', table: 'demo', key: 'id', fields: [{ name: 'a', type: 'string' }, { name: 'b', type: 'integer' }] };
      const doc = fromEntityDocument(raw);
      const out = applyOperation(doc, { type: 'remove', id: doc.tree.nodes[ROOT_ID].children[0] }).document;
      expect(out.entity.fields.map((f) => f.name)).toEqual(['a']);
      expect(out.tree.nodes[ROOT_ID].children).toEqual([]);
      expect(validateDesign(out)).toEqual({ ok: true });
    });

    it('refuses the root and unknown nodes', () => {
      refused(rich(), { type: 'remove', id: ROOT_ID }, 'designer.error.rootImmovable');
      refused(rich(), { type: 'remove', id: 'nope' }, 'designer.error.unknownNode');
    });
  });

  describe('duplicate', () => {
    it('copies a subtree after the original with new ids, new keys, copied texts and rewritten expressions', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'duplicate', id: 't1' }).document;
      const tabs = next.tree.nodes.t0.children;
      expect(tabs).toHaveLength(3);
      expect(tabs[0]).toBe('t1');
      const copy = next.tree.nodes[tabs[1]];
      const fields = copy.children.map((c) => next.tree.nodes[c].props);
      expect(fields.map((p) => p.field)).toEqual(['budget1', 'needCar1', 'carNote1']);
      expect(fields[0].requiredWhen).toBe('needCar1 == 1 && budget1.x != subject');
      expect(fields[0].rules).toEqual([{ expression: "budget1 < 100000 || subject == 'big'", message: 'entity.TripPlan.rule.big' }]);
      expect(fields[2].hiddenWhen).toBe('needCar1 != 1');
      const budget1 = next.entity.fields.find((f) => f.name === 'budget1')!;
      expect(budget1.label).toBe('entity.TripPlan.field.budget1');
      expect(budget1.rules).toEqual([{ expression: "budget1 >= 0 && subject != 'budget'", message: 'entity.TripPlan.rule.budget' }]);
      expect((next.entity.messages as { 'zh-cn': Record<string, string> })['zh-cn']['entity.TripPlan.field.budget1']).toBe('预算');
      // A label that is a bundled key is shared by the copy.
      expect(next.entity.fields.find((f) => f.name === 'needCar1')!.label).toBe('entity.TripPlan.field.needCar');
      expect(new Set(subtreeIds(next.tree, tabs[1])).size).toBe(4);
      expect(subtreeIds(next.tree, tabs[1]).some((id) => doc.tree.nodes[id])).toBe(false);
      expect(validateDesign(next)).toEqual({ ok: true });
    });

    it('copies a sub-table with its column labels; a col copy shares the grid row', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'duplicate', id: 'f6' }).document;
      const legs1 = next.entity.fields.find((f) => f.name === 'legs1')!;
      expect(legs1.fields![0].label).toBe('entity.TripPlan.subField.legs1.city');
      expect(validateDesign(next)).toEqual({ ok: true });
      const cols = applyOperation(doc, { type: 'duplicate', id: 'c1' }).document;
      expect(spans(cols, 'g1')).toEqual([8, 8, 8]);
      expect(validateDesign(cols)).toEqual({ ok: true });
    });

    it('refuses the root', () => refused(rich(), { type: 'duplicate', id: ROOT_ID }, 'designer.error.rootImmovable'));
  });

  describe('updateNode / updateField / updateEntity', () => {
    it('merges props, undefined deletes', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'updateNode', id: 'f5', props: { hiddenWhen: undefined, span: 12 } }).document;
      expect(next.tree.nodes.f5.props).toEqual({ field: 'carNote', span: 12 });
    });

    it('refuses own keys, bad spans, a field placed twice, the root', () => {
      const doc = rich();
      refused(doc, { type: 'updateNode', id: 'f5', props: { children: [] } }, 'designer.error.notPatchable');
      refused(doc, { type: 'updateNode', id: 'c1', props: { span: 25 } }, 'designer.error.invalidSpan');
      refused(doc, { type: 'updateNode', id: 'c1', props: { span: 2.5 } }, 'designer.error.invalidSpan');
      refused(doc, { type: 'updateNode', id: 'c1', props: { span: undefined } }, 'designer.error.invalidSpan');
      refused(doc, { type: 'updateNode', id: 'f5', props: { field: 'subject' } }, 'designer.error.fieldPlaced');
      refused(doc, { type: 'updateNode', id: 'f5', props: { field: 'nothing' } }, 'designer.error.unknownField');
      refused(doc, { type: 'updateNode', id: ROOT_ID, props: { a: 1 } }, 'designer.error.rootImmovable');
    });

    it('keeps a span set by hand (the grid\'s cols did not change)', () => {
      const next = applyOperation(rich(), { type: 'updateNode', id: 'c1', props: { span: 6 } }).document;
      expect(spans(next, 'g1')).toEqual([6, 12]);
    });

    it('updateField merges into the field; a new name is a rename', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'updateField', name: 'subject', patch: { required: undefined, maxLength: 50, name: 'topic' } }).document;
      expect(next.entity.fields[0]).toEqual({ name: 'topic', type: 'string', maxLength: 50 });
      expect(next.tree.nodes.f1.props.field).toBe('topic');
      refused(doc, { type: 'updateField', name: 'nope', patch: {} }, 'designer.error.unknownField');
      refused(doc, { type: 'updateField', name: 'subject', patch: { system: true } }, 'designer.error.systemField');
    });

    it('updateEntity merges the top level, keeps the key order, refuses fields and the layout', () => {
      const doc = rich();
      const next = applyOperation(doc, { type: 'updateEntity', patch: { title: 'entity.TripPlan.title2', description: 'x', sortField: undefined } }).document;
      expect(next.entity.title).toBe('entity.TripPlan.title2');
      expect(Object.keys(next.entity).slice(0, 4)).toEqual(['formatVersion', 'name', 'title', 'table']);
      expect(next.entity).not.toHaveProperty('sortField');
      expect(Object.keys(next.entity).at(-1)).toBe('description');
      refused(doc, { type: 'updateEntity', patch: { fields: [] } }, 'designer.error.notPatchable');
      refused(doc, { type: 'updateEntity', patch: { form: { layout: [] } } }, 'designer.error.notPatchable');
      const labelWidth = applyOperation(doc, { type: 'updateEntity', patch: { form: { labelWidth: 150 } } }).document;
      expect((toEntityDocument(labelWidth).form as { labelWidth: number }).labelWidth).toBe(150);
    });
  });

  describe('wrap / unwrap', () => {
    it('wraps a node in a grid of one col of 24 or in tabs of one tab, with the ids given', () => {
      const doc = rich();
      const grid = applyOperation(doc, { type: 'wrap', id: 'f3', kind: 'grid', newIds: ['wg', 'wc'] }).document;
      expect(grid.tree.nodes.t1.children).toEqual(['wg', 'f4', 'f5']);
      expect(grid.tree.nodes.wg).toEqual({ id: 'wg', kind: 'grid', props: {}, children: ['wc'] });
      expect(grid.tree.nodes.wc).toEqual({ id: 'wc', kind: 'col', props: { span: 24 }, children: ['f3'] });
      const tabs = applyOperation(doc, { type: 'wrap', id: 'g1', kind: 'tabs', newIds: ['ws', 'wt'] }).document;
      expect(tabs.tree.nodes[ROOT_ID].children).toEqual(['ws', 't0']);
      expect(tabs.tree.nodes.wt.props.title).toBe('entity.TripPlan.tab.tab1');
      expect(validateDesign(tabs)).toEqual({ ok: true });
      const generated = applyOperation(doc, { type: 'wrap', id: 'f3', kind: 'grid', newIds: [] }).document;
      expect(generated.tree.nodes[generated.tree.nodes.t1.children[0]].kind).toBe('grid');
    });

    it('refuses cols and tabs, the root, taken ids', () => {
      const doc = rich();
      refused(doc, { type: 'wrap', id: 'c1', kind: 'grid', newIds: ['a', 'b'] }, 'designer.error.notAccepted');
      refused(doc, { type: 'wrap', id: 't1', kind: 'tabs', newIds: ['a', 'b'] }, 'designer.error.notAccepted');
      refused(doc, { type: 'wrap', id: ROOT_ID, kind: 'tabs', newIds: ['a', 'b'] }, 'designer.error.rootImmovable');
      refused(doc, { type: 'wrap', id: 'f3', kind: 'grid', newIds: ['f4', 'b'] }, 'designer.error.idTaken');
    });

    it('unwraps a grid into its cols\' contents and tabs into their tabs\' contents', () => {
      const doc = rich();
      const grid = applyOperation(doc, { type: 'unwrap', id: 'g1' }).document;
      expect(grid.tree.nodes[ROOT_ID].children).toEqual(['f1', 'f2', 't0']);
      expect(grid.tree.nodes.g1).toBeUndefined();
      expect(grid.tree.nodes.c1).toBeUndefined();
      const tabs = applyOperation(doc, { type: 'unwrap', id: 't0' }).document;
      expect(tabs.tree.nodes[ROOT_ID].children).toEqual(['g1', 'f3', 'f4', 'f5', 'f6', 'f7']);
      expect(validateDesign(tabs)).toEqual({ ok: true });
    });

    it('unwraps a col or a tab: its contents after the grid or tabs, the rest rebalanced', () => {
      const doc = rich();
      const col = applyOperation(doc, { type: 'unwrap', id: 'c1' }).document;
      expect(col.tree.nodes[ROOT_ID].children).toEqual(['g1', 'f1', 't0']);
      expect(spans(col, 'g1')).toEqual([24]);
      const tab = applyOperation(doc, { type: 'unwrap', id: 't2' }).document;
      expect(tab.tree.nodes[ROOT_ID].children).toEqual(['g1', 't0', 'f6', 'f7']);
      const both = applyOperation(tab, { type: 'unwrap', id: 't1' }).document;
      expect(both.tree.nodes.t0).toBeUndefined();
      expect(both.tree.nodes[ROOT_ID].children).toEqual(['g1', 'f3', 'f4', 'f5', 'f6', 'f7']);
    });

    it('refuses a field and the root', () => {
      refused(rich(), { type: 'unwrap', id: 'f1' }, 'designer.error.notContainer');
      refused(rich(), { type: 'unwrap', id: ROOT_ID }, 'designer.error.rootImmovable');
    });
  });

  describe('replace', () => {
    it('takes the whole document, normalised', () => {
      const doc = rich();
      const other = hrContract();
      const next = applyOperation(doc, { type: 'replace', document: other }).document;
      expect(next).toEqual(other);
      expect(next.tree).toBe(other.tree);
      const withEmptyGrid = { ...other, tree: { ...other.tree, nodes: { ...other.tree.nodes, e: { id: 'e', kind: 'grid' as const, props: {}, children: [] }, [ROOT_ID]: { ...other.tree.nodes[ROOT_ID], children: [...other.tree.nodes[ROOT_ID].children, 'e'] } } } };
      expect(applyOperation(doc, { type: 'replace', document: withEmptyGrid }).document.tree).toEqual(other.tree);
    });

    it('refuses a tree whose kinds do not fit or whose field items name nothing', () => {
      const doc = rich();
      const badKinds = { ...doc, tree: { ...doc.tree, nodes: { ...doc.tree.nodes, g1: { ...doc.tree.nodes.g1, children: ['f1'] } } } };
      refused(doc, { type: 'replace', document: badKinds }, 'designer.error.notAccepted');
      const badField = { ...doc, tree: { ...doc.tree, nodes: { ...doc.tree.nodes, f1: { ...doc.tree.nodes.f1, props: { field: 'gone' } } } } };
      refused(doc, { type: 'replace', document: badField }, 'designer.error.unknownField');
    });
  });
});
