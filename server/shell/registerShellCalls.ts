import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';

/** Calls of this area: shell configuration, chat-app clients and message jumps. */
export function registerShellCalls(_table: CallTable, _ctx: ServerContext): void {
  // Filled by the area's work.
}
