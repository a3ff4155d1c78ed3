import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';

/** Calls of this area: file previews and office viewer links. */
export function registerPreviewCalls(_table: CallTable, _ctx: ServerContext): void {
  // Filled by the area's work.
}
