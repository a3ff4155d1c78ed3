import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';

/** Calls of this area: sign-in alternatives, password recovery, registration, enterprise registration. */
export function registerAccountCalls(_table: CallTable, _ctx: ServerContext): void {
  // Filled by the area's work.
}
