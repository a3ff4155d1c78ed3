import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { splitIds } from '../../entity/rowValues';
import { translatorFor } from '../../http/serverI18n';
import { MAILBOX_PERMISSION, mailEntity } from './mailEntities';
import { assertSendable, readMessageInput, saveDraft, sendMessageNow } from './writeMessage';
import { activePeople } from './recipients';
import { deliverAfterSend } from './afterSend';
import { mailDetailCall } from './mailboxCalls';
import { escapeHtml, myMailSettings } from './mailSettings';
import { outsideAccountOf, sendThroughOwnAccount } from './externalMail';
import { externalReplyAddresses } from './receivedMail';

/** Writing mail needs the mailbox (a user who cannot read mail has nowhere to keep what they send). */
function writer(request: Parameters<CallHandler['handle']>[0]) {
  const principal = requirePrincipal(request);
  requirePermission(principal, MAILBOX_PERMISSION);
  return principal;
}

/** saveEmail (JSON post): a new draft, or the caller's draft `emailId` rewritten. */
export const saveEmailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = writer(request);
    const input = await readMessageInput(request.ctx, principal, request.params);
    const emailId = await saveDraft(request.ctx, principal, input);
    return { emailId };
  },
};

/**
 * sendEmail (JSON post): to, cc and bcc users and groups, files, outside addresses; a draft
 * (`emailId`) is sent as it is now written. Answers the message id and what the delivery did.
 * Outside addresses go through the sender's own account when their mail settings have one that
 * can send (`via: 'account'`), else through the server's mail adapter. The own account sends
 * first, while the mail is still a draft: refused, the mail stays in 草稿箱 (its id in the
 * error's data) and nobody inside receives it either.
 */
export const sendEmailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = writer(request);
    const { ctx } = request;
    let input = await readMessageInput(ctx, principal, request.params);
    const everyone = [...input.lines.to, ...input.lines.cc, ...input.lines.bcc];
    const people = await activePeople(ctx, ctx.database.db, principal, everyone);
    const deptOf = new Map([...people.values()].map((p) => [p.userId, p.deptId]));
    const subject = String(input.values.subject);
    const content = String(input.values.content ?? '');
    const attachIds = splitIds(input.values.attachments);
    const account = input.external.length ? await outsideAccountOf(ctx, principal.userId) : null;
    const own = account?.canSend ? account : null;
    if (own) {
      assertSendable(input);
      const draftId = await saveDraft(ctx, principal, input);
      input = { ...input, draftId };
      await sendThroughOwnAccount(ctx, own, { emailId: draftId, to: input.external, subject, content, attachIds });
    }
    const sent = await sendMessageNow(ctx, principal, input, deptOf);
    const report = await deliverAfterSend(ctx, principal, {
      emailId: sent.emailId, subject, content, importance: String(input.values.importance),
      recipients: everyone.flatMap((id) => people.get(id) ?? []), external: own ? [] : input.external, attachIds,
    });
    if (own) report.external.sent = input.external;
    return { emailId: sent.emailId, sendTime: sent.sendTime, recipients: sent.recipients.length, via: own ? 'account' : 'server', from: own?.address ?? null, ...report };
  },
};

const MODES = new Set(['reply', 'replyAll', 'forward']);

/**
 * getEmailReply {emailId | copyId, mode: reply|replyAll|forward}: the new mail prefilled from one
 * the caller holds — reply to the sender, reply all (without oneself; bcc never), forward with the
 * files; the quote follows the caller's 回复时引用原文 setting (forwarding always quotes).
 */
export const replyDraftCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = writer(request);
    const mode = String(request.params.mode ?? 'reply');
    if (!MODES.has(mode)) throw ApiError.business('email.error.badParam', { field: 'mode' });
    const original = await mailDetailCall.handle(request) as Record<string, unknown>;
    const settings = await myMailSettings(request.ctx, principal.userId);
    const t = translatorFor(request.ctx.i18n, request.lang);
    const me = principal.userId;
    const sender = String(original.senderId ?? '');
    const to = mode === 'forward' ? [] : [...new Set([sender, ...(mode === 'replyAll' ? splitIds(original.toIds) : [])])].filter((id) => id && (id !== me || sender === me));
    const cc = mode === 'replyAll' ? splitIds(original.ccIds).filter((id) => id !== me && !to.includes(id)) : [];
    const quote = mode === 'forward' || settings.replyWithQuote
      ? `<p></p><blockquote><p>${escapeHtml(t('email.quote.header', {
        sender: String(original.senderIdName ?? ''), time: String(original.sendTime ?? ''), subject: String(original.subject ?? ''),
      }))}</p>${String(original.content ?? '')}</blockquote>`
      : '';
    const prefix = mode === 'forward' ? 'Fw: ' : 'Re: ';
    const subject = String(original.subject ?? '');
    // A mail fetched from outside is answered to its outside sender (reply all: and its other outside recipients).
    const externalTo = mode !== 'forward' && original.mailState === 'received'
      ? (await externalReplyAddresses(request.ctx, principal.userId, original, mode === 'replyAll')).join(', ') : '';
    return {
      subject: (subject.startsWith(prefix) ? subject : `${prefix}${subject}`).slice(0, 200),
      toIds: to, ccIds: cc, externalTo, importance: 'normal',
      content: `${settings.signature ? `<p>${escapeHtml(settings.signature).replace(/\n/g, '<br>')}</p>` : ''}${quote}`,
      attachments: mode === 'forward' ? splitIds(original.attachments) : [],
      refEmailId: original.emailId,
      // Names of the people prefilled, so the form shows them before its select loads a page.
      names: Object.fromEntries([...(await activePeople(request.ctx, request.ctx.database.db, principal, [...to, ...cc])).values()].map((p) => [p.userId, p.userName])),
    };
  },
};

/**
 * getMyEmailConfig: the settings in force for the caller (defaults until they save some), password
 * left out; `external` says what their outside account can do (send, 收取邮件) and how its last fetch went.
 */
export const myConfigCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = writer(request);
    const settings = await myMailSettings(request.ctx, principal.userId);
    const config = mailEntity(request.ctx, 'EmailConfig');
    const account = await outsideAccountOf(request.ctx, principal.userId);
    return {
      configId: settings.row?.[config.key] ?? null, signature: settings.signature, pageSize: settings.pageSize, replyWithQuote: settings.replyWithQuote, notifyNewMail: settings.notifyNewMail,
      external: {
        enabled: Boolean(account), address: account?.address ?? '', canSend: account?.canSend ?? false, canFetch: account?.canFetch ?? false,
        fetchTime: account?.row.imapFetchTime ?? null, fetchStatus: account?.row.imapFetchStatus ?? null,
      },
    };
  },
};
