import { describe, expect, it } from 'vitest';
import { urgeAllowed, urgeableNodes, validateDefinition } from '../../../../runtime/core/bpm';
import { approve, chain, definition, edge, node } from './engineHarness';

describe('催办 per node (allow.urge)', () => {
  it('is allowed unless the node says urge: false, so definitions from before it keep urging', () => {
    expect(urgeAllowed(approve('a', ['bob']))).toBe(true);
    expect(urgeAllowed(approve('a', ['bob'], { allow: { transfer: true } }))).toBe(true);
    expect(urgeAllowed(approve('a', ['bob'], { allow: { urge: true } }))).toBe(true);
    expect(urgeAllowed(approve('a', ['bob'], { allow: { urge: false } }))).toBe(false);
  });

  it('reaches only the current nodes that allow it', () => {
    const def = definition([
      node('start', 'start'), node('s', 'split', { join: 'j' }), approve('quiet', ['x'], { allow: { urge: false } }), approve('loud', ['y']),
      node('j', 'join'), node('end', 'end'),
    ], [edge('start', 's'), edge('s', 'quiet'), edge('s', 'loud'), edge('quiet', 'j'), edge('loud', 'j'), edge('j', 'end')]);
    expect(urgeableNodes(def, ['quiet', 'loud'])).toEqual(['loud']);
    expect(urgeableNodes(def, ['quiet'])).toEqual([]);
    expect(urgeableNodes(def, [])).toEqual([]);
  });

  it('is part of the definition format: a boolean, checked by the meta-schema', () => {
    expect(validateDefinition(chain(approve('a', ['bob'], { allow: { urge: false } })))).toEqual([]);
    const wrong = { ...chain(approve('a', ['bob'])), nodes: [node('start', 'start'), { ...approve('a', ['bob']), allow: { urge: 'no' } }, node('end', 'end')] };
    const issues = validateDefinition(wrong);
    expect(issues[0]).toMatchObject({ code: 'format', pointer: '/nodes/1/allow/urge' });
  });
});
