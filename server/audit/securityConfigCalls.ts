import { callMethod, callName, type CallKind } from '../../runtime/core/naming';
import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { securityConfigEntity } from './securityConfig';

/**
 * The security configuration is exactly one row, made at start (ensureSecurityConfig): its
 * schema offers no insert or delete, and these names answer why instead of "unknown call" —
 * a second row would leave the purge jobs guessing which one is in force, and without any the
 * settings would silently fall back to defaults.
 */
export function registerSecurityConfigCalls(table: CallTable, ctx: ServerContext): void {
  const entity = securityConfigEntity(ctx);
  const base = ctx.registry.modules.get(entity.module)!.base;
  const refusal = (messageKey: string): CallHandler => ({
    auth: 'session',
    async handle(request) {
      // Only the one who may change the row learns more than "no permission".
      requirePermission(requirePrincipal(request), entity.permissions.update);
      throw ApiError.business(messageKey);
    },
  });
  const refuse = (kind: CallKind, messageKey: string) => {
    table.set(callKey(callMethod(kind), base, callName(entity.name, kind)), refusal(messageKey));
  };
  refuse('insert', 'securityConfig.singleRow.insert');
  refuse('delete', 'securityConfig.singleRow.delete');
  refuse('deleteByIds', 'securityConfig.singleRow.delete');
}
