import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { messagingFor } from '../account/messagingFor';
import { sendMessage } from './sendMessage';
import { recordRunLog } from '../audit/recordRunLog';
import { isChatAppName, type ChatAppName } from '../adapters/chat';
import { chatAdaptersFor } from '../people/chatAdapters';
import { loadMessageType, renderTemplate, templateFor, type MessageChannel } from './messageTypes';
import { translatorFor, type Lang } from '../http/serverI18n';
import type { TFunction } from 'i18next';

export interface Notification {
  /** MessageConfig code, e.g. 'officeVehicleResult': decides channels, template and on/off. */
  typeCode: string;
  receiverId: string;
  /** Site message category (SysMessage.msgType). */
  msgType: 'system' | 'reminder' | 'flow';
  link?: string;
  /**
   * The title (site message title, e-mail subject) and the values for the template's
   * {placeholders}, in the receiver's language: `t` translates into it, `lang` names it (for stored
   * texts that may be keys: entity/translatedText.ts). The receiver's userName is added to the values.
   */
  compose(t: TFunction, lang: Lang): { title: string; vars?: Record<string, unknown> };
}

export interface DispatchResult {
  /** False when the administrator switched this message type off. */
  sent: boolean;
  channels: MessageChannel[];
  /** Channels that could not be delivered (no phone / e-mail, gateway down…), for the caller's log. */
  failed: { channel: MessageChannel; reason: string }[];
}

/** The chat app's message-jump handler (spec §2: /dapp/login, /wapp/login), landing on the link. */
export function chatJumpUrl(app: ChatAppName, link: string | undefined): string {
  const client = app === 'dingtalk' ? 'dapp' : 'wapp';
  return `/${client}/login?${new URLSearchParams({ redirect: link ?? `/${client}` }).toString()}`;
}

/**
 * Sends one notification the way its message type is configured: the site message list, SMS and
 * e-mail through the outbox adapters, work notices through the chat-app adapters. Call it after the write it reports has committed — an
 * SMS cannot be taken back. A failed channel never throws: the reason is returned and logged,
 * so a gateway outage cannot fail an approval. Without a configured type the notification is a
 * site message with its title.
 */
export async function dispatchMessage(ctx: ServerContext, notification: Notification): Promise<DispatchResult> {
  const db = ctx.database.db;
  const type = await loadMessageType(ctx, db, notification.typeCode);
  if (type && !type.enabled) return { sent: false, channels: [], failed: [] };
  const user = systemEntity(ctx, 'User');
  const receiver = await db.selectFrom(user.table).select(['userName', 'accountId', 'phone', 'email', 'language'])
    .where(user.key, '=', notification.receiverId).executeTakeFirst();
  if (!receiver) return { sent: false, channels: [], failed: [] };

  // Rendered once, now, in the receiver's language: every channel carries the same words, and an
  // SMS or e-mail already sent cannot follow a later change of language anyway.
  const language: Lang = receiver.language === 'en' ? 'en' : 'zh-cn';
  const { title, vars: values } = notification.compose(translatorFor(ctx.i18n, language), language);
  const vars = { title, ...values, userName: receiver.userName };
  const text = type ? renderTemplate(templateFor(type, language), vars) : title;
  const channels = type ? type.channels : (['site'] as MessageChannel[]);
  const failed: DispatchResult['failed'] = [];
  const messaging = messagingFor(ctx);
  for (const channel of channels) {
    try {
      if (channel === 'site') {
        await sendMessage(ctx, db, { receiverId: notification.receiverId, title, content: text, msgType: notification.msgType, link: notification.link });
      } else if (channel === 'sms') {
        if (!receiver.phone) throw new Error('the receiver has no phone number');
        await messaging.sms.send(String(receiver.phone), text);
      } else if (channel === 'mail') {
        if (!receiver.email) throw new Error('the receiver has no e-mail address');
        await messaging.mail.send({ to: String(receiver.email), subject: title, text });
      } else if (isChatAppName(channel)) {
        const adapter = chatAdaptersFor(ctx).get(channel);
        if (!adapter) throw new Error(`the ${channel} chat app is not connected`);
        await adapter.sendMessage({ toAccountIds: [String(receiver.accountId)], title, text, url: chatJumpUrl(channel, notification.link) });
      } else {
        throw new Error(`the ${channel} channel is not connected`);
      }
    } catch (error) {
      failed.push({ channel, reason: (error as Error).message });
    }
  }
  if (failed.length > 0) {
    const undelivered = failed.map((f) => `${f.channel} (${f.reason})`).join(', ');
    console.warn(`[message ${notification.typeCode}] not delivered on ${undelivered}`);
    await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `${notification.typeCode}: ${undelivered}` });
  }
  return { sent: true, channels, failed };
}
