import type { DefinitionIssue, NodeKind, ProcessDefinition, ProcessEdge, ProcessNode } from '../../../../runtime/core/bpm';

/**
 * The designer's pure part: the definition document is the one source of truth (it is what is
 * saved, undone and validated); the diagram's nodes and edges are derived from it each render,
 * and each change on the diagram is written back here. No React, so the unit tests cover it.
 */

export type Position = { x: number; y: number };

/** What a diagram node carries besides its place: the process node and its validation issues. */
export interface DiagramNodeData extends Record<string, unknown> {
  node: ProcessNode;
  issues: DefinitionIssue[];
}

export interface DiagramNode {
  id: string;
  type: 'process';
  position: Position;
  data: DiagramNodeData;
  selected: boolean;
  /** Start has no way in, end no way out: the diagram offers no handle there. */
  deletable: boolean;
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
  selected: boolean;
  /** Condition branches: the default one is drawn dashed, an edge with issues red. */
  data: { edge: ProcessEdge; issues: DefinitionIssue[] };
}

/** Vertical distance between layers and horizontal distance between siblings when a definition has no positions. */
const LAYER_GAP = 120;
const SIBLING_GAP = 220;

export const edgeId = (edge: Pick<ProcessEdge, 'from' | 'to'>): string => `${edge.from}->${edge.to}`;

/**
 * Positions for nodes the definition does not place (demo processes, hand-written JSON): rows by
 * the longest path from the start (so every edge points down), columns by branch (the k-th way
 * out of a condition or split goes k columns right, and its successors follow it), so a branch
 * that skips a row does not run behind the nodes of another. Placed nodes keep theirs.
 */
export function layoutPositions(def: ProcessDefinition): Map<string, Position> {
  const depth = new Map<string, number>();
  const start = def.nodes.find((n) => n.kind === 'start');
  if (start) {
    depth.set(start.id, 0);
    // Relaxation bounded by the node count, so a cycle (drawn by mistake) still ends.
    for (let round = 0; round < def.nodes.length; round += 1) {
      let changed = false;
      for (const edge of def.edges) {
        const from = depth.get(edge.from);
        if (from === undefined) continue;
        if ((depth.get(edge.to) ?? -1) < from + 1 && from + 1 < def.nodes.length) {
          depth.set(edge.to, from + 1);
          changed = true;
        }
      }
      if (!changed) break;
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  const rowOf = (id: string) => depth.get(id) ?? maxDepth + 1;
  // Columns: parents before children (by row); a node takes the column of the first parent that reaches it.
  const column = new Map<string, number>();
  const ordered = [...def.nodes].sort((a, b) => rowOf(a.id) - rowOf(b.id));
  for (const node of ordered) {
    if (!column.has(node.id)) column.set(node.id, 0);
    const out = def.edges.filter((e) => e.from === node.id);
    out.forEach((edge, k) => { if (!column.has(edge.to)) column.set(edge.to, column.get(node.id)! + k); });
  }
  const taken = new Set<string>();
  const out = new Map<string, Position>();
  for (const node of ordered) {
    if (node.position) {
      out.set(node.id, node.position);
      continue;
    }
    const row = rowOf(node.id);
    let col = column.get(node.id) ?? 0;
    while (taken.has(`${row}:${col}`)) col += 1;
    taken.add(`${row}:${col}`);
    out.set(node.id, { x: col * SIBLING_GAP, y: row * LAYER_GAP });
  }
  return out;
}

/** Which node or edge an issue's JSON pointer is about (`/nodes/3/…` → that node's id, `/edges/2/…` → that edge's id). */
export function issueTarget(def: ProcessDefinition, issue: DefinitionIssue): { nodeId?: string; edgeId?: string } {
  const match = /^\/(nodes|edges)\/(\d+)/.exec(issue.pointer);
  if (match) {
    const index = Number(match[2]);
    if (match[1] === 'nodes' && def.nodes[index]) return { nodeId: def.nodes[index].id };
    if (match[1] === 'edges' && def.edges[index]) return { edgeId: edgeId(def.edges[index]) };
  }
  // Whole-document issues (no start, no end) name no element; a named node still gets the mark.
  const named = issue.params.node;
  return named && def.nodes.some((n) => n.id === named) ? { nodeId: named } : {};
}

/** The diagram for a definition: nodes with their issues, edges with their labels; `selected` marks the chosen element. */
export function toDiagram(def: ProcessDefinition, issues: DefinitionIssue[], selected?: string): { nodes: DiagramNode[]; edges: DiagramEdge[] } {
  const positions = layoutPositions(def);
  const byNode = new Map<string, DefinitionIssue[]>();
  const byEdge = new Map<string, DefinitionIssue[]>();
  for (const issue of issues) {
    const target = issueTarget(def, issue);
    if (target.nodeId) byNode.set(target.nodeId, [...(byNode.get(target.nodeId) ?? []), issue]);
    if (target.edgeId) byEdge.set(target.edgeId, [...(byEdge.get(target.edgeId) ?? []), issue]);
  }
  return {
    nodes: def.nodes.map((node) => ({
      id: node.id,
      type: 'process',
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      data: { node, issues: byNode.get(node.id) ?? [] },
      selected: selected === node.id,
      deletable: node.kind !== 'start',
    })),
    edges: def.edges.map((edge) => ({
      id: edgeId(edge),
      source: edge.from,
      target: edge.to,
      label: edge.label,
      selected: selected === edgeId(edge),
      data: { edge, issues: byEdge.get(edgeId(edge)) ?? [] },
    })),
  };
}

/** A fresh id for a node of this kind: `approve1`, `approve2`, … (ids are what edges and the engine refer to). */
export function newNodeId(def: ProcessDefinition, kind: NodeKind): string {
  const taken = new Set(def.nodes.map((n) => n.id));
  let n = 1;
  while (taken.has(`${kind}${n}`)) n += 1;
  return `${kind}${n}`;
}

/** Adds a node of `kind` named `name` at `position`; a split gets its join right away, as the engine needs both. */
export function addNode(def: ProcessDefinition, kind: NodeKind, name: string, position: Position, joinName?: string): { def: ProcessDefinition; id: string } {
  const id = newNodeId(def, kind);
  const node: ProcessNode = { id, kind, name, position };
  if (kind === 'approve') node.mode = 'single';
  if (kind !== 'split') return { def: { ...def, nodes: [...def.nodes, node] }, id };
  const withSplit = { ...def, nodes: [...def.nodes, node] };
  const joinId = newNodeId(withSplit, 'join');
  const join: ProcessNode = { id: joinId, kind: 'join', name: joinName ?? joinId, position: { x: position.x, y: position.y + 2 * LAYER_GAP } };
  return { def: { ...def, nodes: [...def.nodes, { ...node, join: joinId }, join] }, id };
}

/** Replaces one node (same id) with `patch` applied; keys set to undefined are removed, so the JSON stays clean. */
export function updateNode(def: ProcessDefinition, id: string, patch: Partial<ProcessNode>): ProcessDefinition {
  return { ...def, nodes: def.nodes.map((n) => (n.id === id ? withoutUndefined({ ...n, ...patch }) : n)) };
}

export function updateEdge(def: ProcessDefinition, id: string, patch: Partial<ProcessEdge>): ProcessDefinition {
  return { ...def, edges: def.edges.map((e) => (edgeId(e) === id ? withoutUndefined({ ...e, ...patch }) : e)) };
}

/** Moves nodes (drag): positions rounded to whole pixels, so a saved definition stays readable. */
export function moveNodes(def: ProcessDefinition, moved: Map<string, Position>): ProcessDefinition {
  return {
    ...def,
    nodes: def.nodes.map((n) => {
      const to = moved.get(n.id);
      return to ? { ...n, position: { x: Math.round(to.x), y: Math.round(to.y) } } : n;
    }),
  };
}

/**
 * Connects two nodes. Refused (undefined) for a loop onto itself, an edge that exists already,
 * into the start or out of an end: those would only produce validation errors.
 */
export function connect(def: ProcessDefinition, from: string, to: string): ProcessDefinition | undefined {
  const source = def.nodes.find((n) => n.id === from);
  const target = def.nodes.find((n) => n.id === to);
  if (!source || !target || from === to || source.kind === 'end' || target.kind === 'start') return undefined;
  if (def.edges.some((e) => e.from === from && e.to === to)) return undefined;
  return { ...def, edges: [...def.edges, { from, to }] };
}

/**
 * Deletes nodes (never the start) and edges; a deleted node takes its edges along, and references
 * to it (a split's `join`) are dropped so the document never points at nothing.
 */
export function removeElements(def: ProcessDefinition, nodeIds: string[], edgeIds: string[]): ProcessDefinition {
  const gone = new Set(nodeIds.filter((id) => def.nodes.find((n) => n.id === id)?.kind !== 'start'));
  const goneEdges = new Set(edgeIds);
  return {
    ...def,
    nodes: def.nodes.filter((n) => !gone.has(n.id)).map((n) => (n.join && gone.has(n.join) ? withoutUndefined({ ...n, join: undefined }) : n)),
    edges: def.edges.filter((e) => !gone.has(e.from) && !gone.has(e.to) && !goneEdges.has(edgeId(e))),
  };
}

/** Marks one edge the default branch of its condition node (exactly one may be); the others lose the flag. */
export function setDefaultEdge(def: ProcessDefinition, id: string, isDefault: boolean): ProcessDefinition {
  const chosen = def.edges.find((e) => edgeId(e) === id);
  if (!chosen) return def;
  return {
    ...def,
    edges: def.edges.map((e) => {
      if (edgeId(e) === id) return withoutUndefined({ ...e, default: isDefault || undefined, when: isDefault ? undefined : e.when });
      return e.from === chosen.from && isDefault && e.default ? withoutUndefined({ ...e, default: undefined }) : e;
    }),
  };
}

/** A new process's draft: a start and an end, not yet connected (the designer shows what is missing). */
export function emptyDefinition(key: string, name: string, startName: string, endName: string): ProcessDefinition {
  return {
    formatVersion: 1, key, name, formFields: [],
    nodes: [
      { id: 'start', kind: 'start', name: startName, position: { x: 0, y: 0 } },
      { id: 'end', kind: 'end', name: endName, position: { x: 0, y: 3 * LAYER_GAP } },
    ],
    edges: [],
  };
}

/** Reads a stored draft; anything that is not an object with node and edge arrays starts empty rather than breaking the screen. */
export function parseDefinition(text: unknown, key: string, name: string): ProcessDefinition | undefined {
  try {
    const parsed: unknown = JSON.parse(String(text ?? ''));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const doc = parsed as Partial<ProcessDefinition>;
    if (!Array.isArray(doc.nodes) || !Array.isArray(doc.edges)) return undefined;
    return { ...doc, formatVersion: 1, key, name, formFields: Array.isArray(doc.formFields) ? doc.formFields : [], nodes: doc.nodes, edges: doc.edges };
  } catch {
    return undefined;
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The document as validated and saved: assignee rules still being filled in (no user, role or
 * department chosen yet) are left out, so the designer reports "no assignees" rather than a
 * format error, and never stores half a rule.
 */
export function completeDefinition(def: ProcessDefinition): ProcessDefinition {
  return {
    ...def,
    nodes: def.nodes.map((node) => {
      if (!node.assignees) return node;
      const assignees = node.assignees.filter((rule) => {
        switch (rule.kind) {
          case 'users': return rule.users.length > 0;
          case 'roles': return rule.roles.length > 0;
          case 'depts': return rule.depts.length > 0;
          case 'field': return rule.field !== '';
          default: return true;
        }
      });
      return assignees.length === node.assignees.length ? node : { ...node, assignees };
    }),
  };
}
