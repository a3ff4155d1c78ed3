import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowScopeFor } from '../../entity/dataScope';
import { recordOperation } from '../../audit/recordOperation';
import { nextRowVersion } from '../../entity/rowVersion';
import { isChatAppName } from '../../adapters/chat';
import { chatAdaptersFor } from '../../people/chatAdapters';
import type { Principal } from '../../auth/Principal';
import { translatedText } from '../../entity/translatedText';
import { appConfigured } from './chatAppCalls';
import { menuReach } from './menuReach';

function chatEntity(ctx: ServerContext, name: string): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/chat/`);
  return entity;
}

/** The row of the action's `id`, checked like a generic update: the permission, then the caller's data scope (404 outside it). */
async function rowForAction(ctx: ServerContext, principal: Principal, entity: EntityDef, id: unknown): Promise<Record<string, unknown>> {
  requirePermission(principal, entity.permissions.update);
  const key = String(id ?? '').trim();
  if (!key) throw ApiError.business('chat.call.missingId');
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', key).executeTakeFirst();
  const scope = await rowScopeFor(ctx, entity, principal, 'manage');
  if (!row || !scope.allows(row)) throw ApiError.notFound('error.recordNotFound');
  return row;
}

async function saveChange(ctx: ServerContext, principal: Principal, ip: string, entity: EntityDef, row: Record<string, unknown>, changes: Record<string, unknown>, detail: string) {
  const id = String(row[entity.key]);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.updateTable(entity.table).set({ ...changes, updateTime: nowText(), ...nextRowVersion() }).where(entity.key, '=', id).execute();
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k] ?? null]));
    await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before, after: changes, detail }, ip);
  });
  return { id, ...changes };
}

async function accountIdsOf(ctx: ServerContext, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const user = systemEntity(ctx, 'User');
  const rows = await ctx.database.db.selectFrom(user.table).select([user.key, 'accountId']).where(user.key, 'in', userIds).execute();
  return new Map(rows.map((r) => [String(r[user.key]), String(r.accountId)]));
}

/**
 * openChatGroup / stopChatGroup {id} (the row actions of 群聊管理): the group is made in its chat
 * app (first opening) or opened again, or stopped, through the app's adapter; then its state and
 * chat id are stored. The adapter goes first: if the app refuses, nothing changes here. A group
 * already in the asked state, or an app without configuration, is code 100.
 */
export function chatGroupStateCall(open: boolean): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const { ctx } = request;
      const entity = chatEntity(ctx, 'ChatGroup');
      const row = await rowForAction(ctx, principal, entity, request.params.id);
      const status = String(row.groupStatus ?? 'pending');
      if (open ? status === 'open' : status !== 'open') throw ApiError.business(open ? 'chat.group.alreadyOpen' : 'chat.group.notOpen');
      const app = String(row.app);
      const adapter = isChatAppName(app) ? chatAdaptersFor(ctx).get(app) : undefined;
      if (!isChatAppName(app) || !adapter?.groupChat || !appConfigured(ctx, app)) throw ApiError.business('chat.app.notConfigured', { app });
      const owner = String(row.owner);
      const members = String(row.members ?? '').split(',').filter(Boolean);
      const accounts = await accountIdsOf(ctx, [owner, ...members]);
      const chatId = row.chatId ? String(row.chatId) : null;
      const answer = await adapter.groupChat({
        operation: open ? (chatId ? 'openGroup' : 'createGroup') : 'stopGroup',
        groupId: String(row[entity.key]), chatId, name: String(row.groupName),
        ownerAccountId: accounts.get(owner) ?? '', memberAccountIds: members.map((m) => accounts.get(m)).filter((a): a is string => Boolean(a)),
      });
      return saveChange(ctx, principal, request.raw.ip, entity, row, { groupStatus: open ? 'open' : 'stopped', chatId: answer.chatId }, open ? 'openChatGroup' : 'stopChatGroup');
    },
  };
}

/**
 * openChatLogin / stopChatLogin {id} (the row actions of 账号绑定): whether the bound user may sign
 * in through that chat app (doAppLogin and the app's sign-in refuse a stopped binding).
 */
export function chatLoginStateCall(open: boolean): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const { ctx } = request;
      const entity = chatEntity(ctx, 'ChatAccount');
      const row = await rowForAction(ctx, principal, entity, request.params.id);
      if (Number(row.loginAllowed) === (open ? 1 : 0)) throw ApiError.business(open ? 'chat.account.alreadyOpen' : 'chat.account.alreadyStopped');
      return saveChange(ctx, principal, request.raw.ip, entity, row, { loginAllowed: open ? 1 : 0 }, open ? 'openChatLogin' : 'stopChatLogin');
    },
  };
}

/**
 * GET getChatAppFunctionList {app?}: the suite features shown on the chat app's workbench — the
 * enabled ChatWorkbenchFunction rows for that app or for every app, by sort, without those whose
 * page the caller's menu does not hold (menuReach), so the workbench never offers a page that
 * would answer "no permission". Any signed-in user (the mobile clients draw their home screen
 * from it).
 */
export const getChatAppFunctionListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = chatEntity(ctx, 'ChatWorkbenchFunction');
    const app = String(request.params.app ?? '').trim();
    if (app && !isChatAppName(app)) throw ApiError.business('chat.app.unknown', { app });
    let query = ctx.database.db.selectFrom(entity.table).select([entity.key, 'title', 'app', 'path', 'icon', 'sort']).where('enabled', '=', 1);
    if (app) query = query.where('app', 'in', ['all', app]);
    const rows = await query.orderBy('sort').orderBy(entity.key).execute();
    const reaches = await menuReach(ctx, principal);
    return rows.filter((r) => reaches(String(r.path ?? ''))).map((r) => ({
      functionId: String(r[entity.key]), title: translatedText(ctx.i18n, request.lang, String(r.title)), app: r.app, path: r.path, icon: r.icon ?? null, sort: Number(r.sort ?? 0),
    }));
  },
};
