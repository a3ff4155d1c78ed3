import { callKey, type CallHandler, type CallRequest, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { readableScope } from '../../entity/readCalls';
import { requireEntity } from './requireEntity';

/** Besides the reader's scope, who else may point at a row (the leader of a diary's department). */
export type AlsoReadable = (ctx: ServerContext, principal: Principal, row: Record<string, unknown>) => Promise<boolean>;

/**
 * Wraps an entity's generic insert and update so that the references `fields` name rows the writer
 * may read (a progress report on a task, a link between two tasks, a comment on a diary): naming
 * any id would otherwise move a stranger's task or comment on a diary hidden from the writer.
 * Checked before the write's transaction on purpose: the data scope reads roles and departments
 * through the server's connection, which on SQLite the transaction holds (a read inside a
 * before-write hook would wait for ever).
 */
export function requireReadableReferences(
  table: CallTable, entityName: string, fields: string[], targetName: string, also?: AlsoReadable,
): void {
  for (const action of ['insert', 'update'] as const) {
    const key = callKey('set', 'office', `${action}${entityName}`);
    const inner = table.get(key);
    if (!inner) throw new Error(`${key} is not registered: the generic calls register before the module's`);
    table.set(key, guarded(inner, fields, targetName, also));
  }
}

function guarded(inner: CallHandler, fields: string[], targetName: string, also?: AlsoReadable): CallHandler {
  return {
    ...inner,
    async handle(request) {
      const principal = requirePrincipal(request);
      // Only ids are looked up; anything else (an object, a list) is the generic call's to refuse as a reference's value.
      const ids = fields.map((field) => request.params[field]).filter((id): id is string => typeof id === 'string' && id !== '');
      await requireReadableRows(request, principal, targetName, ids, also);
      return inner.handle(request);
    },
  };
}

/**
 * Refuses, in words, unless every id names a row of `targetName` the principal may read (its read
 * scope, or `also`): the rows a report, comment or link points at, or whose reports are listed.
 */
export async function requireReadableRows(
  request: CallRequest, principal: Principal, targetName: string, ids: string[], also?: AlsoReadable,
): Promise<void> {
  if (ids.length === 0) return;
  const { ctx } = request;
  const target = requireEntity(ctx, targetName);
  const scope = await readableScope(ctx, target, principal);
  const rows = await ctx.database.db.selectFrom(target.table).selectAll().where(target.key, 'in', ids).execute();
  for (const id of ids) {
    const row = rows.find((r) => String(r[target.key]) === id);
    const readable = row && (scope?.allows(row) || (also ? await also(ctx, principal, row) : false));
    if (!readable) throw ApiError.business('officeDaily.referenceNotReadable', { target: request.t(target.title) });
  }
}
