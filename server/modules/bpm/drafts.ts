import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { newId, nowText } from '../../http/newId';
import { formDataParam, optionalText, requiredText } from './bpmParams';
import { parseFormData } from './instanceRows';

/**
 * 草稿 before the first submission: a start form kept in bpm_draft, its owner's alone. Values
 * are kept as typed (a draft may be incomplete); startProcess checks them when it is submitted
 * and deletes the draft. A request returned to its initiator is a draft task, not a row here.
 */
export interface DraftRow { draftId: string; processKey: string; processName: string; title: string; formData: Record<string, unknown>; createTime: string; updateTime: string }

const TITLE_MAX = 200;

/** The caller's draft, or 404 (another user's draft is not found either: drafts are private). */
export async function ownDraft(ctx: ServerContext, userId: string, draftId: string): Promise<DraftRow> {
  const row = await ctx.database.db.selectFrom('bpm_draft').selectAll().where('draftId', '=', draftId).where('userId', '=', userId).executeTakeFirst();
  if (!row) throw ApiError.notFound('bpm.error.draftNotFound');
  return {
    draftId: String(row.draftId), processKey: String(row.processKey), processName: String(row.processName), title: String(row.title ?? ''),
    formData: parseFormData(row.formData as string | null), createTime: String(row.createTime), updateTime: String(row.updateTime),
  };
}

export async function deleteOwnDraft(ctx: ServerContext, userId: string, draftId: string): Promise<void> {
  await ctx.database.db.deleteFrom('bpm_draft').where('draftId', '=', draftId).where('userId', '=', userId).execute();
}

/** POST saveDraft {draftId?, processKey, title?, formData} → {draftId}: creates or overwrites the caller's draft. */
export const saveDraftCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const processKey = requiredText(params, 'processKey', 60);
    const process = await ctx.database.db.selectFrom(ctx.registry.entities.get('BpmProcess')!.table).select(['processName', 'status'])
      .where('processKey', '=', processKey).executeTakeFirst();
    if (!process || process.status !== 'published') throw ApiError.business('bpm.error.processNotPublished', { processKey });
    const title = optionalText(params, 'title', TITLE_MAX) ?? '';
    const formData = JSON.stringify(formDataParam(params) ?? {});
    const now = nowText();
    const draftId = optionalText(params, 'draftId', 64);
    if (draftId) {
      await ownDraft(ctx, principal.userId, draftId);
      await ctx.database.db.updateTable('bpm_draft').set({ title, formData, processKey, processName: String(process.processName), updateTime: now })
        .where('draftId', '=', draftId).where('userId', '=', principal.userId).execute();
      return { draftId };
    }
    const id = newId();
    await ctx.database.db.insertInto('bpm_draft').values({
      draftId: id, userId: principal.userId, processKey, processName: String(process.processName), title, formData, createTime: now, updateTime: now,
    }).execute();
    return { draftId: id };
  },
};

/** GET getDraftById {draftId}: the caller's draft with its values, to resume it. */
export const getDraftByIdCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    return ownDraft(request.ctx, principal.userId, requiredText(request.params, 'draftId', 64));
  },
};

/** POST deleteDraft {draftId}. */
export const deleteDraftCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const draftId = requiredText(request.params, 'draftId', 64);
    await ownDraft(request.ctx, principal.userId, draftId);
    await deleteOwnDraft(request.ctx, principal.userId, draftId);
    return { draftId };
  },
};
