import { sql } from 'kysely';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { RowOwner } from '../../entity/insertNewRow';
import { insertNewRow } from '../../entity/insertNewRow';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { firstAttachId } from './docFiles';
import { startAsDraft } from './draftStatus';
import { refuseNonDocxBody } from './bodyCheck';

export interface NewBodyVersion {
  sendId: string;
  attachId: string;
  changeKind: 'upload' | 'redHeader';
  templateId?: string | null;
  reason?: string | null;
}

/** Adds the next version (1, 2, …) of a document's body; the caller holds the document's row. */
export async function addBodyVersion(ctx: ServerContext, db: Db, version: NewBodyVersion, owner: RowOwner): Promise<string> {
  const entity = ctx.registry.entities.get('DocBodyVersion')!;
  const last = await db.selectFrom(entity.table).select(sql<number>`max("versionNo")`.as('n')).where('sendId', '=', version.sendId).executeTakeFirst();
  return insertNewRow(ctx, db, entity, {
    sendId: version.sendId, versionNo: Number(last?.n ?? 0) + 1, bodyFile: version.attachId,
    changeKind: version.changeKind, templateId: version.templateId ?? null, reason: version.reason ?? null,
  }, owner);
}

/**
 * Makes sure the body a document holds now is in its version history. A body uploaded on the
 * form becomes a version the first time the server sees it after the upload — when the document
 * is saved again, signed, red-headed or distributed (on insert the document has no id yet) —,
 * recorded as made by the file's uploader at the upload's time, so the history says who brought it.
 */
export async function recordUploadedBody(ctx: ServerContext, db: Db, sendId: string, bodyFile: unknown): Promise<void> {
  const attachId = firstAttachId(bodyFile);
  if (!attachId) return;
  const entity = ctx.registry.entities.get('DocBodyVersion')!;
  const known = await db.selectFrom(entity.table).select('versionId').where('sendId', '=', sendId).where('bodyFile', '=', attachId).executeTakeFirst();
  if (known) return;
  const file = await db.selectFrom('sys_attach').select(['createUser', 'unitId']).where('attachId', '=', attachId).executeTakeFirst();
  const uploader = String(file?.createUser ?? '');
  const users = ctx.registry.entities.get('User')!;
  const user = uploader ? await db.selectFrom(users.table).select(['deptId']).where(users.key, '=', uploader).executeTakeFirst() : undefined;
  await addBodyVersion(ctx, db, { sendId, attachId, changeKind: 'upload' },
    { userId: uploader, deptId: String(user?.deptId ?? ''), unitId: String(file?.unitId ?? '') });
}

/** DocSend's before-write hook: the body is a .docx; a new document starts as a draft; a body changed on the form goes into the history (the update's transaction). */
export const recordBodyOnUpdate: BeforeWriteHook = async (input) => {
  await refuseNonDocxBody(input);
  await startAsDraft(input);
  const { ctx, trx, action, record, existing, id } = input;
  if (action !== 'update' || !id) return;
  if (firstAttachId(record.bodyFile) === firstAttachId(existing?.bodyFile)) return;
  // The body it replaces is kept too, when the document never showed it to the server before.
  await recordUploadedBody(ctx, trx, id, existing?.bodyFile);
  await recordUploadedBody(ctx, trx, id, record.bodyFile);
};
