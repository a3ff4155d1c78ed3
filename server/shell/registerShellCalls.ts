import type { CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { createChatAdapters } from '../adapters/chat';
import { chatLoginCalls } from './chatLoginCalls';
import { getShellConfigCall } from './shellConfigCall';
import { saveMyThemeCall } from './themeCall';

/** Calls of this area: shell configuration, the user's theme, chat-app clients and message jumps. */
export function registerShellCalls(table: CallTable, ctx: ServerContext): void {
  table.set(callKey('get', 'system', 'getShellConfig'), getShellConfigCall);
  table.set(callKey('set', 'system', 'saveMyTheme'), saveMyThemeCall);
  const adapters = createChatAdapters(ctx.config.shell.chat, ctx.config.dataDir);
  for (const [name, handler] of Object.entries(chatLoginCalls(adapters))) {
    table.set(callKey('get', 'chat', name), handler);
  }
}
