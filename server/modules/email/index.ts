import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { guardConfigSecret, releaseDeletedBoxes, sealStoredPasswords } from './configCalls';
import { fetchExternalMail, fetchExternalMailCall } from './imapFetch';
import { seedEmailDemoData } from './emailDemoData';
import {
  countMailCall, listMailCall, mailDetailCall, moveMailCall, purgeMailCall, restoreMailCall, setReadCall, setStarCall, trashMailCall,
} from './mailboxCalls';
import { myConfigCall, replyDraftCall, saveEmailCall, sendEmailCall } from './sendCalls';

const READS: Record<string, CallHandler> = {
  // The generic names the Email pages call (list and details, desktop and mobile) are the mailbox's own.
  getMyEmailList: listMailCall,
  getEmailById: mailDetailCall,
  getEmailDetail: mailDetailCall,
  getEmailCount: countMailCall,
  getEmailReply: replyDraftCall,
  getMyEmailConfig: myConfigCall,
};

const WRITES: Record<string, CallHandler> = {
  saveEmail: saveEmailCall,
  sendEmail: sendEmailCall,
  setEmailRead: setReadCall,
  setEmailStar: setStarCall,
  moveEmail: moveMailCall,
  deleteEmail: trashMailCall,
  restoreEmail: restoreMailCall,
  deleteEmailPhysical: purgeMailCall,
  fetchExternalMail: fetchExternalMailCall,
};

/**
 * 邮件: internal mail (schemas/email): one message, one copy per owner; every read and write is the
 * owner's. One's own outside account (邮件设置) sends their outside mail and is fetched into their
 * inbox (收取邮件, and the job fetchExternalMail); its password is sealed (server/security/secretBox.ts).
 */
export const emailModule: ServerModule = {
  name: 'email',
  registerCalls(table: CallTable, ctx) {
    if (!ctx.registry.modules.has('email')) return;
    for (const [name, handler] of Object.entries(READS)) table.set(callKey('get', 'email', name), handler);
    for (const [name, handler] of Object.entries(WRITES)) table.set(callKey('set', 'email', name), handler);
    guardConfigSecret(table, ctx);
    releaseDeletedBoxes(table, ctx);
  },
  seedDemoData: seedEmailDemoData,
  jobs: { fetchExternalMail },
  schedules: { fetchExternalMail: { taskName: '收取外部邮件', cron: '*/10 * * * *', enabled: 1 } },
  upgradeData: sealStoredPasswords,
};
