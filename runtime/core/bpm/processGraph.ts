import type { ProcessDefinition, ProcessEdge, ProcessNode } from './types';

/** Where a node lies inside a split: the split's id and the number of the branch (its out-edge index). */
export interface BranchPlace { splitId: string; branch: number }

/** Lookups over a definition's nodes and edges, built once per definition. */
export interface ProcessGraph {
  node(id: string): ProcessNode;
  has(id: string): boolean;
  outgoing(id: string): ProcessEdge[];
  incoming(id: string): ProcessEdge[];
  /** Nodes reachable from `id` following edges (`id` itself excluded unless on a loop). */
  reachableFrom(id: string): Set<string>;
  /** The branches of splits this node lies in (between a split and its join). */
  branchesOf(id: string): BranchPlace[];
  startNode: ProcessNode;
}

const cache = new WeakMap<ProcessDefinition, ProcessGraph>();

function walk(start: string[], next: (id: string) => string[], stopAt?: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (id === stopAt) continue;
    queue.push(...next(id));
  }
  return seen;
}

/** The graph of a definition that passed validateDefinition (unknown ids throw). */
export function processGraph(definition: ProcessDefinition): ProcessGraph {
  const known = cache.get(definition);
  if (known) return known;
  const nodes = new Map(definition.nodes.map((n) => [n.id, n]));
  const out = new Map<string, ProcessEdge[]>();
  const inc = new Map<string, ProcessEdge[]>();
  for (const edge of definition.edges) {
    out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
    inc.set(edge.to, [...(inc.get(edge.to) ?? []), edge]);
  }
  const successors = (id: string) => (out.get(id) ?? []).map((e) => e.to);
  const reach = new Map<string, Set<string>>();
  const branches = new Map<string, BranchPlace[]>();
  for (const split of definition.nodes.filter((n) => n.kind === 'split' && n.join)) {
    (out.get(split.id) ?? []).forEach((edge, branch) => {
      for (const id of walk([edge.to], successors, split.join)) {
        if (id === split.join) continue;
        branches.set(id, [...(branches.get(id) ?? []), { splitId: split.id, branch }]);
      }
    });
  }
  const graph: ProcessGraph = {
    node(id) {
      const node = nodes.get(id);
      if (!node) throw new Error(`process ${definition.key} has no node ${id}`);
      return node;
    },
    has: (id) => nodes.has(id),
    outgoing: (id) => out.get(id) ?? [],
    incoming: (id) => inc.get(id) ?? [],
    reachableFrom(id) {
      let set = reach.get(id);
      if (!set) {
        set = walk(successors(id), successors);
        reach.set(id, set);
      }
      return set;
    },
    branchesOf: (id) => branches.get(id) ?? [],
    get startNode() {
      const start = definition.nodes.find((n) => n.kind === 'start');
      if (!start) throw new Error(`process ${definition.key} has no start node`);
      return start;
    },
  };
  cache.set(definition, graph);
  return graph;
}
