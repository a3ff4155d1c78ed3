import { describe, expect, it } from 'vitest';
import { validateDefinition, type ProcessDefinition } from '../../../../runtime/core/bpm';
import {
  addNode, completeDefinition, connect, emptyDefinition, issueTarget, layoutPositions, moveNodes, parseDefinition, removeElements,
  setDefaultEdge, toDiagram, updateNode,
} from '../../../../src/pages/bpm/designer/definitionGraph';
import { checkCondition } from '../../../../src/pages/bpm/designer/conditionCheck';
import { formFieldNames, withFields } from '../../../../src/pages/bpm/designer/formFieldNames';

const blank = (): ProcessDefinition => emptyDefinition('trip', '出差', '开始', '结束');

/** start → approve (by `users`) → end, built the way the designer's buttons build it. */
function threeNodes(users: string[]): ProcessDefinition {
  const { def, id } = addNode(blank(), 'approve', '经理审批', { x: 0, y: 120 });
  const wired = connect(connect(def, 'start', id)!, id, 'end')!;
  return updateNode(wired, id, { assignees: [{ kind: 'users', users }] });
}

describe('the designer document ↔ diagram', () => {
  it('builds start → approve → end: invalid without an assignee, valid with one', () => {
    const without = completeDefinition(threeNodes([]));
    expect(validateDefinition(without).map((i) => i.code)).toEqual(['noAssignees']);
    expect(validateDefinition(completeDefinition(threeNodes(['u-1'])))).toEqual([]);
  });

  it('marks the node an issue is about, by pointer or by the node it names', () => {
    const def = completeDefinition(threeNodes([]));
    const issues = validateDefinition(def);
    const diagram = toDiagram(def, issues, 'approve1');
    expect(diagram.nodes.find((n) => n.id === 'approve1')).toMatchObject({ selected: true, data: { issues: [{ code: 'noAssignees' }] } });
    expect(diagram.nodes.find((n) => n.id === 'start')).toMatchObject({ deletable: false, data: { issues: [] } });
    expect(diagram.edges.map((e) => [e.id, e.source, e.target])).toEqual([['start->approve1', 'start', 'approve1'], ['approve1->end', 'approve1', 'end']]);
    expect(issueTarget(def, { pointer: '/edges/1/when', code: 'badExpression', params: {} })).toEqual({ edgeId: 'approve1->end' });
    expect(issueTarget(def, { pointer: '/nodes', code: 'noEnd', params: {} })).toEqual({});
  });

  it('refuses edges the engine could not use: loops, duplicates, into the start, out of an end', () => {
    const def = threeNodes(['u-1']);
    expect(connect(def, 'approve1', 'approve1')).toBeUndefined();
    expect(connect(def, 'start', 'approve1')).toBeUndefined();
    expect(connect(def, 'approve1', 'start')).toBeUndefined();
    expect(connect(def, 'end', 'approve1')).toBeUndefined();
    expect(connect(def, 'start', 'end')?.edges).toHaveLength(3);
  });

  it('adds a split together with its join, and deleting the join drops the reference', () => {
    const { def, id } = addNode(blank(), 'split', '并行', { x: 0, y: 0 }, '汇聚');
    expect(def.nodes.find((n) => n.id === id)).toMatchObject({ kind: 'split', join: 'join1' });
    expect(def.nodes.find((n) => n.id === 'join1')).toMatchObject({ kind: 'join', name: '汇聚' });
    const without = removeElements(def, ['join1'], []);
    expect(without.nodes.find((n) => n.id === id)).not.toHaveProperty('join');
  });

  it('deletes a node with its edges, never the start', () => {
    const def = threeNodes(['u-1']);
    const after = removeElements(def, ['approve1', 'start'], []);
    expect(after.nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(after.edges).toEqual([]);
    expect(removeElements(def, [], ['approve1->end']).edges.map((e) => e.to)).toEqual(['approve1']);
  });

  it('keeps exactly one default branch per condition node and drops its expression', () => {
    let def: ProcessDefinition = { ...blank(), formFields: ['days'] };
    const cond = addNode(def, 'condition', '天数', { x: 0, y: 100 });
    const hr = addNode(cond.def, 'approve', '人事', { x: 0, y: 200 });
    def = [['start', cond.id], [cond.id, hr.id], [cond.id, 'end'], [hr.id, 'end']].reduce((d, [a, b]) => connect(d, a, b)!, hr.def);
    def = { ...def, edges: def.edges.map((e) => (e.from === cond.id && e.to === hr.id ? { ...e, when: 'days > 3' } : e)) };
    def = setDefaultEdge(def, `${cond.id}->end`, true);
    def = setDefaultEdge(def, `${cond.id}->${hr.id}`, true);
    expect(def.edges.filter((e) => e.default).map((e) => e.to)).toEqual([hr.id]);
    expect(def.edges.find((e) => e.to === hr.id && e.from === cond.id)).not.toHaveProperty('when');
  });

  it('lays out nodes without positions by depth from the start and keeps stored positions', () => {
    const def = threeNodes(['u-1']);
    const unplaced = { ...def, nodes: def.nodes.map(({ position: _p, ...n }) => n) };
    const laid = layoutPositions(unplaced);
    expect([laid.get('start')!.y, laid.get('approve1')!.y, laid.get('end')!.y]).toEqual([0, 120, 240]);
    const moved = moveNodes(def, new Map([['approve1', { x: 40.4, y: 99.6 }]]));
    expect(layoutPositions(moved).get('approve1')).toEqual({ x: 40, y: 100 });
  });

  it('leaves half-filled assignee rules out of what is saved, and reads stored drafts defensively', () => {
    const def = updateNode(threeNodes(['u-1']), 'approve1', { assignees: [{ kind: 'roles', roles: [] }, { kind: 'users', users: ['u-1'] }, { kind: 'field', field: '' }] });
    expect(completeDefinition(def).nodes[2].assignees).toEqual([{ kind: 'users', users: ['u-1'] }]);
    expect(parseDefinition('not json', 'k', 'n')).toBeUndefined();
    expect(parseDefinition('{"nodes":[]}', 'k', 'n')).toBeUndefined();
    // Key and name come from the record, other keys (a bound entity, typed fields) are kept.
    expect(parseDefinition('{"key":"old","nodes":[],"edges":[],"entity":"Leave"}', 'k', 'n')).toMatchObject({ key: 'k', name: 'n', formFields: [], entity: 'Leave' });
  });
});

describe('conditions and form fields in the designer', () => {
  it('checks a condition live with the safe evaluator: known names only', () => {
    expect(checkCondition('days > 3 && initiator.deptId == "d1"', ['days'])).toBeUndefined();
    expect(checkCondition('dayz > 3', ['days'])).toEqual({ key: 'bpm.designer.condition.unknownName', params: { names: 'dayz' } });
    expect(checkCondition('days >', ['days'])?.key).toBe('bpm.designer.condition.invalid');
    expect(checkCondition('  ', ['days'])?.key).toBe('bpm.designer.condition.empty');
  });

  it('keeps formFields in step with the typed fields, leaving hand-declared names alone', () => {
    const base = { ...blank(), formFields: ['external'] };
    const one = withFields(base, [{ key: 'days', type: 'number', label: '天数' }]);
    expect(one.formFields).toEqual(['external', 'days']);
    const renamed = withFields(one, [{ key: 'total', type: 'number', label: '天数' }]);
    expect(renamed.formFields).toEqual(['external', 'total']);
    expect(formFieldNames(renamed, ['amount'])).toEqual(['external', 'total', 'amount']);
  });
});

describe('the layout of unplaced definitions', () => {
  it('puts the k-th branch of a condition k columns right, so a branch that skips a row runs beside the others', () => {
    const def: ProcessDefinition = {
      formatVersion: 1, key: 'leave', name: 'leave', formFields: ['days'],
      nodes: [{ id: 'start', kind: 'start', name: 's' }, { id: 'c', kind: 'condition', name: 'c' }, { id: 'hr', kind: 'approve', name: 'hr' }, { id: 'end', kind: 'end', name: 'e' }],
      edges: [{ from: 'start', to: 'c' }, { from: 'c', to: 'hr', when: 'days > 3' }, { from: 'c', to: 'end', default: true }, { from: 'hr', to: 'end' }],
    };
    const laid = layoutPositions(def);
    expect(Object.fromEntries(laid)).toEqual({ start: { x: 0, y: 0 }, c: { x: 0, y: 120 }, hr: { x: 0, y: 240 }, end: { x: 220, y: 360 } });
  });
});
