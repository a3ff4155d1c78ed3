import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { recordBodyOnUpdate } from './bodyVersions';
import { distributeDocSendCall } from './distribute';
import { startAsDraft } from './draftStatus';
import { seedDocDemoData } from './docDemoData';
import { readDocReceiveCall } from './readReceipts';
import { redHeaderDocSendCall } from './redHeader';
import { checkTemplateFile } from './templateHook';

/**
 * 公文管理 (schemas/doc): 发文 and 收文 bound to the processes docSend and docReceive (processes/),
 * 发文 numbered after signing, 套红 from red-header templates into body
 * versions, 分发 into 收文 with read receipts and messages, and 收文 handling.
 */
export const docModule: ServerModule = {
  name: 'doc',
  beforeWrite: { DocSend: recordBodyOnUpdate, DocReceive: startAsDraft, DocTemplate: checkTemplateFile },
  registerCalls(table) {
    table.set(callKey('set', 'doc', 'redHeaderDocSend'), redHeaderDocSendCall);
    table.set(callKey('set', 'doc', 'distributeDocSend'), distributeDocSendCall);
    table.set(callKey('set', 'doc', 'readDocReceive'), readDocReceiveCall);
  },
  seedDemoData: seedDocDemoData,
};
