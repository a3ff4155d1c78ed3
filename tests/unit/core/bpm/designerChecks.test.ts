import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../runtime/core/bpm';
import { approve, definition, edge, node } from './engineHarness';

const codes = (doc: unknown) => validateDefinition(doc).map((i) => `${i.code}:${i.pointer}`);

// Checks added for what a diagram editor lets people draw and the engine would silently ignore.
describe('validateDefinition: checks for drawn definitions', () => {
  it('refuses the same edge drawn twice, pointing at the second', () => {
    const def = definition([node('start', 'start'), approve('a', ['bob']), node('end', 'end')],
      [edge('start', 'a'), edge('a', 'end'), edge('a', 'end')]);
    expect(codes(def)).toContain('duplicateEdge:/edges/2');
  });

  it('refuses a condition or default flag on an edge that does not leave a condition node', () => {
    const def = definition([node('start', 'start'), approve('a', ['bob']), node('end', 'end')],
      [edge('start', 'a', { when: 'days > 3' }), edge('a', 'end', { default: true })], ['days']);
    expect(codes(def)).toEqual(['edgeNotConditional:/edges/0', 'edgeNotConditional:/edges/1']);
  });

  it('accepts node positions (the designer stores them; the engine ignores them)', () => {
    const def = definition([node('start', 'start', { position: { x: 0, y: 0 } }), approve('a', ['bob'], { position: { x: 10.5, y: 120 } }),
      node('end', 'end', { position: { x: 0, y: 240 } })], [edge('start', 'a'), edge('a', 'end')]);
    expect(validateDefinition(def)).toEqual([]);
    expect(codes({ ...def, nodes: [{ ...def.nodes[0], position: { x: 'left', y: 0 } }, ...def.nodes.slice(1)] })[0]).toBe('format:/nodes/0/position/x');
  });
});
