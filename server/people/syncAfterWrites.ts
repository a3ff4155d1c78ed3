import { callMethod, callName, type CallKind } from '../../runtime/core/naming';
import type { EntityDef } from '../../runtime/core/schema';
import { callKey, type CallRequest, type CallTable } from '../calls/CallHandler';
import { systemEntity, type ServerContext } from '../context';
import { readIdList } from '../http/normaliseBody';
import { readKey } from '../entity/loadScopedRow';
import { pushDirectoryChanges, type DirectoryChanges } from './directorySync';
import { runAfter, type Answer } from './runAfter';

/** Which ids a committed call wrote; `started` is the time the call began (imports find their rows by it). */
type ChangedIds = (request: CallRequest, answer: Answer, started: string) => Promise<{ upserts?: string[]; removes?: string[] }>;

function keyOf(entity: EntityDef): ChangedIds {
  return async (_request, answer) => {
    const id = answer?.[entity.key];
    return { upserts: typeof id === 'string' && id !== '' ? [id] : [] };
  };
}

/** Rows a call inserted (imports answer counts, not ids): this user's rows created since the call began. */
function createdSince(ctx: ServerContext, entity: EntityDef): ChangedIds {
  return async (request, _answer, started) => {
    if (!request.principal) return {};
    const rows = await ctx.database.db.selectFrom(entity.table).select(entity.key)
      .where('createUser', '=', request.principal.userId).where('createTime', '>=', started).execute();
    return { upserts: rows.map((r) => String(r[entity.key])) };
  };
}

function deleted(ids: (request: CallRequest) => string[]): ChangedIds {
  return async (request, answer) => (Number(answer?.deleted ?? 0) > 0 ? { removes: ids(request) } : {});
}

/** The generic calls that write departments or users, and how to tell which rows they wrote. */
function changedIdsByCall(ctx: ServerContext, entity: EntityDef): [CallKind, ChangedIds][] {
  return [
    ['insert', keyOf(entity)],
    ['update', keyOf(entity)],
    ['delete', deleted((request) => [readKey(entity, request.params)])],
    ['deleteByIds', deleted((request) => [...new Set(readIdList(request.params.ids))])],
    ['import', createdSince(ctx, entity)],
    ['drop', async (request) => ({ upserts: [String(request.params.id ?? '')].filter(Boolean) })],
  ];
}

/**
 * Incremental chat-app sync of departments and users: every generic call writing them (and the
 * approval of a registration, which creates a user) pushes its rows once it has committed.
 */
export function syncDirectoryAfterWrites(table: CallTable, ctx: ServerContext): void {
  for (const [entity, upsertKey, removeKey] of [
    [systemEntity(ctx, 'Dept'), 'upsertDepts', 'removeDepts'],
    [systemEntity(ctx, 'User'), 'upsertUsers', 'removeUsers'],
  ] as const) {
    const base = ctx.registry.modules.get(entity.module)!.base;
    for (const [kind, changedIds] of changedIdsByCall(ctx, entity)) {
      runAfter(table, callKey(callMethod(kind), base, callName(entity.name, kind)), async (request, answer, started) => {
        const { upserts, removes } = await changedIds(request, answer, started).catch(() => ({ upserts: [], removes: [] }));
        const changes: DirectoryChanges = { [upsertKey]: upserts ?? [], [removeKey]: removes ?? [] };
        await pushDirectoryChanges(request, changes);
      });
    }
  }
  runAfter(table, callKey('set', 'system', 'approveSysUserRegistration'), async (request, answer) => {
    const userId = answer?.userId;
    if (typeof userId === 'string' && userId !== '') await pushDirectoryChanges(request, { upsertUsers: [userId] });
  });
}
