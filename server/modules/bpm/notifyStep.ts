import type { StepResult } from '../../../runtime/core/bpm';
import type { ServerContext } from '../../context';
import { dispatchMessage } from '../../messages/dispatchMessage';
import { recordRunLog } from '../../audit/recordRunLog';
import { translatedText } from '../../entity/translatedText';
import type { InstanceRow } from './instanceRows';

/** The task screen a message opens: dowork for a decision, read for a CC or a finished request. */
export const todoLink = (taskId: string) => `/bpm/handle/dowork?taskId=${encodeURIComponent(taskId)}`;
export const readLink = (query: { taskId?: string; instanceId?: string }) =>
  `/bpm/handle/read?${new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]).toString()}`;

async function send(ctx: ServerContext, typeCode: string, receiverId: string, link: string, titleKey: string, instance: InstanceRow): Promise<void> {
  try {
    await dispatchMessage(ctx, {
      typeCode, receiverId, msgType: 'flow', link,
      compose: (t, lang) => {
        // The demo processes' names are language-pack keys: the receiver reads theirs.
        const processName = translatedText(ctx.i18n, lang, instance.processName);
        return { title: t(titleKey, { processName, title: instance.title }), vars: { processName, instanceTitle: instance.title } };
      },
    });
  } catch (error) {
    // The decision has committed; a message that cannot be sent is recorded, never undoes it.
    await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `${typeCode} → ${receiverId}: ${(error as Error).message}` });
  }
}

/**
 * After a committed step: the people who now have a task to decide (new ones, and signers whose
 * turn came), the CC receivers, and the initiator when the request ended.
 */
export async function notifyStep(ctx: ServerContext, instance: InstanceRow, result: StepResult): Promise<void> {
  const nowPending = [...result.created, ...result.updated].filter((t) => t.kind === 'todo' && t.status === 'pending' && t.id !== result.actedTaskId);
  for (const task of nowPending) await send(ctx, 'bpmTodo', task.assignee, todoLink(task.id), 'bpm.message.todo', instance);
  for (const task of result.created.filter((t) => t.kind === 'cc')) await send(ctx, 'bpmCc', task.assignee, readLink({ taskId: task.id }), 'bpm.message.cc', instance);
  if (result.outcome) await send(ctx, 'bpmResult', instance.startUserId, readLink({ instanceId: instance.instanceId }), `bpm.message.${result.outcome}`, instance);
}

/** 催办: the people whose decision the request waits for. */
export async function notifyUrge(ctx: ServerContext, instance: InstanceRow, pending: { taskId: string; assignee: string }[]): Promise<void> {
  for (const task of pending) await send(ctx, 'bpmUrge', task.assignee, todoLink(task.taskId), 'bpm.message.urge', instance);
}
