import { processGraph } from './processGraph';
import type { ProcessDefinition, ProcessNode } from './types';

/** A node lets the initiator urge its assignees unless it says `allow.urge: false` (default true: older definitions keep urging). */
export function urgeAllowed(node: ProcessNode): boolean {
  return node.allow?.urge !== false;
}

/** Of the nodes a request waits at, those whose assignees may be urged (催办 reaches only their tasks). */
export function urgeableNodes(def: ProcessDefinition, activeNodes: readonly string[]): string[] {
  const graph = processGraph(def);
  return activeNodes.filter((id) => urgeAllowed(graph.node(id)));
}
