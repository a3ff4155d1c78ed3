import { describe, expect, it } from 'vitest';
import { validateDefinition, type ProcessDefinition } from '../../../../runtime/core/bpm';
import { demoProcesses } from '../../../../server/modules/bpm/demoProcesses';
import { approve, chain, definition, edge, node } from './engineHarness';

const codes = (doc: unknown) => validateDefinition(doc).map((i) => `${i.code}:${i.params.name ?? i.params.node ?? ''}`);

describe('validateDefinition', () => {
  it('accepts the demo processes', () => {
    for (const p of demoProcesses({ user: (a) => `u-${a}`, dept: (d) => `d-${d}` })) {
      expect(validateDefinition({ ...p.definition, key: p.processKey, name: p.processName }), p.processKey).toEqual([]);
    }
  });

  it('refuses what the meta-schema does not describe, with a pointer', () => {
    const issues = validateDefinition({ ...chain(approve('a', ['bob'])), nodes: [{ id: 'start', kind: 'begin', name: 's' }, node('end', 'end')] });
    expect(issues[0]).toMatchObject({ code: 'format' });
    expect(issues.some((i) => i.pointer === '/nodes/0/kind')).toBe(true);
  });

  const cases: [string, ProcessDefinition, string[]][] = [
    ['an unreachable node', definition([node('start', 'start'), approve('a', ['bob']), approve('lost', ['bob']), node('end', 'end')],
      [edge('start', 'a'), edge('a', 'end'), edge('lost', 'end')]), ['unreachable:lost']],
    ['an approve node without assignees', chain(node('a', 'approve')), ['noAssignees:a']],
    ['a split without a join', definition([node('start', 'start'), node('s', 'split'), approve('a', ['x']), approve('b', ['y']), node('end', 'end')],
      [edge('start', 's'), edge('s', 'a'), edge('s', 'b'), edge('a', 'end'), edge('b', 'end')]), ['splitWithoutJoin:s']],
    ['a branch that ends without meeting its join', definition([node('start', 'start'), node('s', 'split', { join: 'j' }), approve('a', ['x']),
      approve('b', ['y']), node('j', 'join'), node('end', 'end')],
    [edge('start', 's'), edge('s', 'a'), edge('s', 'b'), edge('a', 'j'), edge('b', 'end'), edge('j', 'end')]), ['branchEscapes:s']],
    ['a condition without a default branch', definition([node('start', 'start'), node('c', 'condition'), approve('a', ['x']), node('end', 'end')],
      [edge('start', 'c'), edge('c', 'a', { when: 'days > 3' }), edge('c', 'end', { when: 'days <= 3' }), edge('a', 'end')], ['days']), ['conditionDefault:c']],
    ['an unknown name in a condition', definition([node('start', 'start'), node('c', 'condition'), approve('a', ['x']), node('end', 'end')],
      [edge('start', 'c'), edge('c', 'a', { when: 'dayz > 3' }), edge('c', 'end', { default: true }), edge('a', 'end')], ['days']), ['unknownName:dayz']],
    ['a condition that does not parse', definition([node('start', 'start'), node('c', 'condition'), approve('a', ['x']), node('end', 'end')],
      [edge('start', 'c'), edge('c', 'a', { when: 'days >' }), edge('c', 'end', { default: true }), edge('a', 'end')], ['days']), ['badExpression:c']],
    ['a node with two ways out', definition([node('start', 'start'), approve('a', ['x']), node('end', 'end'), node('end2', 'end')],
      [edge('start', 'a'), edge('a', 'end'), edge('a', 'end2')]), ['outgoingCount:a']],
    ['a ratio node without its ratio', chain(approve('a', ['x'], { mode: 'ratio' })), ['ratioMissing:a']],
    ['a field rule naming an undeclared field', chain(node('a', 'approve', { assignees: [{ kind: 'field', field: 'boss' }] })), ['unknownField:boss']],
    ['two start nodes', definition([node('start', 'start'), node('start2', 'start'), node('end', 'end')], [edge('start', 'end'), edge('start2', 'end')]), ['startCount:']],
  ];
  it.each(cases)('refuses %s', (_name, doc, expected) => {
    expect(codes(doc)).toEqual(expected);
  });

  it('lets conditions read the initiator', () => {
    const doc = definition([node('start', 'start'), node('c', 'condition'), approve('a', ['x']), node('end', 'end')],
      [edge('start', 'c'), edge('c', 'a', { when: "initiator.deptId == 'd1'" }), edge('c', 'end', { default: true }), edge('a', 'end')]);
    expect(validateDefinition(doc)).toEqual([]);
  });
});
