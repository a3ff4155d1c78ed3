import { workflowPath } from '../../../runtime/core/links';
import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { RowOwner } from '../../entity/insertNewRow';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { rowScopeFor } from '../../entity/dataScope';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { lockRow } from '../../entity/lockRow';
import { assertRowVersion, nextRowVersion } from '../../entity/rowVersion';
import { recordOperation } from '../../audit/recordOperation';
import { firstAttachId } from './docFiles';
import { numberDocument } from './docNumber';
import { insertNewRow } from '../../entity/insertNewRow';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { translatorFor } from '../../http/serverI18n';
import { sendMessage } from '../../messages/sendMessage';
import { recordUploadedBody } from './bodyVersions';
import { DOC_RECEIVE_RULE, ensureCodeRule } from './codeRules';

/**
 * The message link of a distributed document: /doc/handle/read with the 收文 as runId and the
 * reader as sendToId — the spec's "send to user" shape, whose combined id (two 24-character ids)
 * splits into 2 equal parts (runtime/core/links/messageLinks.ts).
 */
export const docReadLink = (receiveId: string, userId: string) => workflowPath({ area: 'doc', action: 'read', runId: receiveId, sendToId: userId });

/**
 * POST /set/doc/distributeDocSend {id, rowVersion?} (the 发文's action 分发): whoever may update the
 * document within their data scope distributes it once it is signed and has a body; the row is
 * held for the transaction, so two clicks distribute once.
 */
export const distributeDocSendCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const send = ctx.registry.entities.get('DocSend')!;
    requirePermission(principal, send.permissions.update);
    const id = readKey(send, request.params);
    await loadScopedRow(ctx, send, id, await rowScopeFor(ctx, send, principal, 'manage'));
    await ctx.database.db.transaction().execute(async (trx) => {
      await lockRow(trx, send.table, send.key, id);
      const row = await trx.selectFrom(send.table).selectAll().where(send.key, '=', id).executeTakeFirstOrThrow();
      assertRowVersion(request.params, row);
      if (row.status !== 'signed') throw ApiError.business('doc.error.notSigned');
      if (!firstAttachId(row.bodyFile)) throw ApiError.business('entity.DocSend.rule.bodyRequired');
      const numbered = await numberDocument(ctx, trx, row, principal.unitId);
      await distributeDocument(ctx, trx, numbered, principal);
      await trx.updateTable(send.table).set({ status: 'distributed', updateTime: nowText(), ...nextRowVersion() }).where(send.key, '=', id).execute();
      await recordOperation(trx, principal, { entity: send, action: 'update', recordId: id, before: row, after: { ...numbered, status: 'distributed' }, detail: 'distribute' }, request.raw.ip);
    });
    return { sendId: id, status: 'distributed' };
  },
};

/**
 * 分发 itself, by `actor`, in the caller's transaction (the demo data distributes through it too):
 * one 收文 for each main and copy department, owned by that department and its unit — a
 * department of another unit finds it in its own unit's list, the sender's unit does not —, its
 * active members as the 收文's readers, an unread receipt for each of them (owned by the sender,
 * whose clerk follows who has read) and a site message whose link opens the document. A
 * department with nobody in it is refused by name rather than receiving a document nobody reads.
 */
export async function distributeDocument(ctx: ServerContext, trx: Db, row: Record<string, unknown>, actor: RowOwner): Promise<void> {
  const send = ctx.registry.entities.get('DocSend')!;
  const receive = ctx.registry.entities.get('DocReceive')!;
  const receipt = ctx.registry.entities.get('DocReadReceipt')!;
  const dept = systemEntity(ctx, 'Dept');
  const user = systemEntity(ctx, 'User');
  const sendId = String(row[send.key]);
  await recordUploadedBody(ctx, trx, sendId, row.bodyFile);
  await ensureCodeRule(ctx, trx, DOC_RECEIVE_RULE, actor.unitId);

  const deptIds = [...new Set([...splitIds(row.mainDepts), ...splitIds(row.copyDepts)])];
  const depts = deptIds.length ? await trx.selectFrom(dept.table).select([dept.key, 'deptName', 'unitId']).where(dept.key, 'in', deptIds).execute() : [];
  const members = deptIds.length
    ? await trx.selectFrom(user.table).select([user.key, 'deptId', 'language']).where('deptId', 'in', deptIds).where('status', '=', 1).orderBy('sort').execute()
    : [];
  const today = nowText().slice(0, 10);
  for (const target of depts) {
    const deptId = String(target[dept.key]);
    const readers = members.filter((m) => String(m.deptId) === deptId);
    if (!readers.length) throw ApiError.business('doc.error.noRecipientUsers', { dept: String(target.deptName) });
    const receiveId = await insertNewRow(ctx, trx, receive, {
      title: row.title, sourceUnit: row.issuingAuthority, sourceDocNo: row.docNo, sendId, receiveDate: today, receiveDept: deptId,
      docType: row.docType, urgency: row.urgency, secretLevel: row.secretLevel, bodyFile: row.bodyFile, attachIds: row.attachIds,
      recipients: readers.map((r) => String(r[user.key])).join(','), status: receive.workflow?.draft ?? 'registered',
    }, { userId: actor.userId, deptId, unitId: String(target.unitId ?? '') || actor.unitId });
    for (const reader of readers) {
      const readerId = String(reader[user.key]);
      await insertNewRow(ctx, trx, receipt, { sendId, receiveId, userId: readerId, deptId, readFlag: 0 }, actor);
      const t = translatorFor(ctx.i18n, reader.language === 'en' ? 'en' : 'zh-cn');
      await sendMessage(ctx, trx, {
        receiverId: readerId, msgType: 'system', link: docReadLink(receiveId, readerId),
        title: t('doc.message.distributed', { docNo: row.docNo, title: row.title, dept: target.deptName }),
      });
    }
  }
}
