import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { lockRow } from '../../entity/lockRow';
import { rowToApi, splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { communityEntity, requiredText } from './communityEntities';

/**
 * 领导信箱. Who reads a letter is the schema's rule: its writer (owner), its leader and the
 * leader's readers (participants of the my list), and the mailbox administrators (the manage
 * list). What this file adds: a letter goes to an enabled leader of the configuration only, with
 * that leader's readers copied; the leader or a reader marks it read and replies; and an
 * anonymous letter never shows who wrote it to anyone but its writer — in every read call.
 */

const WRITER_FIELDS = ['writer', 'createUser', 'createDept'];

/** Insert (the form and sendLeaderMail): to an enabled leader; a new letter is unread and unanswered. */
export const prepareLeaderMail: BeforeWriteHook = async ({ ctx, trx, action, record }) => {
  const configs = communityEntity(ctx, 'LeaderMailboxConfig');
  const config = await trx.selectFrom(configs.table).select(['readers', 'enabled']).where('leader', '=', String(record.leader ?? '')).executeTakeFirst();
  if (!config || Number(config.enabled) !== 1) throw ApiError.business('community.mailbox.notALeader');
  if (action === 'insert') Object.assign(record, { readers: config.readers ?? null, status: 'unread', replyContent: null, replyTime: null });
};

/** Hides the writer of an anonymous letter from everyone but the writer. */
function masked(row: Record<string, unknown>, principal: Principal): Record<string, unknown> {
  if (Number(row.anonymous) !== 1 || row.writer === principal.userId) return row;
  const out = { ...row };
  for (const field of WRITER_FIELDS) { out[field] = null; out[`${field}Name`] = null; }
  return out;
}

function maskAnswer(answer: unknown, principal: Principal): unknown {
  if (Array.isArray(answer)) return answer.map((r) => maskAnswer(r, principal));
  if (!answer || typeof answer !== 'object') return answer;
  const record = answer as Record<string, unknown>;
  if (Array.isArray(record.list)) return { ...record, list: record.list.map((r) => maskAnswer(r, principal)) };
  return 'mailId' in record ? masked(record, principal) : record;
}

/** Sorting or filtering by the writer would tell who wrote an anonymous letter: refused for the letters. */
function refuseWriterQueries(params: Record<string, unknown>): void {
  const asked = [String(params.prop ?? ''), ...(typeof params.filterObj === 'string' ? [params.filterObj] : [JSON.stringify(params.filterObj ?? {})])].join(' ');
  const field = WRITER_FIELDS.find((f) => asked.includes(f));
  if (field) throw ApiError.business('community.mailbox.writerQuery', { field });
}

/** Wraps every generic read of the letters with the anonymity rule. */
export function maskAnonymousWriters(table: CallTable): void {
  for (const name of ['getLeaderMailboxList', 'getMyLeaderMailboxList', 'getLeaderMailboxById', 'getLeaderMailboxListForSelect']) {
    const key = callKey('get', 'info', name);
    const inner = table.get(key);
    if (!inner) throw new Error(`${key} is not registered: the generic calls register before the module's`);
    table.set(key, {
      ...inner,
      async handle(request) {
        const principal = requirePrincipal(request);
        refuseWriterQueries(request.params);
        return maskAnswer(await inner.handle(request), principal);
      },
    });
  }
}

/** POST sendLeaderMail {leader, subject, content, anonymous}: the generic insert with the caller as writer. */
export function sendLeaderMailCall(table: CallTable): CallHandler {
  const insert = table.get(callKey('set', 'info', 'insertLeaderMailbox'));
  if (!insert) throw new Error('insertLeaderMailbox is not registered');
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const { leader, subject, content, anonymous } = request.params;
      return insert.handle({ ...request, params: { leader, subject, content, anonymous: anonymous ? 1 : 0, writer: principal.userId } });
    },
  };
}

/** The letter, when the caller is its leader or one of the leader's readers (who answer for the leader). */
async function loadForLeader(request: Parameters<CallHandler['handle']>[0], trx: Parameters<typeof lockRow>[0], id: string) {
  const principal = requirePrincipal(request);
  const letters = communityEntity(request.ctx, 'LeaderMailbox');
  if (!principal.permissions.has(letters.permissions.my)) throw ApiError.forbidden('error.noPermission', { permission: letters.permissions.my });
  if (!(await lockRow(trx, letters.table, letters.key, id))) throw ApiError.notFound('error.recordNotFound');
  const stored = await trx.selectFrom(letters.table).selectAll().where(letters.key, '=', id).executeTakeFirstOrThrow();
  const row = rowToApi(letters, stored);
  if (row.leader !== principal.userId && !splitIds(row.readers).includes(principal.userId)) throw ApiError.forbidden('community.mailbox.notTheLeader');
  return { letters, row, rowVersion: Number(stored.rowVersion ?? 0) };
}

/** POST setLeaderMailRead {id}: the leader (or a reader) has read it; an answered letter stays answered. */
export const setLeaderMailReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const id = requiredText(request.params, 'id');
    return request.ctx.database.db.transaction().execute(async (trx) => {
      const { letters, row, rowVersion } = await loadForLeader(request, trx, id);
      if (row.status === 'unread') {
        await trx.updateTable(letters.table).set({ status: 'read', updateTime: nowText(), rowVersion: rowVersion + 1 }).where(letters.key, '=', id).execute();
      }
      return { mailId: id, status: row.status === 'unread' ? 'read' : row.status };
    });
  },
};

/** POST replyLeaderMail {id, replyContent}: the leader's answer, which the writer reads on the letter. */
export const replyLeaderMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const id = requiredText(request.params, 'id');
    const reply = typeof request.params.replyContent === 'string' ? request.params.replyContent.trim() : '';
    if (!reply) throw ApiError.business('community.mailbox.replyRequired');
    if (reply.length > 5000) throw ApiError.business('community.mailbox.replyTooLong', { max: 5000 });
    return request.ctx.database.db.transaction().execute(async (trx) => {
      const { letters, rowVersion } = await loadForLeader(request, trx, id);
      const now = nowText();
      await trx.updateTable(letters.table).set({ status: 'replied', replyContent: reply, replyTime: now, updateTime: now, rowVersion: rowVersion + 1 })
        .where(letters.key, '=', id).execute();
      return { mailId: id, status: 'replied', replyTime: now };
    });
  },
};
