import type { CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { chatAdaptersFor } from '../people/chatAdapters';
import { chatLoginCalls } from './chatLoginCalls';
import { getShellConfigCall } from './shellConfigCall';
import { saveMyThemeCall } from './themeCall';

/** Calls of this area: shell configuration, the user's theme, chat-app clients and message jumps. */
export function registerShellCalls(table: CallTable, ctx: ServerContext): void {
  table.set(callKey('get', 'system', 'getShellConfig'), getShellConfigCall);
  table.set(callKey('set', 'system', 'saveMyTheme'), saveMyThemeCall);
  // The same adapters as the directory sync's (server/people), so one replacement serves both.
  const adapters = chatAdaptersFor(ctx);
  for (const [name, handler] of Object.entries(chatLoginCalls(adapters))) {
    table.set(callKey('get', 'chat', name), handler);
  }
}
