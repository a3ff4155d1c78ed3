import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { messagingFor } from '../../account/messagingFor';
import { recordRunLog } from '../../audit/recordRunLog';
import { translatorFor } from '../../http/serverI18n';
import { sendMessage } from '../../messages/sendMessage';
import { mailEntity } from './mailEntities';
import { mailAttachments } from './mailFiles';
import type { Person } from './recipients';

/** The site message's link: the mobile family email, which the shell opens through the user's menu. */
export function newMailLink(emailId: string): string {
  return `/app/email/details?${new URLSearchParams({ emailId }).toString()}`;
}

/** Plain text of stored (cleaned) HTML, for outside mail clients and the outbox. */
export function plainText(html: string): string {
  return html.replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n').trim();
}

export interface Delivery { emailId: string; subject: string; content: string; importance: string; recipients: Person[]; external: string[]; attachIds: string[] }

export interface DeliveryReport { notified: number; forwarded: number; external: { sent: string[]; failed: string[] } }

/**
 * What follows a committed send, none of which can undo it: a site message to each recipient
 * who has not switched new-mail messages off; a copy to the outside address of each recipient
 * whose forwarding is on; the outside addresses through the mail adapter (development: the
 * outbox), each with the mail's files. A failed outside delivery is reported in the answer and
 * the run log. (Outside addresses the sender's own account sends are not here: sendCalls.ts.)
 */
export async function deliverAfterSend(ctx: ServerContext, principal: Principal, mail: Delivery): Promise<DeliveryReport> {
  const { db } = ctx.database;
  const ids = mail.recipients.map((p) => p.userId);
  const report: DeliveryReport = { notified: 0, forwarded: 0, external: { sent: [], failed: [] } };
  const configs = mailEntity(ctx, 'EmailConfig');
  const forwards = mailEntity(ctx, 'EmailForwardConfig');
  const silent = new Set<string>();
  const forwardTo = new Map<string, string[]>();
  if (ids.length) {
    // The newest settings row of each recipient is in force.
    const rows = await db.selectFrom(configs.table).select(['createUser', 'notifyNewMail', 'updateTime'])
      .where('createUser', 'in', ids).orderBy('updateTime', 'desc').execute();
    const seen = new Set<string>();
    for (const row of rows) {
      const owner = String(row.createUser);
      if (seen.has(owner)) continue;
      seen.add(owner);
      if (Number(row.notifyNewMail) === 0) silent.add(owner);
    }
    const rules = await db.selectFrom(forwards.table).select(['createUser', 'forwardTo', 'onlyImportant'])
      .where('createUser', 'in', ids).where('enabled', '=', 1).execute();
    for (const rule of rules) {
      if (Number(rule.onlyImportant) === 1 && mail.importance === 'normal') continue;
      const list = forwardTo.get(String(rule.createUser)) ?? [];
      list.push(String(rule.forwardTo));
      forwardTo.set(String(rule.createUser), list);
    }
  }
  const text = plainText(mail.content);
  const mailer = messagingFor(ctx).mail;
  const attachments = await mailAttachments(ctx, mail.attachIds);
  const send = async (to: string, subject: string): Promise<boolean> => {
    try {
      await mailer.send({ to, subject, text, html: mail.content || undefined, attachments });
      return true;
    } catch (error) {
      await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `email ${mail.emailId} → ${to}: ${(error as Error).message}`, call: 'POST /capi/set/email/sendEmail' });
      return false;
    }
  };
  for (const person of mail.recipients) {
    const t = translatorFor(ctx.i18n, person.language === 'en' ? 'en' : 'zh-cn');
    if (!silent.has(person.userId)) {
      await sendMessage(ctx, db, {
        receiverId: person.userId, msgType: 'system', link: newMailLink(mail.emailId),
        title: t('email.message.newMail', { sender: principal.userName, subject: mail.subject }),
      });
      report.notified += 1;
    }
    for (const address of forwardTo.get(person.userId) ?? []) {
      if (await send(address, t('email.message.forwardedSubject', { sender: principal.userName, subject: mail.subject }))) report.forwarded += 1;
    }
  }
  for (const address of mail.external) {
    (await send(address, mail.subject)) ? report.external.sent.push(address) : report.external.failed.push(address);
  }
  return report;
}
