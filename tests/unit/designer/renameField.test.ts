import { describe, expect, it } from 'vitest';
import { applyOperation, contextNameTokens, fromEntityDocument, renameFieldKey, renameIdentifiers, toEntityDocument, validateDesign } from '../../../designer/core';
import { counterIds, hrContract, richDocument } from './fixtures';

const rich = () => fromEntityDocument(richDocument(), counterIds());

describe('renameIdentifiers', () => {
  const map = new Map([['a', 'b'], ['len', 'size']]);
  it.each([
    ['a + 1', 'b + 1'],
    ["a == 'a'", "b == 'a'"],
    ['a == "a\\"a"', 'b == "a\\"a"'],
    ['x.a + a.x', 'x.a + b.x'],
    ['x . a', 'x . a'],
    ['len(a) > len', 'len(b) > size'],
    ['len (a)', 'len (b)'],
    ['1e5 + a', '1e5 + b'],
    ['a1 + aa + _a', 'a1 + aa + _a'],
    ['x[0].a', 'x[0].a'],
    ["x['a'] || a", "x['a'] || b"],
    ['.5 + a', '.5 + b'],
    ['[a, 2]', '[b, 2]'],
    ['a?a:a', 'b?b:b'],
  ])('%s → %s', (source, expected) => {
    expect(renameIdentifiers(source, map)).toBe(expected);
  });

  it('answers the same string when nothing is renamed, and token positions', () => {
    const source = 'q + 1';
    expect(renameIdentifiers(source, map)).toBe(source);
    expect(contextNameTokens('ab + len(cd)')).toEqual([{ name: 'ab', start: 0, end: 2 }, { name: 'cd', start: 9, end: 11 }]);
  });
});

describe('renameFieldKey', () => {
  it('renames the field and every place that names it, and the result still loads', () => {
    const doc = rich();
    const next = renameFieldKey(doc, 'budget', 'cost');
    const out = toEntityDocument(next) as Record<string, any>;
    expect(out.fields.map((f: { name: string }) => f.name)).toEqual(['subject', 'traveller', 'seq', 'cost', 'needCar', 'carNote', 'legs', 'opinion', 'status']);
    expect(out.fields[3].rules[0].expression).toBe("cost >= 0 && subject != 'budget'");
    // A sub-table row's own `budget` column is another name.
    expect(out.fields[6].fields.map((f: { name: string }) => f.name)).toEqual(['city', 'guide', 'budget']);
    expect(out.list.columns.map((c: { prop: string }) => c.prop)).toEqual(['subject', 'cost', 'status']);
    expect(out.list.filters.map((c: { field: string }) => c.field)).toEqual(['subject', 'cost']);
    expect(out.list.defaultSort).toEqual({ prop: 'cost', order: 'descending' });
    expect(out.indexes).toEqual([{ columns: ['cost', 'subject'] }]);
    expect(out.securityReview.fields).toEqual(['cost']);
    expect(out.details.sections.map((s: { fields: string[] }) => s.fields)).toEqual([['subject', 'cost', 'traveller'], ['cost']]);
    expect(out.flow.transitions[0].fields).toEqual(['opinion', 'cost']);
    expect(out.flow.transitions[0].guard).toBe('cost > 0 && len(opinion) > 0');
    expect(out.actions[0].visibleWhen).toBe("status == 'done' && cost > 0");
    const budgetNode = out.form.layout[1].children[0].children[0];
    expect(budgetNode.field).toBe('cost');
    expect(budgetNode.requiredWhen).toBe('needCar == 1 && cost.x != subject');
    expect(budgetNode.rules[0].expression).toBe("cost < 100000 || subject == 'big'");
    // The label text moves with the key in the entity's own messages.
    expect(out.messages.en).toHaveProperty(['entity.TripPlan.field.cost'], 'Budget');
    expect(out.messages.en).not.toHaveProperty(['entity.TripPlan.field.budget']);
    expect(out.fields[3]).not.toHaveProperty('label');
    expect(validateDesign(next)).toEqual({ ok: true });
    // The input is untouched.
    expect(doc.entity.fields[3].name).toBe('budget');
  });

  it('follows the key, the label, sort, owner and participant fields, flow and action fields and open paths', () => {
    let doc = rich();
    doc = renameFieldKey(doc, 'subject', 'topic');
    doc = renameFieldKey(doc, 'seq', 'order');
    doc = renameFieldKey(doc, 'traveller', 'who');
    doc = renameFieldKey(doc, 'legs', 'stops');
    doc = renameFieldKey(doc, 'opinion', 'note');
    doc = renameFieldKey(doc, 'status', 'state');
    const out = toEntityDocument(doc) as Record<string, any>;
    expect(out.labelField).toBe('topic');
    expect(out.sortField).toBe('order');
    expect(out.pickerFields).toEqual(['topic', 'who']);
    expect(out.list.scopes.my).toEqual({ ownerField: 'who', participants: ['stops.guide'] });
    expect(out.list.keywordFields).toEqual(['topic']);
    expect(out.actions[0]).toMatchObject({ fields: ['topic'], open: '/trip/{planId}/{topic}', visibleWhen: "state == 'done' && budget > 0" });
    expect(out.flow.field).toBe('state');
    expect(out.flow.transitions[0]).toMatchObject({ opinionField: 'note', guard: 'budget > 0 && len(note) > 0' });
    // Sub-table column labels move under the new key.
    expect(out.messages['zh-cn']).toHaveProperty(['entity.TripPlan.subField.stops.city'], '城市');
    expect(validateDesign(doc)).toEqual({ ok: true });
  });

  it('names a workflow\'s default status field explicitly when it is renamed', () => {
    const raw = { ...richDocument(), flow: undefined, workflow: { process: 'tripApproval' } };
    const next = renameFieldKey(fromEntityDocument(raw), 'status', 'state');
    expect(next.entity.workflow).toEqual({ process: 'tripApproval', statusField: 'state' });
    expect(validateDesign(next)).toEqual({ ok: true });
  });

  it('renames the key field with the entity key', () => {
    const raw = { ...richDocument(), fields: [{ name: 'planId', type: 'string' }, ...(richDocument().fields as object[])] };
    const next = renameFieldKey(fromEntityDocument(raw), 'planId', 'tripId');
    expect(next.entity.key).toBe('tripId');
    expect((next.entity.actions as { open: string }[])[0].open).toBe('/trip/{tripId}/{subject}');
  });

  it('keeps a bundled label key as the field\'s explicit label (its translation lives in locales/)', () => {
    const next = renameFieldKey(hrContract(), 'renewFlag', 'renewed');
    const field = next.entity.fields.find((f) => f.name === 'renewed')!;
    expect(field.label).toBe('entity.HrContract.field.renewFlag');
    const remark = Object.values(next.tree.nodes).find((n) => n.props.field === 'renewRemark')!;
    expect(remark.props).toMatchObject({ hiddenWhen: 'renewed != 1', requiredWhen: 'renewed == 1' });
    expect(validateDesign(next, 'hr')).toEqual({ ok: true });
  });

  it('refuses invalid and taken keys and unknown fields', () => {
    const doc = rich();
    for (const bad of ['1a', 'a-b', 'a b', '', 'x'.repeat(61), 'true', 'constructor', 'null']) {
      expect(() => renameFieldKey(doc, 'subject', bad)).toThrow(expect.objectContaining({ code: 'designer.error.fieldKeyInvalid' }));
    }
    for (const taken of ['budget', 'planId', 'createTime', 'rowVersion']) {
      expect(() => renameFieldKey(doc, 'subject', taken)).toThrow(expect.objectContaining({ code: 'designer.error.fieldKeyTaken' }));
    }
    expect(() => renameFieldKey(doc, 'nothing', 'x')).toThrow(expect.objectContaining({ code: 'designer.error.unknownField' }));
    expect(renameFieldKey(doc, 'subject', 'subject')).toBe(doc);
    expect(renameFieldKey(doc, 'subject', 'x'.repeat(60)).entity.fields[0].name).toHaveLength(60);
  });

  it('is the renameField operation', () => {
    const doc = rich();
    const f5 = doc.tree.nodes.f5;
    const withDisabled = { ...doc, tree: { ...doc.tree, nodes: { ...doc.tree.nodes, f5: { ...f5, props: { ...f5.props, disabledWhen: 'needCar == 1' } } } } };
    const { document } = applyOperation(withDisabled, { type: 'renameField', from: 'needCar', to: 'car' });
    expect(document.tree.nodes.f5.props.hiddenWhen).toBe('car != 1');
    expect(document.tree.nodes.f5.props.disabledWhen).toBe('car == 1');
  });
});
