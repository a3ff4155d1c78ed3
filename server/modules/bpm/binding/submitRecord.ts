import { bindingStatusOf, isOpenRecord } from '../../../../runtime/core/bpm';
import type { Principal } from '../../../auth/Principal';
import type { CallRequest } from '../../../calls/CallHandler';
import type { ServerContext } from '../../../context';
import { splitIds } from '../../../entity/rowValues';
import { ApiError } from '../../../http/ApiError';
import { translatedText } from '../../../entity/translatedText';
import { actorOf, optionalText } from '../bpmParams';
import { actOnInstance, startInstance } from '../runAction';
import { updatableBizRecord } from './bizRecord';

const TITLE_MAX = 200;

export interface PublishedProcess { processKey: string; processName: string; currentVersion: number }

/** A process the caller may start now: published, and naming one of the caller's roles when it names any. */
export async function publishedProcess(ctx: ServerContext, principal: Principal, processKey: string): Promise<PublishedProcess> {
  const entity = ctx.registry.entities.get('BpmProcess')!;
  const process = await ctx.database.db.selectFrom(entity.table).select(['processName', 'currentVersion', 'status', 'starterRoleIds'])
    .where('processKey', '=', processKey).executeTakeFirst();
  if (!process || process.status !== 'published' || Number(process.currentVersion) < 1) throw ApiError.business('bpm.error.processNotPublished', { processKey });
  const starters = splitIds(process.starterRoleIds);
  if (starters.length > 0 && !starters.some((id) => principal.roleIds.includes(id))) throw ApiError.forbidden('bpm.error.mayNotStart');
  return { processKey, processName: String(process.processName), currentVersion: Number(process.currentVersion) };
}

/** The request of a record waiting at its initiator (returned, or the submission retracted), with the caller's draft task in it. */
async function waitingAtInitiator(ctx: ServerContext, entityName: string, id: string, userId: string): Promise<{ instanceId: string; taskId: string } | undefined> {
  const running = await ctx.database.db.selectFrom('bpm_instance').select('instanceId')
    .where('bizEntity', '=', entityName).where('bizId', '=', id).where('status', '=', 'running').executeTakeFirst();
  if (!running) return undefined;
  const task = await ctx.database.db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', String(running.instanceId))
    .where('box', '=', 'draft').where('status', '=', 'pending').where('assignee', '=', userId).executeTakeFirst();
  // Someone else's request for this record waits at them: only they resubmit it.
  if (!task) throw ApiError.business('bpm.binding.running');
  return { instanceId: String(running.instanceId), taskId: String(task.taskId) };
}

/**
 * startProcess {bizEntity, bizId} for an entity bound to a process (docs/WORKFLOW.md › Binding):
 * the caller must be able to update the record (permission and data scope); its values are the
 * form and its label the title. A record whose request waits at the caller is resubmitted (the
 * draft task agreed) rather than started twice. Answers undefined for any other start, which
 * goes on as a plain one.
 */
export async function submitBoundRecord(request: CallRequest, principal: Principal): Promise<{ instanceId: string; resubmitted: boolean } | undefined> {
  const { ctx, params } = request;
  const bizEntity = optionalText(params, 'bizEntity', 60);
  const bizId = optionalText(params, 'bizId', 64);
  const binding = bizEntity ? ctx.registry.entities.get(bizEntity)?.workflow : undefined;
  if (!binding || !bizEntity || !bizId) return undefined;
  const asked = optionalText(params, 'processKey', 60);
  if (asked && asked !== binding.process) throw ApiError.business('bpm.binding.otherProcess', { process: binding.process });
  const { entity, record } = await updatableBizRecord(ctx, principal, bizEntity, bizId);
  const status = bindingStatusOf(binding, record);
  if (status === binding.running) throw ApiError.business('bpm.binding.running');
  // Approved, or moved on by its module after approval (a 发文 distributed): never submitted again.
  if (!isOpenRecord(binding, record)) throw ApiError.business('bpm.binding.approved');

  const waiting = await waitingAtInitiator(ctx, entity.name, bizId, principal.userId);
  if (waiting) {
    await actOnInstance(ctx, actorOf(principal), waiting.instanceId, () => ({ type: 'agree', actor: principal.userId, taskId: waiting.taskId }));
    return { instanceId: waiting.instanceId, resubmitted: true };
  }
  const process = await publishedProcess(ctx, principal, binding.process);
  const label = String(record[entity.labelField] ?? '').trim();
  // Without a label, a title in the submitter's language (the process name is a key for the demo's).
  const title = (label || `${translatedText(ctx.i18n, request.lang, process.processName)}-${principal.userName}`).slice(0, TITLE_MAX);
  const { instance } = await startInstance(ctx, actorOf(principal), {
    processKey: process.processKey, processName: process.processName, version: process.currentVersion, title, formData: record, bizEntity: entity.name, bizId,
  });
  return { instanceId: instance.instanceId, resubmitted: false };
}
