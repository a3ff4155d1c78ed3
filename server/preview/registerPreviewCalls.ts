import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { readSystemSettings } from '../sysConfig';

/**
 * `GET /get/file/getOfficeViewerConfig` → `{attachHost, officeType, ofdType, openOnLineFlag}`:
 * what the browser needs to build office viewer links (runtime/core/office). Signed-in users
 * only; the values are the stored system configuration (server/sysConfig, first taken from
 * ATTACH_HOST, OFFICE_TYPE, OFD_TYPE, OPEN_ON_LINE_FLAG), never a user's input.
 */
const officeViewerConfigCall: CallHandler = {
  auth: 'session',
  async handle({ ctx }) {
    return { ...(await readSystemSettings(ctx)).officeViewer };
  },
};

/** Calls of this area: file previews and office viewer links. The previews themselves read files with getFileDown. */
export function registerPreviewCalls(table: CallTable, _ctx: ServerContext): void {
  table.set(callKey('get', 'file', 'getOfficeViewerConfig'), officeViewerConfigCall);
}
