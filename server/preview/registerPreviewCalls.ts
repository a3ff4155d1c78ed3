import type { OfficeViewerConfig } from '../../runtime/core/office';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import type { ServerContext } from '../context';

/**
 * `GET /get/file/getOfficeViewerConfig` → `{attachHost, officeType, ofdType, openOnLineFlag}`:
 * what the browser needs to build office viewer links (runtime/core/office). Signed-in users
 * only; the values are the server's configuration (ATTACH_HOST, OFFICE_TYPE, OFD_TYPE,
 * OPEN_ON_LINE_FLAG), never a user's input.
 */
function officeViewerConfigCall(config: OfficeViewerConfig): CallHandler {
  return {
    auth: 'session',
    async handle() {
      return { ...config };
    },
  };
}

/** Calls of this area: file previews and office viewer links. The previews themselves read files with getFileDown. */
export function registerPreviewCalls(table: CallTable, ctx: ServerContext): void {
  table.set(callKey('get', 'file', 'getOfficeViewerConfig'), officeViewerConfigCall(ctx.config.officeViewer));
}
