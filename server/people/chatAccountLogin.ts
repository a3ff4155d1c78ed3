import type { ServerContext } from '../context';
import type { ChatAppName } from '../adapters/chat';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';

/**
 * The chat module's account bindings (ChatAccount, schemas/chat), when installed: a binding of
 * this user and app whose login an administrator stopped refuses chat sign-in with a message
 * saying so. A user without a binding signs in as before.
 */
export async function assertChatLoginOpen(ctx: ServerContext, app: ChatAppName, userId: string): Promise<void> {
  const account = ctx.registry.entities.get('ChatAccount');
  if (!account) return;
  const stopped = await ctx.database.db.selectFrom(account.table).select(account.key)
    .where('userId', '=', userId).where('app', '=', app).where('loginAllowed', '=', 0).executeTakeFirst();
  if (stopped) throw ApiError.business('chat.account.loginStopped');
}

/** The binding's last sign-in time, after a chat sign-in succeeded. */
export async function noteChatLogin(ctx: ServerContext, app: ChatAppName, userId: string): Promise<void> {
  const account = ctx.registry.entities.get('ChatAccount');
  if (!account) return;
  await ctx.database.db.updateTable(account.table).set({ lastLoginTime: nowText() })
    .where('userId', '=', userId).where('app', '=', app).execute();
}
