import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import type { Db } from '../../db/connect';
import type { RowOwner } from '../../entity/insertNewRow';
import type { Principal } from '../../auth/Principal';
import { rowScopeFor } from '../../entity/dataScope';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { lockRow } from '../../entity/lockRow';
import { nextRowVersion, assertRowVersion } from '../../entity/rowVersion';
import { splitIds } from '../../entity/rowValues';
import { syncAttachmentLinks } from '../../files/attachmentLinks';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { translatorFor } from '../../http/serverI18n';
import { addBodyVersion } from './bodyVersions';
import { numberDocument } from './docNumber';
import { firstAttachId, readAttachment, storeGeneratedFile } from './docFiles';
import { docxParagraphs } from './docxFiles';
import { DocxPackage } from './docxPackage';
import { bodyFragment } from './bodyFragment';
import { placeSeal, sealImageOf, type SealImage } from './sealImage';
import { compileTemplate, renderTemplate, type TemplateValues } from './templateCheck';

/** 2026年11月25日: dates in an official document are written out in Chinese (GB/T 9704 成文日期). */
function chineseDate(value: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
  return match ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日` : '';
}

async function namesOf(db: Db, table: string, key: string, label: string, ids: string[]): Promise<string> {
  if (!ids.length) return '';
  const rows = await db.selectFrom(table).select([key, label]).where(key, 'in', ids).execute();
  const byId = new Map(rows.map((r) => [String(r[key]), String(r[label])]));
  return ids.map((id) => byId.get(id) ?? '').filter(Boolean).join('、');
}

/**
 * The bytes of the document's latest uploaded body: what {@body} and {body} wrap. Never a
 * red-headed version, which would put a red header inside the red header. Null when it has none.
 */
async function latestBody(ctx: ServerContext, db: Db, sendId: string): Promise<Buffer | null> {
  const versions = ctx.registry.entities.get('DocBodyVersion')!;
  const latest = await db.selectFrom(versions.table).select('bodyFile').where('sendId', '=', sendId).where('changeKind', '=', 'upload')
    .orderBy('versionNo', 'desc').executeTakeFirst();
  const attachId = firstAttachId(latest?.bodyFile);
  if (!attachId) return null;
  const file = await readAttachment(ctx, db, attachId);
  if (!file || file.extName.toLowerCase() !== 'docx') throw ApiError.business('doc.error.bodyNotDocx');
  return file.bytes;
}

/** The template's seal picture ({%seal}); null when it has none. */
async function templateSeal(ctx: ServerContext, db: Db, template: Record<string, unknown>): Promise<SealImage | null> {
  const attachId = firstAttachId(template.sealImage);
  const file = attachId ? await readAttachment(ctx, db, attachId) : null;
  return file ? sealImageOf(file.bytes) : null;
}

/**
 * The body and seal values of a fill: {body} as text, {@body} as the body's own XML and {%seal}
 * as the seal's marker — the pictures, styles and lists they bring are added to `target` at its
 * commit. A body that does not open as a .docx is refused.
 */
function bodyAndSeal(target: DocxPackage, tags: ReadonlySet<string>, body: Buffer | null, seal: SealImage | null): Pick<TemplateValues, 'body' | '@body' | '%seal'> {
  const sealMarker = seal && tags.has('%seal') ? placeSeal(target, seal) : '';
  try {
    return {
      body: body ? docxParagraphs(body).join('\n') : '',
      '@body': body && tags.has('@body') ? bodyFragment(body, target) : '',
      '%seal': sealMarker,
    };
  } catch {
    throw ApiError.business('doc.error.bodyNotDocx');
  }
}

/** The placeholders' values from the document: Chinese, as the document itself is. */
async function fieldValues(ctx: ServerContext, db: Db, row: Record<string, unknown>): Promise<Omit<TemplateValues, 'body' | '@body' | '%seal'>> {
  const zh = translatorFor(ctx.i18n, 'zh-cn');
  const dept = systemEntity(ctx, 'Dept');
  const user = systemEntity(ctx, 'User');
  return {
    authority: String(row.issuingAuthority ?? ''),
    docNo: String(row.docNo ?? ''),
    title: String(row.title ?? ''),
    date: chineseDate(row.signDate),
    signer: await namesOf(db, user.table, user.key, 'userName', splitIds(row.signer)),
    mainTo: await namesOf(db, dept.table, dept.key, 'deptName', splitIds(row.mainDepts)),
    copyTo: await namesOf(db, dept.table, dept.key, 'deptName', splitIds(row.copyDepts)),
    urgency: row.urgency ? zh(`dic.docUrgency.item.${String(row.urgency)}`) : '',
    secretLevel: row.secretLevel ? zh(`dic.docSecret.item.${String(row.secretLevel)}`) : '',
  };
}

export interface RedHeaderResult { attachId: string; versionId: string }

/**
 * 套红: fills the document's red-header template with its fields into a new .docx, which becomes
 * the document's body and its next body version — one transaction holding the document's row,
 * so two fills at once make two versions one after the other, never a lost body.
 */
export async function fillRedHeader(
  ctx: ServerContext, sendId: string, actor: RowOwner,
  options: { expectedRowVersion?: Record<string, unknown>; audit?: { principal: Principal; ip: string } } = {},
): Promise<RedHeaderResult> {
  const send = ctx.registry.entities.get('DocSend')!;
  const templates = ctx.registry.entities.get('DocTemplate')!;
  return ctx.database.db.transaction().execute(async (trx) => {
    await lockRow(trx, send.table, send.key, sendId);
    const stored = await trx.selectFrom(send.table).selectAll().where(send.key, '=', sendId).executeTakeFirstOrThrow();
    if (options.expectedRowVersion) assertRowVersion(options.expectedRowVersion, stored);
    if (stored.status === 'distributed') throw ApiError.business('doc.error.distributedAlready');
    if (stored.status !== 'signed') throw ApiError.business('doc.error.notSigned');
    if (!stored.templateId) throw ApiError.business('doc.error.templateMissing');
    const template = await trx.selectFrom(templates.table).selectAll().where(templates.key, '=', String(stored.templateId)).executeTakeFirst();
    if (!template) throw ApiError.business('doc.error.templateMissing');
    const name = String(template.templateName);
    if (Number(template.enabled) !== 1) throw ApiError.business('doc.error.templateDisabled', { name });
    const templateAttach = firstAttachId(template.templateFile);
    const file = templateAttach ? await readAttachment(ctx, trx, templateAttach) : null;
    if (!file) throw ApiError.business('doc.error.templateFileMissing');
    const compiled = compileTemplate(file.bytes, name);

    const row = await numberDocument(ctx, trx, stored, actor.unitId);
    const target = new DocxPackage(compiled.doc.getZip());
    const values = { ...await fieldValues(ctx, trx, row), ...bodyAndSeal(target, compiled.tags, await latestBody(ctx, trx, sendId), await templateSeal(ctx, trx, template)) };
    const filled = renderTemplate(compiled.doc, values, () => target.commit());
    const fileName = `${String(row.docNo)} ${String(row.title)}.docx`.replace(/[\\/:*?"<>|]/g, '_').slice(0, 190);
    const attachId = await storeGeneratedFile(ctx, trx, actor, fileName, filled);
    await trx.updateTable(send.table).set({ bodyFile: attachId, updateTime: nowText(), ...nextRowVersion() }).where(send.key, '=', sendId).execute();
    await syncAttachmentLinks(trx, send, sendId, { ...row, bodyFile: attachId });
    const versionId = await addBodyVersion(ctx, trx, { sendId, attachId, changeKind: 'redHeader', templateId: String(template[templates.key]), reason: name }, actor);
    if (options.audit) {
      await recordOperation(trx, options.audit.principal, { entity: send, action: 'update', recordId: sendId, before: stored, after: { ...row, bodyFile: attachId }, detail: 'redHeader' }, options.audit.ip);
    }
    return { attachId, versionId };
  });
}

/**
 * POST /set/doc/redHeaderDocSend {id, rowVersion?}: the row action 套红 of a 发文. Whoever may
 * update the document within their data scope may fill it; the operation log records it.
 */
export const redHeaderDocSendCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const send = ctx.registry.entities.get('DocSend')!;
    requirePermission(principal, send.permissions.update);
    const id = readKey(send, request.params);
    await loadScopedRow(ctx, send, id, await rowScopeFor(ctx, send, principal, 'manage'));
    return fillRedHeader(ctx, id, principal, { expectedRowVersion: request.params, audit: { principal, ip: request.raw.ip } });
  },
};
