import type { TableSpec } from '../../db/tableSpecs';

/**
 * The engine's own tables (docs/WORKFLOW.md), outside the generic entity calls: instances are
 * changed only by engine actions, tasks are never deleted (cancelled with a reason) and the
 * audit only grows. Created by the table sync with the other system tables.
 */
export const BPM_TABLES: TableSpec[] = [
  {
    // One request. `state` is the engine's InstanceState without its tasks (those are bpm_task rows);
    // `rowVersion` is the lock every action takes: compare-and-set, one more per action.
    table: 'bpm_instance', key: 'instanceId',
    columns: [
      { name: 'instanceId', type: 'text' }, { name: 'processKey', type: 'text' }, { name: 'processName', type: 'text' },
      { name: 'version', type: 'integer' }, { name: 'title', type: 'text' }, { name: 'status', type: 'text' },
      { name: 'startUserId', type: 'text' }, { name: 'startUserName', type: 'text' }, { name: 'startDeptId', type: 'text' },
      { name: 'bizEntity', type: 'text' }, { name: 'bizId', type: 'text' }, { name: 'formData', type: 'text' },
      { name: 'state', type: 'text' }, { name: 'currentNodes', type: 'text' }, { name: 'unitId', type: 'text' },
      { name: 'createTime', type: 'text' }, { name: 'updateTime', type: 'text' }, { name: 'endTime', type: 'text' },
      { name: 'rowVersion', type: 'integer', notNullDefault: 0 },
    ],
    indexes: [
      { name: 'ix_bpm_instance_start', columns: ['startUserId', 'createTime'], unique: false },
      { name: 'ix_bpm_instance_biz', columns: ['bizEntity', 'bizId'], unique: false },
      // 流程监控 (getInstanceList): every request, newest first.
      { name: 'ix_bpm_instance_time', columns: ['createTime'], unique: false },
    ],
  },
  {
    // One person's part in a request: a todo (approve/handle/resubmit) or a CC. `box` is the list
    // it belongs to (todo, draft = the initiator's resubmission, cc); with the denormalised process
    // name, title and initiator, a list page and its count are one walk of an index.
    table: 'bpm_task', key: 'taskId',
    columns: [
      { name: 'taskId', type: 'text' }, { name: 'instanceId', type: 'text' }, { name: 'nodeId', type: 'text' },
      { name: 'nodeName', type: 'text' }, { name: 'box', type: 'text' }, { name: 'kind', type: 'text' },
      { name: 'assignee', type: 'text' }, { name: 'owner', type: 'text' }, { name: 'status', type: 'text' },
      { name: 'round', type: 'integer' }, { name: 'ord', type: 'integer' }, { name: 'decision', type: 'text' },
      { name: 'cancelReason', type: 'text' }, { name: 'addSign', type: 'text' }, { name: 'sourceTaskId', type: 'text' },
      { name: 'createdSeq', type: 'integer' }, { name: 'doneSeq', type: 'integer' }, { name: 'opened', type: 'integer', notNullDefault: 0 },
      { name: 'opinion', type: 'text' }, { name: 'processKey', type: 'text' }, { name: 'processName', type: 'text' },
      { name: 'title', type: 'text' }, { name: 'startUserId', type: 'text' }, { name: 'startUserName', type: 'text' },
      { name: 'createTime', type: 'text' }, { name: 'doneTime', type: 'text' },
      // Due time (node dueHours) and whether the due-time job took the task (docs/WORKFLOW.md › Due time).
      { name: 'dueTime', type: 'text' }, { name: 'dueDone', type: 'integer', notNullDefault: 0 },
    ],
    indexes: [
      { name: 'ix_bpm_task_due', columns: ['dueDone', 'dueTime'], unique: false },
      { name: 'ix_bpm_task_box', columns: ['assignee', 'box', 'status', 'createTime'], unique: false },
      { name: 'ix_bpm_task_box_done', columns: ['assignee', 'box', 'status', 'doneTime'], unique: false },
      { name: 'ix_bpm_task_instance', columns: ['instanceId'], unique: false },
    ],
  },
  {
    // Append-only: one row per action, with who acted and for whom (a delegated task's owner).
    table: 'bpm_audit', key: 'auditId',
    columns: [
      { name: 'auditId', type: 'text' }, { name: 'instanceId', type: 'text' }, { name: 'taskId', type: 'text' },
      { name: 'seq', type: 'integer' }, { name: 'action', type: 'text' }, { name: 'actorId', type: 'text' },
      { name: 'onBehalfOf', type: 'text' }, { name: 'nodeId', type: 'text' }, { name: 'nodeName', type: 'text' },
      { name: 'opinion', type: 'text' }, { name: 'detail', type: 'text' }, { name: 'createTime', type: 'text' },
    ],
    indexes: [{ name: 'ix_bpm_audit_instance', columns: ['instanceId', 'seq'], unique: false }],
  },
  {
    // A start form saved before its first submission (草稿): the owner's alone, no instance yet.
    // Starting from it deletes it; a request returned to its initiator is a draft task instead.
    table: 'bpm_draft', key: 'draftId',
    columns: [
      { name: 'draftId', type: 'text' }, { name: 'userId', type: 'text' }, { name: 'processKey', type: 'text' },
      { name: 'processName', type: 'text' }, { name: 'title', type: 'text' }, { name: 'formData', type: 'text' },
      { name: 'createTime', type: 'text' }, { name: 'updateTime', type: 'text' },
    ],
    indexes: [{ name: 'ix_bpm_draft_user', columns: ['userId', 'updateTime'], unique: false }],
  },
];
