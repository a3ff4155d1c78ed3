import type { TFunction } from 'i18next';
import { moduleDetailsPath } from '../../../runtime/core/links';
import { recordRunLog } from '../../audit/recordRunLog';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import { splitIds } from '../../entity/rowValues';
import { detailsLinkFor } from '../../messages/detailsLink';
import { dispatchMessage, type Notification } from '../../messages/dispatchMessage';
import { infoEntity } from './infoEntities';

/**
 * The messages of a notice's way out (MessageConfig codes; the demo data seeds their Chinese and
 * English templates, infoDemoData.ts): the approvers' to-do when it is sent for approval, the
 * result to whoever sent it when it is approved or rejected, and the notice itself to each of its
 * recipients when it is published. All go after the commit, each in its receiver's language; a
 * message that cannot be sent is logged and never undoes the step.
 */
export const NOTICE_MESSAGE_TYPES = {
  pending: 'infoNoticePending',
  result: 'infoNoticeResult',
  published: 'infoNoticePublished',
} as const;

/** The role whose holders approve notices (schemas/info/module.json, the flow's approve and reject). */
const APPROVER_ROLE = 'infoNoticeApprover';

type NoticeRow = Record<string, unknown>;

/** One message; a failure is the run log's, not the caller's (the step it reports has committed). */
async function send(ctx: ServerContext, notification: Notification): Promise<void> {
  try {
    await dispatchMessage(ctx, notification);
  } catch (error) {
    await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `${notification.typeCode} → ${notification.receiverId}: ${(error as Error).message}` });
  }
}

/** What every notice message may say of the notice, in the receiver's language. */
function noticeVars(t: TFunction, notice: NoticeRow): Record<string, unknown> {
  const type = String(notice.noticeType ?? '');
  return { title: String(notice.title ?? ''), noticeType: type ? t(`dic.infoNoticeType.item.${type}`, { defaultValue: type }) : '', docNo: notice.docNo ?? '' };
}

async function userName(ctx: ServerContext, userId: unknown): Promise<string> {
  if (typeof userId !== 'string' || userId === '') return '';
  const users = systemEntity(ctx, 'User');
  const row = await ctx.database.db.selectFrom(users.table).select('userName').where(users.key, '=', userId).executeTakeFirst();
  return String(row?.userName ?? '');
}

/** The active holders of the approver role in the notice's unit: the role's data scope is the unit. */
async function approversOf(ctx: ServerContext, notice: NoticeRow): Promise<string[]> {
  const { db } = ctx.database;
  const roles = systemEntity(ctx, 'Role');
  const users = systemEntity(ctx, 'User');
  const role = await db.selectFrom(roles.table).select(roles.key).where('roleCode', '=', APPROVER_ROLE).where('status', '=', 1).executeTakeFirst();
  if (!role) return [];
  const roleId = String(role[roles.key]);
  // `like` narrows the rows; the split makes the match exact (one id inside another is no match).
  const rows = await db.selectFrom(users.table).select([users.key, 'roleIds']).where('unitId', '=', String(notice.unitId ?? ''))
    .where('status', '=', 1).where('roleIds', 'like', `%${roleId}%`).execute();
  return rows.filter((row) => splitIds(row.roleIds).includes(roleId)).map((row) => String(row[users.key]));
}

/** 送审: each approver but the sender gets a to-do leading to the notice's details, where they approve or reject it. */
export async function tellApprovers(ctx: ServerContext, notice: NoticeRow, senderId: string, senderName: string): Promise<void> {
  const notices = infoEntity(ctx, 'Notice');
  const id = String(notice[notices.key]);
  const link = await detailsLinkFor(ctx, notices, id);
  for (const approver of (await approversOf(ctx, notice)).filter((userId) => userId !== senderId)) {
    await send(ctx, {
      typeCode: NOTICE_MESSAGE_TYPES.pending, receiverId: approver, msgType: 'flow', link,
      compose: (t) => ({ title: t('info.noticeMessage.pendingTitle', { title: notice.title }), vars: { ...noticeVars(t, notice), sender: senderName } }),
    });
  }
}

/** Who last sent the notice for approval (its history's latest `send`); its author when the history has none. */
async function senderOf(ctx: ServerContext, notice: NoticeRow): Promise<string> {
  const notices = infoEntity(ctx, 'Notice');
  const step = await ctx.database.db.selectFrom('sys_flow_log').select('userId')
    .where('entity', '=', notices.name).where('recordId', '=', String(notice[notices.key])).where('transition', '=', 'send')
    .orderBy('createTime', 'desc').orderBy('logId', 'desc').executeTakeFirst();
  return String(step?.userId || notice.author || '');
}

/**
 * 审批通过 / 驳回: the one who sent the notice learns the result with the approver's opinion (the
 * reason of a rejection), linked to the notice's details; not when they decided it themselves.
 */
export async function tellSender(ctx: ServerContext, notice: NoticeRow, decision: 'approve' | 'reject', approverId: string): Promise<void> {
  const notices = infoEntity(ctx, 'Notice');
  const senderId = await senderOf(ctx, notice);
  if (!senderId || senderId === approverId) return;
  const state = decision === 'approve' ? 'published' : 'rejected';
  const opinion = String(notice.approveRemark ?? '').trim();
  await send(ctx, {
    typeCode: NOTICE_MESSAGE_TYPES.result, receiverId: senderId, msgType: 'flow',
    link: await detailsLinkFor(ctx, notices, String(notice[notices.key])),
    compose: (t) => ({
      title: t(`info.noticeMessage.${decision}Title`, { title: notice.title }),
      vars: {
        ...noticeVars(t, notice), result: t(`entity.Notice.transition.${decision}`), state: t(`entity.Notice.state.${state}`),
        opinion: opinion ? t('info.noticeMessage.opinion', { opinion }) : '',
      },
    }),
  });
}

/** The recipients a notice has been published to (its read rows), to tell apart those who are new to it. */
export async function noticeRecipientIds(ctx: ServerContext, noticeId: string): Promise<Set<string>> {
  const reads = infoEntity(ctx, 'NoticeRead');
  const rows = await ctx.database.db.selectFrom(reads.table).select('reader').where('notice', '=', noticeId).execute();
  return new Set(rows.map((row) => String(row.reader)));
}

/**
 * 发布: each recipient the notice was not published to before (all of them the first time; on a
 * restore only those who joined the recipients since) gets it, linked to its reading screen
 * (`/app/notice/details?noticeId=…`: the phone's, and on the desktop the reading page) — but not
 * the one who published it. One message after another: a failure is logged and the rest go on.
 */
export async function tellRecipients(ctx: ServerContext, notice: NoticeRow, before: ReadonlySet<string>, actorId: string): Promise<number> {
  const notices = infoEntity(ctx, 'Notice');
  const id = String(notice[notices.key]);
  const link = moduleDetailsPath('notice', id) ?? undefined;
  const author = await userName(ctx, notice.author);
  const receivers = [...await noticeRecipientIds(ctx, id)].filter((userId) => !before.has(userId) && userId !== actorId);
  for (const receiverId of receivers) {
    await send(ctx, {
      typeCode: NOTICE_MESSAGE_TYPES.published, receiverId, msgType: 'system', link,
      compose: (t) => ({ title: t('info.noticeMessage.publishedTitle', { title: notice.title }), vars: { ...noticeVars(t, notice), author } }),
    });
  }
  return receivers.length;
}

/**
 * The generic approve, reject and restore calls of Notice, followed by their messages once the
 * transition has committed (a generic transition has no after-commit hook of a module's own).
 */
export function withNoticeMessages(transition: 'approve' | 'reject' | 'restore', generic: CallHandler): CallHandler {
  return {
    ...generic,
    async handle(request) {
      const principal = requirePrincipal(request);
      const { ctx, params } = request;
      const notices = infoEntity(ctx, 'Notice');
      const named = String(params[notices.key] ?? params.id ?? '');
      // Who had it before, so a restore tells only the recipients added since.
      const before = transition === 'restore' && named ? await noticeRecipientIds(ctx, named) : new Set<string>();
      const answer = await generic.handle(request) as NoticeRow;
      if (transition !== 'restore') await tellSender(ctx, answer, transition, principal.userId);
      if (answer.status === 'published') await tellRecipients(ctx, answer, before, principal.userId);
      return answer;
    },
  };
}
