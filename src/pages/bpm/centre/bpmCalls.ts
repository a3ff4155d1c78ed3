import type { FieldPermission, ProcessDefinition, TaskDecision } from '../../../../runtime/core/bpm';

/** The workflow centre's five lists (docs/WORKFLOW.md, "Calls") and the call each reads. */
export const CENTRE_TABS = ['todo', 'done', 'started', 'cc', 'draft'] as const;
export type CentreTab = (typeof CENTRE_TABS)[number];

export const LIST_CALLS: Record<CentreTab, string> = {
  todo: '/get/bpm/getMyTodoList', done: '/get/bpm/getMyDoneList', started: '/get/bpm/getMyStartedList',
  cc: '/get/bpm/getMyCcList', draft: '/get/bpm/getMyDraftList',
};

/** One row of any of the lists; which fields are set depends on the list. */
export interface CentreRow {
  taskId?: string; instanceId?: string; draftId?: string; processKey: string; processName: string; title: string;
  nodeName?: string; currentNodes?: string; startUserName?: string; createTime: string; doneTime?: string; endTime?: string;
  status: string; taskStatus?: string; decision?: string; batchAgree?: boolean;
}

export interface TodoCount { todo: number; cc: number; draft: number }

export interface StartableProcess { processKey: string; processName: string; category: string; version: number; remark: string }

export interface DraftView { draftId: string; processKey: string; processName: string; title: string; formData: Record<string, unknown> }

export interface MyTask {
  taskId: string; nodeId: string; nodeName: string; kind: 'todo' | 'cc'; owner: string | null;
  decisions: TaskDecision[]; allow: { return?: string[]; addSign?: string[]; retract?: boolean }; opinionRequired: TaskDecision[];
}

export interface HistoryRow {
  action: string; actorId: string; actorName: string; onBehalfOf: string | null; onBehalfOfName: string | null;
  nodeId: string | null; nodeName: string | null; opinion: string | null; createTime: string;
  /** The handwritten signature put on the decision (uploadBpmSign), when there was one. */
  signAttachId?: string | null;
}

export interface TaskRowView {
  taskId: string; nodeId: string; nodeName: string; kind: string; assignee: string; assigneeName: string;
  status: string; decision: string | null; cancelReason: string | null; opinion: string | null; createTime: string; doneTime: string | null;
}

/** GET /get/bpm/getInstanceById. */
export interface InstanceView {
  instance: {
    instanceId: string; processKey: string; processName: string; version: number; title: string; status: string;
    startUserId: string; startUserName: string; createTime: string; endTime: string | null;
  };
  definition: ProcessDefinition;
  currentNodes: string[];
  formData: Record<string, unknown>;
  fieldPerms: Record<string, FieldPermission>;
  tasks: TaskRowView[];
  history: HistoryRow[];
  myTasks: MyTask[];
  /** The caller is a process administrator and the request runs: the screen offers 终止. */
  canTerminate: boolean;
  /** The caller started the request (or administers processes) and a current step allows 催办. */
  canUrge: boolean;
}

/** 流程监控 (process administrators): a tab of the centre, GET /get/bpm/getInstanceList, one row per request. */
export const MONITOR = 'monitor';
/** Who sees 流程监控 and 终止: the server's process administrators (server/modules/bpm/bpmParams.ts). */
export const BPM_ADMIN_PERMISSION = 'bpm:BpmProcess:update';
export const MONITOR_STATUSES = ['running', 'approved', 'rejected', 'terminated'] as const;

export interface MonitorRow {
  instanceId: string; processKey: string; processName: string; version: number; title: string; currentNodes: string;
  startUserId: string; startUserName: string; createTime: string; endTime: string | null; status: string;
}

export interface MonitorFilter {
  keyword?: string; status?: string; processKey?: string; startUserId?: string; dateFrom?: string; dateTo?: string;
}

/** The task screen of one task (a message's or a list's link). */
export const taskPath = (taskId: string) => `/bpm/handle/dowork?taskId=${encodeURIComponent(taskId)}`;
/** The read-only screen of a request. */
export const readPath = (instanceId: string) => `/bpm/handle/read?instanceId=${encodeURIComponent(instanceId)}`;
