import fc from 'fast-check';
import {
  canContain, createFieldNode, createLayoutNode, FIELD_PALETTE, placedFields, subtreeIds,
} from '../../../designer/core';
import type { DesignDocument, DesignOperation, NodeKind } from '../../../designer/core';

/**
 * Random operations over whatever document a sequence has reached: a seed of numbers picks the
 * operation and its nodes from the current document, mostly among choices that may succeed
 * (a parent that accepts the kind), sometimes among any (to exercise refusals).
 */
export interface OperationSeed { type: number; a: number; b: number; c: number; loose: boolean }

export const operationSeed: fc.Arbitrary<OperationSeed> = fc.record({
  type: fc.nat({ max: 11 }),
  a: fc.nat({ max: 10_000 }),
  b: fc.nat({ max: 10_000 }),
  c: fc.nat({ max: 50 }),
  loose: fc.boolean(),
});

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

export function operationFrom(doc: DesignDocument, seed: OperationSeed): DesignOperation | undefined {
  const nodes = subtreeIds(doc.tree, doc.tree.rootId).map((id) => doc.tree.nodes[id]);
  const nonRoot = nodes.filter((n) => n.kind !== 'root');
  const parentsFor = (kind: NodeKind) => (seed.loose ? nodes : nodes.filter((n) => canContain(n.kind, kind)));
  const placed = placedFields(doc.tree);
  const declared = doc.entity.fields.map((f) => f.name);
  switch (seed.type) {
    case 0: {
      const entry = pick(FIELD_PALETTE, seed.a)!;
      const parent = pick(parentsFor('field'), seed.b);
      if (!parent) return undefined;
      return { type: 'insert', parentId: parent.id, index: seed.c, ...createFieldNode(doc, entry.type, entry.widget) };
    }
    case 1: {
      const kind = pick(['grid', 'tabs', 'tab', 'col'] as const, seed.a)!;
      const parent = pick(parentsFor(kind), seed.b);
      if (!parent) return undefined;
      return { type: 'insert', parentId: parent.id, index: seed.c, ...createLayoutNode(kind, doc) };
    }
    case 2: {
      const node = pick(nonRoot, seed.a);
      const parent = node && pick(parentsFor(node.kind), seed.b);
      if (!node || !parent) return undefined;
      return { type: 'move', id: node.id, parentId: parent.id, index: seed.c };
    }
    case 3: {
      const node = pick(seed.loose ? nodes : nonRoot, seed.a);
      return node && { type: 'remove', id: node.id };
    }
    case 4: {
      const node = pick(seed.loose ? nodes : nonRoot, seed.a);
      return node && { type: 'duplicate', id: node.id };
    }
    case 5: {
      const node = pick(nonRoot, seed.a);
      if (!node) return undefined;
      if (node.kind === 'col') return { type: 'updateNode', id: node.id, props: { span: (seed.b % 24) + 1 } };
      if (node.kind === 'tab') return { type: 'updateNode', id: node.id, props: { title: `entity.X.tab.t${seed.b}` } };
      if (node.kind === 'field') {
        const other = pick(placed, seed.b)!;
        const props = [
          { hiddenWhen: `${other} == ${seed.c}` },
          { requiredWhen: `!isEmpty(${other})`, message: 'entity.X.rule.required' },
          { hiddenWhen: undefined, requiredWhen: undefined },
          { span: (seed.c % 24) + 1, tips: 'entity.X.tips.a', placeholder: 'p' },
          { rules: [{ expression: `len(${other}) < ${seed.c + 1}`, message: 'entity.X.rule.len' }] },
        ];
        return { type: 'updateNode', id: node.id, props: pick(props, seed.c)! };
      }
      return { type: 'updateNode', id: node.id, props: {} };
    }
    case 6: {
      const name = pick(declared, seed.a)!;
      const patches = [{ required: seed.b % 2 === 0 }, { indexed: true }, { required: undefined }, { rules: undefined }];
      return { type: 'updateField', name, patch: pick(patches, seed.b)! };
    }
    case 7: {
      const from = pick(placed.length > 0 && !seed.loose ? placed : declared, seed.a)!;
      const to = seed.loose && seed.c % 5 === 0 ? pick(declared, seed.b)! : `k${seed.b}`;
      return { type: 'renameField', from, to };
    }
    case 8: {
      const node = pick(seed.loose ? nodes : nonRoot.filter((n) => ['grid', 'tabs', 'field'].includes(n.kind)), seed.a);
      return node && { type: 'wrap', id: node.id, kind: seed.b % 2 === 0 ? 'grid' : 'tabs', newIds: [] };
    }
    case 9: {
      const node = pick(seed.loose ? nodes : nonRoot.filter((n) => n.kind !== 'field'), seed.a);
      return node && { type: 'unwrap', id: node.id };
    }
    case 10:
      return { type: 'updateEntity', patch: { description: `d${seed.a}` } };
    default: {
      const node = pick(nonRoot, seed.a);
      return node && { type: 'updateNode', id: node.id, props: node.kind === 'field' ? { disabled: seed.b % 2 === 0 } : {} };
    }
  }
}
