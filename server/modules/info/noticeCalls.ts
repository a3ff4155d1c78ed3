import { recordOperation } from '../../audit/recordOperation';
import type { Principal } from '../../auth/Principal';
import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { hasAnyPermission, requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { rowScopeFor } from '../../entity/dataScope';
import { recordFlowStep } from '../../entity/flowLog';
import { attachDisplayNames } from '../../entity/displayNames';
import { containsCi } from '../../entity/predicatesToSql';
import { nextRowVersion } from '../../entity/rowVersion';
import { rowToApi, splitIds } from '../../entity/rowValues';
import { sanitiseHtml } from '../../entity/sanitiseHtml';
import { ApiError } from '../../http/ApiError';
import { infoEntity, readRowId, todayText } from './infoEntities';
import { noticeConfig, publishNoticeRows } from './noticePublish';
import { tellApprovers, tellRecipients } from './noticeMessages';
import { markNoticeRead } from './readMarks';
import { optionalText, readPaging, requiredId } from './readerQuery';

type Lang = Parameters<typeof attachDisplayNames>[3];

async function loadNotice(ctx: ServerContext, id: string): Promise<Record<string, unknown>> {
  const notices = infoEntity(ctx, 'Notice');
  const row = await ctx.database.db.selectFrom(notices.table).selectAll().where(notices.key, '=', id).executeTakeFirst();
  if (!row) throw ApiError.notFound('error.recordNotFound');
  return row;
}

/** The notice administrator of this notice (manage scope) or its author: sees any state and who has read it. */
async function managesNotice(ctx: ServerContext, principal: Principal, row: Record<string, unknown>): Promise<boolean> {
  if (row.author === principal.userId) return true;
  const notices = infoEntity(ctx, 'Notice');
  if (!hasAnyPermission(principal, [notices.permissions.list, notices.permissions.view])) return false;
  return (await rowScopeFor(ctx, notices, principal, 'manage')).allows(row);
}

/** The caller's read row of a notice, when the caller is one of its recipients. */
async function readRowOf(ctx: ServerContext, principal: Principal, noticeId: string): Promise<Record<string, unknown> | undefined> {
  const reads = infoEntity(ctx, 'NoticeRead');
  return ctx.database.db.selectFrom(reads.table).selectAll().where(reads.key, '=', readRowId(noticeId, principal.userId)).executeTakeFirst();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The red header of a notice's template, its {docNo} filled with the notice's number; null without one. */
async function redHeaderOf(ctx: ServerContext, notice: Record<string, unknown>): Promise<string | null> {
  if (!notice.template) return null;
  const templates = infoEntity(ctx, 'NoticeTemplate');
  const template = await ctx.database.db.selectFrom(templates.table).select(['redHeader', 'headerHtml'])
    .where(templates.key, '=', String(notice.template)).executeTakeFirst();
  if (!template || Number(template.redHeader) !== 1 || !template.headerHtml) return null;
  return sanitiseHtml(String(template.headerHtml).split('{docNo}').join(escapeHtml(String(notice.docNo ?? ''))));
}

/** A notice as its reader gets it: names, the cleaned content, and no list of every recipient. */
async function readerAnswer(ctx: ServerContext, row: Record<string, unknown>, lang: Lang): Promise<Record<string, unknown>> {
  const notices = infoEntity(ctx, 'Notice');
  const { readers: _readers, ...answer } = rowToApi(notices, row);
  answer.content = sanitiseHtml(String(answer.content ?? ''));
  await attachDisplayNames(ctx, notices, [answer], lang);
  return answer;
}

/** The transitions of the Notice flow a send takes (schemas/info/Notice.json), by where it goes. */
const SEND_TRANSITIONS = { pending: 'send', published: 'publish' } as const;

/**
 * POST sendNotice {noticeId}: sends a draft or rejected notice — to the approver (审批中, the
 * flow's `send`) when 通知设置 asks for approval, else straight to its recipients (已发布, its
 * `publish`). Its author or a notice administrator whose scope holds it sends; when the settings
 * name who may publish, only they. A notice addressed to nobody is refused before anything
 * changes. The send is in the operation log and, as that transition, in the notice's history;
 * once it has committed the approvers, or the recipients, get their message (noticeMessages.ts).
 */
export const sendNoticeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const notices = infoEntity(ctx, 'Notice');
    requirePermission(principal, notices.permissions.update);
    const id = requiredId(request.params, notices.key);
    const row = await loadNotice(ctx, id);
    if (!(await managesNotice(ctx, principal, row))) throw ApiError.forbidden('error.outOfScope');
    if (row.status !== 'draft' && row.status !== 'rejected') throw ApiError.business('entity.Notice.rule.notSendable');
    const config = await noticeConfig(ctx, ctx.database.db, String(row.unitId));
    if (config.publishers.length > 0 && !config.publishers.includes(principal.userId) && !principal.isSuperAdmin) {
      throw ApiError.business('entity.Notice.rule.notPublisher');
    }
    if (Number(row.toAll) !== 1 && splitIds(row.recipientDepts).length === 0 && splitIds(row.recipientUsers).length === 0) {
      throw ApiError.business('entity.Notice.rule.noRecipients');
    }
    const status: keyof typeof SEND_TRANSITIONS = config.approvalRequired ? 'pending' : 'published';
    let recipients = 0;
    await ctx.database.db.transaction().execute(async (trx) => {
      // Compare-and-set on the state: of two sends at once, one finds the notice already sent.
      const moved = await trx.updateTable(notices.table).set({ status, ...nextRowVersion() })
        .where(notices.key, '=', id).where('status', 'in', ['draft', 'rejected']).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw ApiError.business('entity.Notice.rule.notSendable');
      if (status === 'published') recipients = await publishNoticeRows(ctx, trx, row);
      const transition = SEND_TRANSITIONS[status];
      await recordOperation(trx, principal, { entity: notices, action: 'transition', recordId: id, before: row, after: { ...row, status }, detail: transition }, request.raw.ip);
      await recordFlowStep(trx, notices, { recordId: id, transition, fromState: String(row.status), toState: status, userId: principal.userId });
    });
    // Committed: the approvers get their to-do, or the recipients the notice (noticeMessages.ts).
    if (status === 'pending') await tellApprovers(ctx, row, principal.userId, principal.userName);
    else await tellRecipients(ctx, row, new Set(), principal.userId);
    return { [notices.key]: id, status, recipients };
  },
};

/**
 * POST setNoticeStatus {noticeId, status}: 撤回 (`withdrawn`) a published notice or 恢复
 * (`published`) a withdrawn one — the flow's own withdraw and restore transitions, with their
 * roles, owner rule and log.
 */
export function setNoticeStatusCall(table: CallTable, base: string): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const status = request.params.status;
      const transition = status === 'withdrawn' ? 'withdrawNotice' : status === 'published' ? 'restoreNotice' : null;
      if (!transition) throw ApiError.business('entity.Notice.rule.badStatus');
      const handler = table.get(callKey('set', base, transition));
      if (!handler) throw new Error(`the transition call ${transition} is not registered`);
      const notices = infoEntity(request.ctx, 'Notice');
      const id = requiredId(request.params, notices.key);
      return handler.handle({ ...request, params: { id, ...(typeof request.params.opinion === 'string' ? { opinion: request.params.opinion } : {}) } });
    },
  };
}

/**
 * GET getMyNoticeList {page, pageSize, keyword?, noticeType?}: the published notices addressed to
 * the caller that have not expired, unread first, then newest; each with `read` and `readTime`.
 * It is also the Notice's my list (the 我的 tab, /app/notice).
 */
export const getMyNoticeListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const notices = infoEntity(ctx, 'Notice');
    const reads = infoEntity(ctx, 'NoticeRead');
    requirePermission(principal, notices.permissions.my);
    const { page, pageSize } = readPaging(params);
    const keyword = optionalText(params, 'keyword');
    const noticeType = optionalText(params, 'noticeType', 50);
    const { db, dialect } = ctx.database;
    const today = todayText();
    let query = db.selectFrom(`${notices.table} as n`).innerJoin(`${reads.table} as r`, 'r.notice', `n.${notices.key}`)
      .where('r.reader', '=', principal.userId).where('n.status', '=', 'published')
      .where((eb) => eb.or([eb('n.expireDate', 'is', null), eb('n.expireDate', '=', ''), eb('n.expireDate', '>=', today)]));
    if (noticeType) query = query.where('n.noticeType', '=', noticeType);
    if (keyword) query = query.where((eb) => containsCi(eb, dialect, 'n.title', keyword));
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll('n').select(['r.readFlag as $readFlag', 'r.readTime as $readTime'])
      .orderBy('r.readFlag', 'asc').orderBy('n.publishTime', 'desc').orderBy(`n.${notices.key}`, 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute();
    const list = rows.map((row) => {
      const { content: _content, readers: _readers, ...rest } = rowToApi(notices, row);
      return { ...rest, read: Number(row.$readFlag) === 1, readTime: row.$readTime ?? null };
    });
    await attachDisplayNames(ctx, notices, list, request.lang);
    return { list, total, page, pageSize };
  },
};

/**
 * GET getNoticeDetailForRead {noticeId}: a published notice for one of its recipients — marked
 * read the first time — with the template's red header; its author and administrators read it
 * in any state (nothing marked unless they are recipients too). Anyone else is refused.
 */
export const getNoticeDetailForReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const notices = infoEntity(ctx, 'Notice');
    const id = requiredId(request.params, notices.key);
    const row = await loadNotice(ctx, id);
    const recipient = row.status === 'published' ? await readRowOf(ctx, principal, id) : undefined;
    const manages = await managesNotice(ctx, principal, row);
    if (!recipient && !manages) throw ApiError.forbidden('entity.Notice.rule.notARecipient');
    if (recipient) await markNoticeRead(ctx, principal, id);
    const mine = recipient ? await readRowOf(ctx, principal, id) : undefined;
    return {
      ...(await readerAnswer(ctx, row, request.lang)),
      header: await redHeaderOf(ctx, row),
      read: mine ? Number(mine.readFlag) === 1 : null,
      readTime: mine?.readTime ?? null,
      canSeeReadStatus: manages,
    };
  },
};

/**
 * GET getNoticeReadStatus {noticeId}: every recipient, split into who has read (with the time)
 * and who has not — for the notice's author and administrators only.
 */
export const getNoticeReadStatusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const notices = infoEntity(ctx, 'Notice');
    const reads = infoEntity(ctx, 'NoticeRead');
    const row = await loadNotice(ctx, requiredId(request.params, notices.key));
    if (!(await managesNotice(ctx, principal, row))) throw ApiError.forbidden('info.error.readStatusNotYours');
    const rows = (await ctx.database.db.selectFrom(reads.table).selectAll().where('notice', '=', String(row[notices.key]))
      .orderBy('readTime', 'desc').orderBy('readerDept').execute()).map((r) => rowToApi(reads, r));
    await attachDisplayNames(ctx, reads, rows, request.lang);
    const person = (r: Record<string, unknown>) => ({ userId: r.reader, userName: r.readerName ?? null, deptName: r.readerDeptName ?? null, readTime: r.readTime ?? null });
    const read = rows.filter((r) => Number(r.readFlag) === 1).map(person);
    const unread = rows.filter((r) => Number(r.readFlag) !== 1).map(person);
    return { total: rows.length, readCount: read.length, unreadCount: unread.length, read, unread };
  },
};

/**
 * GET getNoticeTemplateListByType {noticeType?}: the enabled templates of a type (all types when
 * none is named) for those who write notices; a red-header template says so.
 */
export const getNoticeTemplateListByTypeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const notices = infoEntity(ctx, 'Notice');
    const templates = infoEntity(ctx, 'NoticeTemplate');
    if (!hasAnyPermission(principal, [notices.permissions.insert, notices.permissions.update])) {
      throw ApiError.forbidden('error.noPermission', { permission: notices.permissions.insert });
    }
    const noticeType = optionalText(request.params, 'noticeType', 50);
    let query = ctx.database.db.selectFrom(templates.table).select([templates.key, 'templateName', 'noticeType', 'redHeader', 'bodyHtml'])
      .where('unitId', '=', principal.unitId).where('enabled', '=', 1);
    if (noticeType) query = query.where((eb) => eb.or([eb('noticeType', '=', noticeType), eb('noticeType', 'is', null), eb('noticeType', '=', '')]));
    const rows = await query.orderBy('templateName').execute();
    return rows.map((r) => ({ templateId: r[templates.key], templateName: r.templateName, noticeType: r.noticeType ?? null, redHeader: Number(r.redHeader) === 1, bodyHtml: sanitiseHtml(String(r.bodyHtml ?? '')) }));
  },
};

/**
 * The generic by-id of Notice: a recipient opening a published notice on the details screen or the
 * /app/notice deep link has read it, as on the reading page. The generic call then answers (the
 * module's reading rule lets the recipients, `readers`, read it while published: infoReadRules.ts).
 */
export function noticeByIdMarksRead(generic: CallHandler): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const notices = infoEntity(request.ctx, 'Notice');
      const answer = await generic.handle(request) as Record<string, unknown>;
      if (answer?.status === 'published') await markNoticeRead(request.ctx, principal, String(answer[notices.key]));
      return answer;
    },
  };
}
