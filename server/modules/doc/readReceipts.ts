import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { rowScopeFor } from '../../entity/dataScope';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';

/**
 * POST /set/doc/readDocReceive {id}: a reader opens a distributed 收文 (the /doc/handle/read deep
 * link calls it): their receipt turns read, once — the first reading's time stays. Readers,
 * the handler and clerks whose data scope holds the 收文 may open it; anyone else gets 403.
 * Answers `{receiveId, sendId, firstRead}`.
 */
export const readDocReceiveCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const receive = ctx.registry.entities.get('DocReceive')!;
    const receipts = ctx.registry.entities.get('DocReadReceipt')!;
    const id = readKey(receive, request.params);
    const row = await ctx.database.db.selectFrom(receive.table).selectAll().where(receive.key, '=', id).executeTakeFirst();
    if (!row) throw ApiError.notFound('error.recordNotFound');
    const reader = splitIds(row.recipients).includes(principal.userId) || String(row.handler ?? '') === principal.userId;
    if (!reader) {
      requirePermission(principal, receive.permissions.view);
      await loadScopedRow(ctx, receive, id, await rowScopeFor(ctx, receive, principal, 'manage'));
    }
    const marked = await ctx.database.db.updateTable(receipts.table).set({ readFlag: 1, readTime: nowText(), updateTime: nowText() })
      .where('receiveId', '=', id).where('userId', '=', principal.userId).where('readFlag', '=', 0).executeTakeFirst();
    return { receiveId: id, sendId: row.sendId ?? null, firstRead: Number(marked.numUpdatedRows) > 0 };
  },
};
