import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { readIdList } from '../http/normaliseBody';
import { systemEntity } from '../context';

/**
 * The badge and the message page's categories: how many messages the signed-in user has not read
 * (polled every MSG_TIME seconds), in all and by message type.
 */
const unreadCountCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const table = systemEntity(request.ctx, 'SysMessage').table;
    const rows = await request.ctx.database.db.selectFrom(table).select(['msgType', (eb) => eb.fn.countAll<number>().as('count')])
      .where('receiverId', '=', principal.userId).where('readFlag', '=', 0).groupBy('msgType').execute();
    const byType: Record<string, number> = { system: 0, reminder: 0, flow: 0 };
    for (const row of rows) byType[String(row.msgType)] = Number(row.count);
    return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), byType };
  },
};

/** Marks the caller's own messages read: `ids[]`, or all of them with `all=1`. Others' messages are untouched. */
const setReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const table = systemEntity(request.ctx, 'SysMessage').table;
    const all = String(request.params.all ?? '') === '1';
    const ids = readIdList(request.params.ids ?? request.params.id);
    if (!all && ids.length === 0) throw ApiError.business('error.missingId', { key: 'messageId' });
    let update = request.ctx.database.db.updateTable(table).set({ readFlag: 1, readTime: nowText(), updateTime: nowText() })
      .where('receiverId', '=', principal.userId).where('readFlag', '=', 0);
    if (!all) update = update.where('messageId', 'in', ids);
    const result = await update.executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  },
};

export function registerMessageCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getUnreadMessageCount'), unreadCountCall);
  table.set(callKey('set', 'system', 'setMessageRead'), setReadCall);
}
