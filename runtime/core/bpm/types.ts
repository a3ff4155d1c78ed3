/**
 * The workflow engine's data: a process definition (versioned JSON, validated by
 * schemas/meta/process.schema.json and validateDefinition) and the state of one running
 * instance. Pure data, so the browser, the server and the tests share it (docs/WORKFLOW.md).
 */

import type { FieldType, OptionItem } from '../schema/types';

export const PROCESS_FORMAT_VERSION = 1;

export type NodeKind = 'start' | 'approve' | 'handle' | 'cc' | 'condition' | 'split' | 'join' | 'end';

/** How the tasks of one approve/handle node decide it (会签 all, 或签 any, 依次 sequential, 比例 ratio). */
export type ApprovalMode = 'single' | 'all' | 'any' | 'sequential' | 'ratio';

/** Who receives a node's tasks; several rules add up, duplicates dropped, in the order given. */
export type AssigneeRule =
  | { kind: 'users'; users: string[] }
  | { kind: 'roles'; roles: string[] }
  | { kind: 'depts'; depts: string[] }
  /** The initiator's department leader (levels 1), or the leader of the department N-1 levels above. */
  | { kind: 'leader'; levels?: number }
  /** A form field holding user ids (an array or a comma-separated text). */
  | { kind: 'field'; field: string }
  | { kind: 'initiator' };

export type ReturnTarget = 'previous' | 'any' | 'initiator';
export type AddSignPosition = 'before' | 'after' | 'parallel';

/** The decisions a node offers besides agree (and reject on approve nodes). */
export interface NodePermissions {
  return?: ReturnTarget[];
  transfer?: boolean;
  delegate?: boolean;
  addSign?: AddSignPosition[];
  /** The actor may take back a decision while the step it opened is untouched (撤回). */
  retract?: boolean;
  /** The initiator (or an administrator) may urge the node's assignees (催办); default true, only `false` is stored. */
  urge?: boolean;
}

export type TaskDecision = 'agree' | 'reject' | 'return' | 'transfer' | 'delegate' | 'addSign';
export type FieldPermission = 'edit' | 'read' | 'hidden';
export type DueAction = 'remind' | 'autoAgree' | 'autoReject';

export interface ProcessNode {
  id: string;
  kind: NodeKind;
  name: string;
  assignees?: AssigneeRule[];
  mode?: ApprovalMode;
  /** ratio mode: the share of agreeing signers that passes the node, 0 < ratio ≤ 1. */
  ratio?: number;
  allow?: NodePermissions;
  /** Decisions that need an opinion. */
  opinionRequired?: TaskDecision[];
  /** Per form field: what the task screen lets this node's assignees do (default read). */
  formPerms?: Record<string, FieldPermission>;
  /** split: the join node where its branches meet. */
  join?: string;
  /** Hours until each task of the node is due (bpm_task.dueTime). */
  dueHours?: number;
  /** What the due-time job does with an overdue pending task (default remind; docs/WORKFLOW.md › Due time). */
  dueAction?: DueAction;
  /** Where the process designer draws the node (px); the engine ignores it. */
  position?: { x: number; y: number };
}

export interface ProcessEdge {
  from: string;
  to: string;
  label?: string;
  /** Condition nodes' edges: an expression of the safe evaluator over the form values and `initiator`. */
  when?: string;
  /** Condition nodes: the edge taken when no `when` holds (exactly one per condition node). */
  default?: boolean;
}

/** The field types a process form offers: the entity vocabulary without references, sub-tables and status. */
export type ProcessFormFieldType = Exclude<FieldType, 'richText' | 'reference' | 'subTable' | 'status' | 'location'>;

/**
 * One field of a process's own start and task form (runtime/core/bpm/processForm.ts turns the
 * list into an entity-like schema, so the entity form widgets render it and the entity
 * validation checks it). `label` is an i18n key or the text itself.
 */
export interface ProcessFormField {
  key: string;
  type: ProcessFormFieldType;
  label: string;
  required?: boolean;
  /** `dictionary`: the dictionary code. */
  dictionary?: string;
  /** `options`: inline options (labels are i18n keys or text). */
  options?: OptionItem[];
  /** Columns of the 24-column form grid (default 24). */
  span?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  maxCount?: number;
  placeholder?: string;
  tips?: string;
  default?: string | number | boolean;
}

export interface ProcessDefinition {
  formatVersion: number;
  key: string;
  name: string;
  /** Names of the form values conditions may read (besides `initiator`); the keys of `fields` count too. */
  formFields: string[];
  /** The start and task form, typed (optional: a process without it has no form of its own). */
  fields?: ProcessFormField[];
  /**
   * The entity whose records this process approves (docs/WORKFLOW.md › Binding): `formFields` and
   * `formPerms` then name its fields, and the task screen renders its form.
   */
  entity?: string;
  nodes: ProcessNode[];
  edges: ProcessEdge[];
}

/** Read by conditions as `initiator.userId`, `initiator.deptId`, `initiator.roles`. */
export interface InitiatorContext {
  userId: string;
  deptId: string;
  roles: string[];
}

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'terminated';
export type TaskKind = 'todo' | 'cc';
/** waiting: queued behind another signer (sequential mode, or an add-signer before). */
export type TaskStatus = 'pending' | 'waiting' | 'done' | 'cancelled';
export type CancelReason = 'nodeCompleted' | 'rejected' | 'returned' | 'transferred' | 'retracted' | 'terminated' | 'superseded';

export interface TaskState {
  id: string;
  nodeId: string;
  kind: TaskKind;
  /** Who works the task now. */
  assignee: string;
  /** Whom the task belongs to when a delegate works it (委托: decisions are on the owner's behalf). */
  owner?: string;
  status: TaskStatus;
  /** Each entry into a node is a new round; only the current round's tasks decide the node. */
  round: number;
  /** Order of signers in sequential mode. */
  order: number;
  decision?: TaskDecision;
  cancelReason?: CancelReason;
  /** An add-signer: before (the adder's task waits for it), after or parallel (the node needs its agreement too). */
  addSign?: AddSignPosition;
  /** The task that added this signer, or that this task replaces (transfer, delegate, retract). */
  sourceTaskId?: string;
  /** The action number that created and that finished the task. */
  createdSeq: number;
  doneSeq?: number;
  /** The assignee opened the task (a retract of the step before is refused from then on). */
  opened?: boolean;
}

/**
 * What undoing the latest agree needs (retract): who took it, in which action, and the state
 * before it. Any later decision clears it; reading a CC task does not.
 */
export interface LastDecision {
  seq: number;
  actor: string;
  taskId: string;
  activeNodes: string[];
  joinArrivals: Record<string, number[]>;
}

export interface InstanceState {
  status: InstanceStatus;
  /** Nodes with open todo tasks (an end status leaves none). */
  activeNodes: string[];
  tasks: TaskState[];
  /** split/join bookkeeping: for each join, the branch numbers (out-edge index of its split) arrived. */
  joinArrivals: Record<string, number[]>;
  /** Number of the latest action; tasks and audit rows refer to it. */
  seq: number;
  /** Rounds entered per node. */
  rounds: Record<string, number>;
  lastDecision?: LastDecision;
}

/** Everything the stepping needs from outside, resolved by the caller (the server reads the organisation). */
export interface StepEnvironment {
  initiator: InitiatorContext;
  formData: Record<string, unknown>;
  /** The users a node's assignee rules name, in order, without duplicates. */
  assigneesOf(node: ProcessNode): string[];
  /** The user who works a task given to this user now (an active delegation rule), or the user. */
  delegateOf?(userId: string): string;
  /** Fresh task ids. */
  newTaskId(): string;
}

/** A decision on a todo task; `opinion` is checked against the node's opinionRequired. */
interface TaskAction { actor: string; taskId: string; opinion?: string }

export type EngineAction =
  | { type: 'start'; actor: string }
  | ({ type: 'agree' } & TaskAction)
  | ({ type: 'reject' } & TaskAction)
  | ({ type: 'return'; target: ReturnTarget; targetNodeId?: string } & TaskAction)
  | ({ type: 'transfer'; userId: string } & TaskAction)
  | ({ type: 'delegate'; userId: string } & TaskAction)
  | ({ type: 'addSign'; position: AddSignPosition; userIds: string[] } & TaskAction)
  | { type: 'retract'; actor: string }
  | { type: 'terminate'; actor: string }
  | { type: 'readCc'; actor: string; taskId: string };

/** The result of one action: the new state and what changed, for the tables, the audit and the messages. */
export interface StepResult {
  state: InstanceState;
  /** Tasks created by this action (todo and cc). */
  created: TaskState[];
  /** Tasks whose status changed (done, cancelled, waiting → pending), in their new form. */
  updated: TaskState[];
  /** Nodes entered, in order (cc, condition and the like included). */
  entered: string[];
  /** The task acted on and whom the decision was on behalf of (a delegated task's owner). */
  actedTaskId?: string;
  onBehalfOf?: string;
  /** Set when the action ended the instance. */
  outcome?: Exclude<InstanceStatus, 'running'>;
}
