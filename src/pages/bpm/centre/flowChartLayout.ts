import { processGraph, type ProcessDefinition } from '../../../../runtime/core/bpm';

const ROW = 90;
const COLUMN = 200;

/**
 * Where the chart draws each node: the designer's position when the definition has one,
 * otherwise rows by the longest way from the start (so a branch's nodes sit side by side).
 */
export function layoutFlowChart(def: ProcessDefinition): Map<string, { x: number; y: number }> {
  const graph = processGraph(def);
  const depth = new Map<string, number>([[graph.startNode.id, 0]]);
  // Longest-path depth over the graph; returns go backwards but never form a cycle in a definition.
  for (let pass = 0; pass < def.nodes.length; pass += 1) {
    for (const edge of def.edges) {
      const from = depth.get(edge.from);
      if (from !== undefined && (depth.get(edge.to) ?? -1) < from + 1) depth.set(edge.to, from + 1);
    }
  }
  const rows = new Map<number, string[]>();
  for (const node of def.nodes) {
    const d = depth.get(node.id) ?? 0;
    rows.set(d, [...(rows.get(d) ?? []), node.id]);
  }
  const out = new Map<string, { x: number; y: number }>();
  for (const node of def.nodes) {
    if (node.position) { out.set(node.id, node.position); continue; }
    const d = depth.get(node.id) ?? 0;
    const row = rows.get(d)!;
    out.set(node.id, { x: (row.indexOf(node.id) - (row.length - 1) / 2) * COLUMN, y: d * ROW });
  }
  return out;
}
