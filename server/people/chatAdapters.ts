import type { ServerContext } from '../context';
import { createChatAdapters, type ChatAppAdapter, type ChatAppName } from '../adapters/chat';
import { createOutbox } from '../adapters/mail';

const byContext = new WeakMap<ServerContext, Map<ChatAppName, ChatAppAdapter>>();

/**
 * The chat-app adapters of this server (sign-in, messages, directory sync), made once from its
 * configuration: the development adapters, which record directory operations in the outbox.
 */
export function chatAdaptersFor(ctx: ServerContext): ReadonlyMap<ChatAppName, ChatAppAdapter> {
  let adapters = byContext.get(ctx);
  if (!adapters) {
    adapters = createChatAdapters(ctx.config.shell.chat, ctx.config.dataDir, createOutbox(ctx.database.db, ctx.config.dataDir));
    byContext.set(ctx, adapters);
  }
  return adapters;
}

/**
 * Puts another implementation of one app's adapter in place (a deployment's HTTP adapter, or a
 * test's stand-in for an unreachable chat app); every later call of this server uses it.
 */
export function replaceChatAdapter(ctx: ServerContext, adapter: ChatAppAdapter): void {
  (chatAdaptersFor(ctx) as Map<ChatAppName, ChatAppAdapter>).set(adapter.app, adapter);
}
