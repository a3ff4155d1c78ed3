import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { Principal } from '../../../auth/Principal';
import { REPLY_SENT, type CallHandler } from '../../../calls/CallHandler';
import { requirePrincipal } from '../../../calls/requirePrincipal';
import type { ServerContext } from '../../../context';
import type { Db } from '../../../db/connect';
import { nextRowVersion } from '../../../entity/rowVersion';
import { LINK_TABLE, syncAttachmentLinks } from '../../../files/attachmentLinks';
import { discardStoredFile, recordAttachment, storeUpload } from '../../../files/attachmentStore';
import { ApiError } from '../../../http/ApiError';
import { newId, nowText } from '../../../http/newId';
import { imageTypeOf, readHead } from '../../../people/avatarCalls';
import { isBpmAdmin } from '../bpmParams';

/** `sys_attach.module` of handwritten signatures. */
const SIGN_MODULE = 'bpmSign';
/** A signature is a small picture; anything larger is a photo or a scan sent by mistake. */
export const SIGN_MAX_BYTES = 1024 * 1024;
const SIGN_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif']);

function signatureEntity(ctx: ServerContext) {
  const entity = ctx.registry.entities.get('SignatureConfig');
  if (!entity) throw new Error('schemas/system/SignatureConfig.json is missing');
  return entity;
}

/** The caller's current signature image (attachment id) from their 签批设置 row, enabled or not. */
async function signImageOf(ctx: ServerContext, userId: string): Promise<string | null> {
  const entity = signatureEntity(ctx);
  const row = await ctx.database.db.selectFrom(entity.table).select('signImage').where('userId', '=', userId).executeTakeFirst();
  return row?.signImage ? String(row.signImage) : null;
}

/** The link that keeps a replaced or removed signature while a signed decision shows it (no entity holds it then). */
const SIGNED_DECISION_LINK = 'BpmSignedDecision';

/**
 * A signature that leaves its 签批设置 row (replaced or removed) is no longer linked to it. When
 * a decision was signed with it, the history must still show it: it is linked to that decision,
 * so the purge of unlinked attachments keeps it (the pseudo entity lends no reader the file).
 * One never used is left unlinked, and the purge removes it after a day.
 */
async function retireSignature(trx: Db, attachId: string | null): Promise<void> {
  if (!attachId) return;
  // The audit detail is JSON.stringify output: the exact property text finds the decisions it signed.
  const signed = await trx.selectFrom('bpm_audit').select('auditId').where('detail', 'like', `%"signAttachId":"${attachId}"%`).executeTakeFirst();
  if (!signed) return;
  await trx.insertInto(LINK_TABLE).values({ linkId: newId(), attachId, entity: SIGNED_DECISION_LINK, recordId: String(signed.auditId) }).execute();
}

/**
 * POST /set/file/uploadBpmSign (multipart `file`): the caller's handwritten signature for their
 * decisions. PNG, JPEG or GIF by name and by content, at most 1 MB. Kept on their 签批设置 row
 * (SignatureConfig.signImage); a row is created disabled when they have none, so no password
 * check starts because of it. A replaced signature stays readable on the decisions it signed.
 * Answers {attachId}.
 */
export const uploadBpmSignCall: CallHandler = {
  auth: 'session',
  multipart: 'stream',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const file = request.params.$stream as MultipartFile | undefined;
    if (!file) throw ApiError.business('file.missing');
    const stored = await storeUpload(ctx, file, SIGN_EXTENSIONS, { key: 'bpm.sign.notImage' }, SIGN_MAX_BYTES);
    if (stored.fileSize === 0 || !imageTypeOf(await readHead(path.join(ctx.config.dataDir, stored.storedPath)))) {
      await discardStoredFile(ctx, stored);
      throw ApiError.business('bpm.sign.notImage', { ext: stored.extName });
    }
    const entity = signatureEntity(ctx);
    await ctx.database.db.transaction().execute(async (trx) => {
      await recordAttachment(trx, principal, stored, SIGN_MODULE);
      const row = await trx.selectFrom(entity.table).select([entity.key, 'signImage']).where('userId', '=', principal.userId).executeTakeFirst();
      const id = row ? String(row[entity.key]) : newId();
      if (row) {
        await trx.updateTable(entity.table).set({ signImage: stored.attachId, updateTime: nowText(), ...nextRowVersion() }).where(entity.key, '=', id).execute();
      } else {
        await trx.insertInto(entity.table).values({
          [entity.key]: id, userId: principal.userId, signImage: stored.attachId, verifyMethod: 'password', enabled: 0, remark: null,
          createUser: principal.userId, createDept: principal.deptId, unitId: principal.unitId, createTime: nowText(), updateTime: nowText(),
        }).execute();
      }
      // Linked, so the purge of unlinked attachments keeps it.
      await syncAttachmentLinks(trx, entity, id, { signImage: stored.attachId });
      await retireSignature(trx, row?.signImage ? String(row.signImage) : null);
    });
    return { attachId: stored.attachId };
  },
};

/**
 * POST /set/bpm/deleteMyBpmSign: removes the caller's own signature from their 签批设置 row (the
 * call takes no user: nobody removes another's). Decisions already signed keep showing it.
 * Answers {removed}: false when there was none.
 */
export const deleteMyBpmSignCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const entity = signatureEntity(request.ctx);
    return request.ctx.database.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom(entity.table).select([entity.key, 'signImage']).where('userId', '=', principal.userId).executeTakeFirst();
      if (!row?.signImage) return { removed: false };
      const id = String(row[entity.key]);
      await trx.updateTable(entity.table).set({ signImage: null, updateTime: nowText(), ...nextRowVersion() }).where(entity.key, '=', id).execute();
      await syncAttachmentLinks(trx, entity, id, { signImage: null });
      await retireSignature(trx, String(row.signImage));
      return { removed: true };
    });
  },
};

/** GET /get/bpm/getMyBpmSign: {attachId} of the caller's signature, null when they have none. */
export const getMyBpmSignCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    return { attachId: await signImageOf(request.ctx, principal.userId) };
  },
};

/** completeTask `sign: 1`: the audit row keeps the signature the decision was signed with. */
export async function signDetail(ctx: ServerContext, principal: Principal, params: Record<string, unknown>): Promise<{ signAttachId?: string }> {
  const wanted = params.sign === true || params.sign === 1 || params.sign === '1' || params.sign === 'true';
  if (!wanted) return {};
  const attachId = await signImageOf(ctx, principal.userId);
  if (!attachId) throw ApiError.business('bpm.sign.none');
  return { signAttachId: attachId };
}

/**
 * GET /get/bpm/getBpmSignImage {auditId?}: the image a decision was signed with, for whoever may
 * read its request (participants, process administrators); without auditId, the caller's own
 * current signature. 204 when there is none.
 */
export const getBpmSignImageCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const db = ctx.database.db;
    const auditId = typeof request.params.auditId === 'string' ? request.params.auditId.trim() : '';
    let attachId: string | null;
    if (auditId) {
      const audit = await db.selectFrom('bpm_audit').select(['instanceId', 'detail']).where('auditId', '=', auditId).executeTakeFirst();
      if (!audit) throw ApiError.notFound('error.recordNotFound');
      const instance = await db.selectFrom('bpm_instance').select('startUserId').where('instanceId', '=', String(audit.instanceId)).executeTakeFirstOrThrow();
      const part = instance.startUserId === principal.userId || await db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', String(audit.instanceId))
        .where((eb) => eb.or([eb('assignee', '=', principal.userId), eb('owner', '=', principal.userId)])).executeTakeFirst();
      if (!part && !isBpmAdmin(principal)) throw ApiError.forbidden('bpm.error.notParticipant');
      attachId = (JSON.parse(String(audit.detail ?? '{}')) as { signAttachId?: string }).signAttachId ?? null;
    } else {
      attachId = await signImageOf(ctx, principal.userId);
    }
    const attach = attachId ? await db.selectFrom('sys_attach').select(['storedPath', 'fileSize']).where('attachId', '=', attachId).executeTakeFirst() : undefined;
    const absolute = attach ? path.join(ctx.config.dataDir, String(attach.storedPath)) : '';
    const type = attach && fs.existsSync(absolute) ? imageTypeOf(await readHead(absolute)) : null;
    if (!type) {
      await request.reply.status(204).header('Cache-Control', 'private, no-store').send();
      return REPLY_SENT;
    }
    await request.reply.header('Content-Type', type).header('Content-Length', String(attach!.fileSize))
      .header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff').send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};
