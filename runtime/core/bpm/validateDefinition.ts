import Ajv, { type ValidateFunction } from 'ajv';
import processMeta from '../../../schemas/meta/process.schema.json';
import { compileExpression, ExpressionError } from '../expression';
import { processGraph } from './processGraph';
import type { ProcessDefinition } from './types';

/**
 * One thing wrong with a definition: where (JSON pointer), what (`code`, the i18n key's last
 * part `bpm.validation.<code>`) and the names involved. The designer shows them before publish;
 * the server refuses to publish a definition with any.
 */
export interface DefinitionIssue {
  pointer: string;
  code:
    | 'format' | 'duplicateId' | 'unknownNode' | 'startCount' | 'noEnd' | 'startIncoming' | 'endOutgoing'
    | 'outgoingCount' | 'unreachable' | 'deadEnd' | 'noAssignees' | 'ratioMissing' | 'splitWithoutJoin'
    | 'joinMismatch' | 'branchEscapes' | 'conditionDefault' | 'conditionWhen' | 'badExpression'
    | 'unknownName' | 'unknownField' | 'duplicateEdge' | 'edgeNotConditional' | 'duplicateFormField'
    | 'unknownEntity';
  params: Record<string, string>;
}

let metaValidator: ValidateFunction | undefined;
// Compiled once and lazily, as the entity meta-schema is (runtime/core/schema/metaValidator.ts).
function meta(): ValidateFunction {
  metaValidator ??= new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }).compile(processMeta);
  return metaValidator;
}

/** Names a condition may read besides the declared form fields. */
export const CONDITION_CONTEXT_NAMES = ['initiator'] as const;

/**
 * Every issue of a definition document; empty when it may be published and run.
 * `meta: false` skips the meta-schema and trusts the document's shape: the browser's
 * content security policy forbids the code ajv generates, so the designer (which only builds
 * well-shaped documents) checks the structure live and the server checks both at publish.
 */
export function validateDefinition(doc: unknown, options: { meta?: boolean } = {}): DefinitionIssue[] {
  const validate = options.meta === false ? undefined : meta();
  if (validate && !validate(doc)) {
    return (validate.errors ?? []).slice(0, 20).map((e) => ({
      pointer: e.instancePath || '/', code: 'format' as const, params: { detail: e.message ?? e.keyword },
    }));
  }
  const def = doc as ProcessDefinition;
  const issues: DefinitionIssue[] = [];
  const add = (pointer: string, code: DefinitionIssue['code'], params: Record<string, string> = {}) => issues.push({ pointer, code, params });

  const ids = new Set<string>();
  def.nodes.forEach((n, i) => {
    if (ids.has(n.id)) add(`/nodes/${i}/id`, 'duplicateId', { node: n.id });
    ids.add(n.id);
  });
  def.edges.forEach((e, i) => {
    if (!ids.has(e.from)) add(`/edges/${i}/from`, 'unknownNode', { node: e.from });
    if (!ids.has(e.to)) add(`/edges/${i}/to`, 'unknownNode', { node: e.to });
  });
  const starts = def.nodes.filter((n) => n.kind === 'start');
  if (starts.length !== 1) add('/nodes', 'startCount', { count: String(starts.length) });
  if (!def.nodes.some((n) => n.kind === 'end')) add('/nodes', 'noEnd');
  if (issues.length > 0) return issues;

  const graph = processGraph(def);
  // The typed form's keys are form values too (runtime/core/bpm/processForm.ts).
  const formKeys = (def.fields ?? []).map((f) => f.key);
  formKeys.forEach((key, i) => { if (formKeys.indexOf(key) !== i) add(`/fields/${i}/key`, 'duplicateFormField', { name: key }); });
  const fields = new Set([...def.formFields, ...formKeys]);
  const known = new Set<string>([...fields, ...CONDITION_CONTEXT_NAMES]);
  const reachable = graph.reachableFrom(starts[0].id);
  const ends = def.nodes.filter((n) => n.kind === 'end').map((n) => n.id);

  def.nodes.forEach((node, i) => {
    const at = `/nodes/${i}`;
    const outCount = graph.outgoing(node.id).length;
    const inCount = graph.incoming(node.id).length;
    if (node.kind === 'start' && inCount > 0) add(at, 'startIncoming', { node: node.id });
    if (node.kind === 'end' && outCount > 0) add(at, 'endOutgoing', { node: node.id });
    const wantsOne = ['start', 'approve', 'handle', 'cc', 'join'].includes(node.kind);
    const wantsMany = node.kind === 'condition' || node.kind === 'split';
    if ((wantsOne && outCount !== 1) || (wantsMany && outCount < 2)) {
      add(at, 'outgoingCount', { node: node.id, expected: wantsOne ? '1' : '≥ 2', count: String(outCount) });
    }
    if (node.kind !== 'start' && !reachable.has(node.id)) add(at, 'unreachable', { node: node.id });
    if (node.kind !== 'end' && !ends.some((end) => graph.reachableFrom(node.id).has(end))) add(at, 'deadEnd', { node: node.id });
    if (['approve', 'handle', 'cc'].includes(node.kind) && (node.assignees ?? []).length === 0) add(at, 'noAssignees', { node: node.id });
    if (node.mode === 'ratio' && node.ratio === undefined) add(at, 'ratioMissing', { node: node.id });
    (node.assignees ?? []).forEach((rule, r) => {
      if (rule.kind === 'field' && !fields.has(rule.field)) add(`${at}/assignees/${r}/field`, 'unknownField', { node: node.id, name: rule.field });
    });
    Object.keys(node.formPerms ?? {}).forEach((field) => {
      if (!fields.has(field)) add(`${at}/formPerms`, 'unknownField', { node: node.id, name: field });
    });
    if (node.kind === 'split') checkSplit(node.id, node.join, at);
    if (node.kind === 'join' && def.nodes.filter((n) => n.kind === 'split' && n.join === node.id).length !== 1) {
      add(at, 'joinMismatch', { node: node.id });
    }
  });

  function checkSplit(splitId: string, joinId: string | undefined, at: string): void {
    if (!joinId || !graph.has(joinId) || graph.node(joinId).kind !== 'join') {
      add(at, 'splitWithoutJoin', { node: splitId });
      return;
    }
    // Every branch must meet at the join: a branch reaching an end without it would leave the join waiting for ever.
    for (const edge of graph.outgoing(splitId)) {
      const seen = new Set<string>();
      const queue = [edge.to];
      let escapes = false;
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (id === joinId || seen.has(id)) continue;
        seen.add(id);
        if (graph.node(id).kind === 'end') escapes = true;
        queue.push(...graph.outgoing(id).map((e) => e.to));
      }
      if (escapes || !graph.reachableFrom(edge.to).has(joinId) && edge.to !== joinId) add(at, 'branchEscapes', { node: splitId, branch: edge.to });
    }
  }

  // A designer draws these easily; the engine would silently ignore them, so they are refused.
  const drawn = new Set<string>();
  def.edges.forEach((edge, i) => {
    const pair = `${edge.from}\u0000${edge.to}`;
    if (drawn.has(pair)) add(`/edges/${i}`, 'duplicateEdge', { node: edge.from, to: edge.to });
    drawn.add(pair);
    if (graph.node(edge.from).kind !== 'condition' && (edge.when !== undefined || edge.default === true)) {
      add(`/edges/${i}`, 'edgeNotConditional', { node: edge.from, to: edge.to });
    }
  });

  def.edges.forEach((edge, i) => {
    const from = graph.node(edge.from);
    if (from.kind !== 'condition') return;
    if (!edge.default && edge.when === undefined) add(`/edges/${i}`, 'conditionWhen', { node: from.id, to: edge.to });
    if (edge.when === undefined) return;
    try {
      const compiled = compileExpression(edge.when);
      for (const name of compiled.identifiers) {
        if (!known.has(name)) add(`/edges/${i}/when`, 'unknownName', { node: from.id, name });
      }
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      add(`/edges/${i}/when`, 'badExpression', { node: from.id, detail: error.message });
    }
  });
  def.nodes.forEach((node, i) => {
    if (node.kind !== 'condition') return;
    const defaults = graph.outgoing(node.id).filter((e) => e.default).length;
    if (defaults !== 1) add(`/nodes/${i}`, 'conditionDefault', { node: node.id, count: String(defaults) });
  });
  return issues;
}
