import { describe, expect, it } from 'vitest';
import { evenSpans, gridRows, normaliseTree, rebalanceSpans, ROOT_ID, rowsFull } from '../../../designer/core';
import type { DesignNode, DesignTree } from '../../../designer/core';

const n = (id: string, kind: DesignNode['kind'], children: string[] = [], props: Record<string, unknown> = {}): DesignNode => ({ id, kind, props, children });
const tree = (...nodes: DesignNode[]): DesignTree => ({ rootId: ROOT_ID, nodes: Object.fromEntries(nodes.map((x) => [x.id, x])) });

describe('spans', () => {
  it('packs cols into rows of 24 as antd wraps them', () => {
    expect(gridRows([12, 12, 12, 24, 6])).toEqual([[0, 1], [2], [3], [4]]);
    expect(rowsFull([12, 12, 24])).toBe(true);
    expect(rowsFull([12, 24])).toBe(false);
  });

  it('shares 24 evenly, larger first', () => {
    expect(evenSpans(1)).toEqual([24]);
    expect(evenSpans(5)).toEqual([5, 5, 5, 5, 4]);
    expect(evenSpans(24)).toEqual(Array(24).fill(1));
  });

  it('keeps a one-row grid one row and fills the short rows of a grid of several', () => {
    expect(rebalanceSpans([8, 8], 24)).toEqual([12, 12]);
    expect(rebalanceSpans([16, 8], 24)).toEqual([16, 8]);
    expect(rebalanceSpans([12, 12, 24], 24)).toEqual([8, 8, 8]);
    expect(rebalanceSpans([12, 12, 12, 24], 72)).toEqual([12, 12, 24, 24]);
    expect(rebalanceSpans([12, 12, 6, 24], 96)).toEqual([12, 12, 24, 24]);
    expect(rebalanceSpans([12, 12, 24], 72)).toEqual([12, 12, 24]);
  });
});

describe('normaliseTree', () => {
  it('answers the same tree when nothing needs repair', () => {
    const t = tree(n(ROOT_ID, 'root', ['g']), n('g', 'grid', ['c']), n('c', 'col', ['f'], { span: 24 }), n('f', 'field', [], { field: 'a' }));
    expect(normaliseTree(t)).toBe(t);
    expect(normaliseTree(t, { before: t })).toBe(t);
  });

  it('drops unreachable nodes, dangling and repeated children, empty grids and tabs', () => {
    const t = tree(
      n(ROOT_ID, 'root', ['g', 'ts', 'f', 'missing', 'f', 'tb']),
      n('g', 'grid', []),
      n('ts', 'tabs', ['t']),
      n('t', 'tab', ['f'], { title: 'x' }),
      n('f', 'field', [], { field: 'a' }),
      n('tb', 'tabs', []),
      n('lost', 'field', [], { field: 'b' }),
    );
    const out = normaliseTree(t);
    expect(Object.keys(out.nodes).sort()).toEqual([ROOT_ID, 'f', 't', 'ts'].sort());
    expect(out.nodes[ROOT_ID].children).toEqual(['ts']);
    expect(out.nodes.t.children).toEqual(['f']);
  });

  it('breaks a cycle: a node under two parents stays with the first', () => {
    const t = tree(n(ROOT_ID, 'root', ['ts']), n('ts', 'tabs', ['t']), n('t', 'tab', ['ts2']), n('ts2', 'tabs', ['t2']), n('t2', 'tab', ['ts'], { title: 'x' }));
    const out = normaliseTree(t);
    expect(out.nodes.t2.children).toEqual([]);
  });

  it('rebalances only the grids whose cols changed since `before`', () => {
    const before = tree(
      n(ROOT_ID, 'root', ['g1', 'g2']),
      n('g1', 'grid', ['a', 'b', 'c']), n('a', 'col', [], { span: 8 }), n('b', 'col', [], { span: 8 }), n('c', 'col', [], { span: 8 }),
      n('g2', 'grid', ['d']), n('d', 'col', [], { span: 12 }),
    );
    const after = tree(
      n(ROOT_ID, 'root', ['g1', 'g2']),
      n('g1', 'grid', ['a', 'b']), n('a', 'col', [], { span: 8 }), n('b', 'col', [], { span: 8 }), n('c', 'col', [], { span: 8 }),
      n('g2', 'grid', ['d']), n('d', 'col', [], { span: 12 }),
    );
    const out = normaliseTree(after, { before });
    expect(out.nodes.a.props.span).toBe(12);
    expect(out.nodes.b.props.span).toBe(12);
    // g2 was as it is: a file's half-width col alone is kept.
    expect(out.nodes.d.props.span).toBe(12);
    expect(out.nodes.c).toBeUndefined();
  });
});
