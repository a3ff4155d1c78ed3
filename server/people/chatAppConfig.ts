import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { CHAT_APPS, isChatAppName, type ChatAppName } from '../adapters/chat';
import { insertNewRow } from '../entity/insertNewRow';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';

const SYSTEM_OWNER = { userId: '', deptId: '', unitId: '' };
const MAX_MESSAGE = 500;

export function chatAppConfigEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get('ChatAppConfig');
  if (!entity) throw new Error('the system schema ChatAppConfig is missing from schemas/system/');
  return entity;
}

/**
 * One ChatAppConfig row per chat app (the "chat-app setting and sync" screen lists them), made
 * at start when missing. The corpId and agentId shown there are refreshed from the environment
 * at every start — they identify the app and reach the browser anyway; the key and secret stay
 * in the environment and are never stored.
 */
export async function ensureChatAppConfigs(ctx: ServerContext): Promise<void> {
  const entity = chatAppConfigEntity(ctx);
  const { db } = ctx.database;
  for (const app of CHAT_APPS) {
    const { corpId, agentId } = ctx.config.shell.chat.apps[app];
    const identity = { corpId: corpId || null, agentId: agentId || null };
    const row = await db.selectFrom(entity.table).select(entity.key).where('app', '=', app).executeTakeFirst();
    if (row) {
      await db.updateTable(entity.table).set(identity).where(entity.key, '=', String(row[entity.key])).execute();
      continue;
    }
    try {
      await insertNewRow(ctx, db, entity, { app, syncEnabled: 0, ...identity }, SYSTEM_OWNER);
    } catch (error) {
      // Another process starting at the same time made it.
      if (!(await db.selectFrom(entity.table).select(entity.key).where('app', '=', app).executeTakeFirst())) throw error;
    }
  }
}

/** The apps whose incremental sync is switched on. */
export async function syncEnabledApps(ctx: ServerContext): Promise<ChatAppName[]> {
  const entity = chatAppConfigEntity(ctx);
  const rows = await ctx.database.db.selectFrom(entity.table).select('app').where('syncEnabled', '=', 1).execute();
  return rows.map((r) => String(r.app)).filter(isChatAppName);
}

/** The app a sync call names: `app` (dingtalk | wxwork), or `id`, the config row of a row action. */
export async function chatAppOfRequest(ctx: ServerContext, params: Record<string, unknown>): Promise<ChatAppName> {
  const named = String(params.app ?? '').trim().toLowerCase();
  if (named) {
    if (!isChatAppName(named)) throw ApiError.business('people.sync.unknownApp', { app: named.slice(0, 40) });
    return named;
  }
  const id = String(params.id ?? '').trim();
  if (!id) throw ApiError.business('people.sync.unknownApp', { app: '?' });
  const entity = chatAppConfigEntity(ctx);
  const row = await ctx.database.db.selectFrom(entity.table).select('app').where(entity.key, '=', id).executeTakeFirst();
  if (!row || !isChatAppName(row.app)) throw ApiError.notFound('error.recordNotFound');
  return row.app;
}

/** Shown on the config screen: when the app was last written to, whether it worked, and what happened. */
export async function recordSyncResult(ctx: ServerContext, app: ChatAppName, status: 'success' | 'failed', message: string): Promise<void> {
  const entity = chatAppConfigEntity(ctx);
  const now = nowText();
  await ctx.database.db.updateTable(entity.table)
    .set({ lastSyncTime: now, lastSyncStatus: status, lastSyncMessage: message.slice(0, MAX_MESSAGE), updateTime: now })
    .where('app', '=', app).execute();
}
