import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { nextRowVersion } from '../../entity/rowVersion';
import { fileEntity } from './fileEntities';
import { hashShareCode, newShareCode, storeShareCode, typedShareCode } from './shareCodes';

/**
 * The row actions of 我的分享 on a link's code (schemas/file/NetDiskShare.json `actions`):
 * resetNetDiskShareCode {id, password?} gives the link a new code — the one typed, or four random
 * characters — and answers it this once (the action's dialog shows it); clearNetDiskShareCode {id}
 * lets the link open without one. Either lifts a lock of wrong codes. Only the link's owner, as
 * for every call of a personal entity; the operation log says that the code changed, never what
 * it is.
 */
function codeCall(reset: boolean): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const { ctx } = request;
      const principal = requirePrincipal(request);
      const shares = fileEntity(ctx, 'NetDiskShare');
      requirePermission(principal, shares.permissions.update);
      const id = typeof request.params.id === 'string' ? request.params.id.trim() : '';
      const row = id ? await ctx.database.db.selectFrom(shares.table).selectAll().where(shares.key, '=', id).where('createUser', '=', principal.userId).executeTakeFirst() : undefined;
      if (!row) throw ApiError.notFound('error.recordNotFound');
      const password = reset ? typedShareCode(request.params.password) ?? newShareCode() : null;
      const codeHash = password === null ? null : await hashShareCode(password);
      const changes = { hasCode: password !== null ? 1 : 0, failCount: 0, lockedUntil: null };
      await ctx.database.db.transaction().execute(async (trx) => {
        await trx.updateTable(shares.table).set({ ...changes, updateTime: nowText(), ...nextRowVersion() }).where(shares.key, '=', id).execute();
        await storeShareCode(trx, id, codeHash);
        await recordOperation(trx, principal, {
          entity: shares, action: 'update', recordId: id, before: { hasCode: row.hasCode ?? 0 }, after: { hasCode: changes.hasCode },
          detail: reset ? 'resetNetDiskShareCode' : 'clearNetDiskShareCode',
        }, request.raw.ip);
      });
      // The action's dialog shows `password` once, in the words of `secretNote` (runtime/react/flow/TransitionModal.tsx).
      return { id, ...(password === null ? {} : { password, secretNote: request.t('file.share.codeOnce', { code: password }) }) };
    },
  };
}

export function registerShareCodeCalls(table: CallTable): void {
  table.set(callKey('set', 'file', 'resetNetDiskShareCode'), codeCall(true));
  table.set(callKey('set', 'file', 'clearNetDiskShareCode'), codeCall(false));
}
