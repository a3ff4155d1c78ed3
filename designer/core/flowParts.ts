import type { EntityMessages, FieldDef } from '../../runtime/core/schema';
import { freeFieldKey } from './fieldPalette';
import type { DesignDocument } from './types';

/**
 * The 流程 tab's edits of an entity's approval, pure: a simple `flow` (states and transitions on
 * the record) or a `workflow` binding to a process of the engine (docs/WORKFLOW.md › Binding).
 * The documents here are as a file writes them (not normalised): `roles` and `editableIn` may be
 * absent. Each answer is the whole new part and the texts to add, written as one undoable step.
 */

export interface FlowStateDoc { name: string; label: string; color?: string }
export interface FlowTransitionDoc {
  name: string; call: string; label: string; from: string[]; to: string;
  roles?: string[]; owner?: boolean; pending?: boolean; moduleCall?: boolean; guard?: string; guardMessage?: string;
  fields?: string[]; opinionField?: string; opinionLabel?: string; effect?: string; notify?: string;
}
export interface FlowDoc { field: string; initial: string; editableIn?: string[]; states: FlowStateDoc[]; transitions: FlowTransitionDoc[] }
export interface WorkflowDoc {
  process: string; statusField?: string; draft?: string; running?: string;
  outcomes?: { approved?: string; rejected?: string; terminated?: string };
}

/** What the meta-schema takes as a state's or a transition's name. */
export const FLOW_NAME_PATTERN = /^[a-z][a-zA-Z0-9]*$/;
/** …and as a transition's call. */
export const FLOW_CALL_PATTERN = /^[a-z][A-Za-z0-9]*$/;

export type FlowNameProblem = 'designer.flow.error.pattern' | 'designer.flow.error.taken';

/** Why a state or transition may not be called `name` (undefined: it may). */
export function flowNameProblem(name: string, taken: readonly string[]): FlowNameProblem | undefined {
  if (!FLOW_NAME_PATTERN.test(name)) return 'designer.flow.error.pattern';
  if (taken.includes(name)) return 'designer.flow.error.taken';
  return undefined;
}

/** The call a transition named `name` gets: approve + LeaveRecord → approveLeaveRecord. */
export const transitionCall = (name: string, entityName: string) => `${name}${entityName}`;

/** Texts to add to the entity's messages, per language. */
export type FlowTexts = EntityMessages;

const texts = (zh: Record<string, string>, en: Record<string, string>): FlowTexts => ({ 'zh-cn': zh, en });

/** A key of the entity's own not yet used in its messages: entity.<E>.<part>.<name>[n]. */
function freeMessageKey(document: DesignDocument, part: string, name: string): string {
  const messages = document.entity.messages as EntityMessages | undefined;
  const taken = new Set([...Object.keys(messages?.['zh-cn'] ?? {}), ...Object.keys(messages?.en ?? {})]);
  const base = `entity.${document.entity.name}.${part}.${name}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** The fields a simple flow may keep its state in (type status), or a binding (status, options, string). */
export function statusFieldCandidates(document: DesignDocument, mode: 'flow' | 'workflow'): FieldDef[] {
  const fits = mode === 'flow' ? ['status'] : ['status', 'options', 'string'];
  return document.entity.fields.filter((field) => fits.includes(field.type));
}

/** A new status field for a flow or a binding, with its label in both languages: never in the form (the flow writes it). */
function newStatusField(document: DesignDocument, mode: 'flow' | 'workflow'): { field: FieldDef; texts: FlowTexts } {
  const taken = new Set([document.entity.key, ...document.entity.fields.map((field) => field.name)]);
  const name = taken.has('status') ? freeFieldKey('status', taken) : 'status';
  const label = freeMessageKey(document, 'field', name);
  const base = { name, label, readOnly: true, indexed: true };
  const field: FieldDef = mode === 'flow'
    ? { ...base, type: 'status' }
    : {
      ...base, type: 'options',
      options: ['draft', 'running', 'approved', 'rejected', 'terminated'].map((value) => ({ value, label: `bpm.binding.status.${value}` })),
    };
  return { field, texts: texts({ [label]: '状态' }, { [label]: 'Status' }) };
}

/** What switching the tab's mode writes: the entity's new flow and workflow parts, fields and texts. */
export interface FlowModeChange {
  flow?: FlowDoc;
  workflow?: WorkflowDoc;
  fields: FieldDef[];
  texts: FlowTexts;
}

/**
 * A simple flow to start from: 待审批 → 同意 → 已通过, or 驳回 (with a reason) → 已驳回; the
 * applicant may change the record while it waits. Uses a status field the entity has, else adds one.
 */
export function startSimpleFlow(document: DesignDocument): FlowModeChange {
  const existing = statusFieldCandidates(document, 'flow')[0];
  const added = existing ? undefined : newStatusField(document, 'flow');
  const field = existing?.name ?? added!.field.name;
  const E = document.entity.name;
  const key = (part: string, name: string) => `entity.${E}.${part}.${name}`;
  const flow: FlowDoc = {
    field,
    initial: 'applied',
    states: [
      { name: 'applied', label: key('state', 'applied'), color: 'orange' },
      { name: 'approved', label: key('state', 'approved'), color: 'green' },
      { name: 'rejected', label: key('state', 'rejected'), color: 'red' },
    ],
    transitions: [
      { name: 'approve', call: transitionCall('approve', E), label: key('transition', 'approve'), from: ['applied'], to: 'approved', roles: [] },
      {
        name: 'reject', call: transitionCall('reject', E), label: key('transition', 'reject'), from: ['applied'], to: 'rejected', roles: [],
        guard: 'len(trim(opinion)) > 0', guardMessage: key('rule', 'rejectNeedsOpinion'),
      },
    ],
  };
  const own = texts(
    { [key('state', 'applied')]: '待审批', [key('state', 'approved')]: '已通过', [key('state', 'rejected')]: '已驳回', [key('transition', 'approve')]: '同意', [key('transition', 'reject')]: '驳回', [key('rule', 'rejectNeedsOpinion')]: '驳回时请填写原因' },
    { [key('state', 'applied')]: 'Pending', [key('state', 'approved')]: 'Approved', [key('state', 'rejected')]: 'Rejected', [key('transition', 'approve')]: 'Approve', [key('transition', 'reject')]: 'Reject', [key('rule', 'rejectNeedsOpinion')]: 'Give a reason to reject' },
  );
  return { flow, fields: added ? [added.field] : [], texts: mergeTexts(own, added?.texts) };
}

/** A binding to start from: the first process offered, and a status field (added when the entity has none fitting). */
export function startWorkflow(document: DesignDocument, process: string): FlowModeChange {
  // A field the engine may take over: read-only (no form writes it) or a status; a typed text is not one.
  const existing = statusFieldCandidates(document, 'workflow').find((field) => field.readOnly || field.type === 'status');
  const added = existing ? undefined : newStatusField(document, 'workflow');
  const statusField = existing?.name ?? added!.field.name;
  return {
    workflow: statusField === 'status' ? { process } : { process, statusField },
    fields: added ? [added.field] : [],
    texts: added?.texts ?? texts({}, {}),
  };
}

function mergeTexts(a: FlowTexts, b: FlowTexts | undefined): FlowTexts {
  return b ? texts({ ...a['zh-cn'], ...b['zh-cn'] }, { ...a.en, ...b.en }) : a;
}

/** A new state `state<n>`, labelled in both languages. */
export function addFlowState(document: DesignDocument, flow: FlowDoc): { flow: FlowDoc; texts: FlowTexts } {
  const names = flow.states.map((state) => state.name);
  let n = flow.states.length + 1;
  while (names.includes(`state${n}`)) n += 1;
  const name = `state${n}`;
  const label = freeMessageKey(document, 'state', name);
  return { flow: { ...flow, states: [...flow.states, { name, label }] }, texts: texts({ [label]: `状态${n}` }, { [label]: `State ${n}` }) };
}

/** Renames a state everywhere the flow names it (initial, editable states, transitions' from and to). */
export function renameFlowState(flow: FlowDoc, from: string, to: string): FlowDoc {
  const swap = (name: string) => (name === from ? to : name);
  return {
    ...flow,
    initial: swap(flow.initial),
    ...(flow.editableIn ? { editableIn: flow.editableIn.map(swap) } : {}),
    states: flow.states.map((state) => (state.name === from ? { ...state, name: to } : state)),
    transitions: flow.transitions.map((transition) => ({ ...transition, from: transition.from.map(swap), to: swap(transition.to) })),
  };
}

/**
 * Removes a state and what cannot stand without it: transitions into it, and transitions whose
 * only source it was; the initial state moves to the first remaining one. The last state stays.
 */
export function removeFlowState(flow: FlowDoc, name: string): FlowDoc {
  const states = flow.states.filter((state) => state.name !== name);
  if (states.length === 0) return flow;
  const transitions = flow.transitions
    .filter((transition) => transition.to !== name)
    .map((transition) => ({ ...transition, from: transition.from.filter((state) => state !== name) }))
    .filter((transition) => transition.from.length > 0);
  const editableIn = flow.editableIn?.filter((state) => state !== name);
  return {
    ...flow,
    initial: flow.initial === name ? states[0].name : flow.initial,
    ...(editableIn ? { editableIn } : {}),
    states,
    transitions,
  };
}

/** A new transition `action<n>` from the initial state to the first other one, its call derived. */
export function addFlowTransition(document: DesignDocument, flow: FlowDoc): { flow: FlowDoc; texts: FlowTexts } {
  const names = flow.transitions.map((transition) => transition.name);
  let n = flow.transitions.length + 1;
  while (names.includes(`action${n}`)) n += 1;
  const name = `action${n}`;
  const label = freeMessageKey(document, 'transition', name);
  const to = flow.states.find((state) => state.name !== flow.initial)?.name ?? flow.initial;
  const transition: FlowTransitionDoc = { name, call: transitionCall(name, document.entity.name), label, from: [flow.initial], to, roles: [] };
  return { flow: { ...flow, transitions: [...flow.transitions, transition] }, texts: texts({ [label]: `操作${n}` }, { [label]: `Action ${n}` }) };
}

/** Renames a transition; its call follows when it was the derived one (an own call name is kept). */
export function renameFlowTransition(flow: FlowDoc, from: string, to: string, entityName: string): FlowDoc {
  return {
    ...flow,
    transitions: flow.transitions.map((transition) => {
      if (transition.name !== from) return transition;
      const call = transition.call === transitionCall(from, entityName) ? transitionCall(to, entityName) : transition.call;
      return { ...transition, name: to, call };
    }),
  };
}

/**
 * A transition with these properties changed; `undefined` or an empty list removes one. The
 * opinion field goes when it is no longer one of the transition's fields.
 */
export function patchFlowTransition(flow: FlowDoc, name: string, patch: Partial<FlowTransitionDoc>): FlowDoc {
  return {
    ...flow,
    transitions: flow.transitions.map((transition) => {
      if (transition.name !== name) return transition;
      const next: Record<string, unknown> = { ...transition, ...patch };
      for (const key of Object.keys(next)) {
        const value = next[key];
        if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && key !== 'roles' && key !== 'from')) delete next[key];
      }
      const result = next as unknown as FlowTransitionDoc;
      if (result.opinionField && !(result.fields ?? []).includes(result.opinionField)) delete result.opinionField;
      return result;
    }),
  };
}
