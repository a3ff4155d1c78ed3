import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import type { Lang } from '../http/serverI18n';

/** A channel a message type may go out on (MessageConfig.channels). */
export type MessageChannel = 'site' | 'sms' | 'mail' | 'dingtalk' | 'wxwork';
const CHANNELS: readonly MessageChannel[] = ['site', 'sms', 'mail', 'dingtalk', 'wxwork'];

/** How one kind of notification is sent, as the administrator configured it (消息配置). */
export interface MessageType {
  code: string;
  enabled: boolean;
  channels: MessageChannel[];
  template: string;
  /** For receivers whose language is English; empty when the administrator gave none. */
  templateEn: string;
}

/**
 * The configured message type with this code, or undefined when none is configured (the
 * notification then goes to the site message list only, with its own title).
 */
export async function loadMessageType(ctx: ServerContext, db: Db, code: string): Promise<MessageType | undefined> {
  const entity = ctx.registry.entities.get('MessageConfig');
  if (!entity) return undefined;
  const row = await db.selectFrom(entity.table).select(['msgTypeCode', 'enabled', 'channels', 'template', 'templateEn'])
    .where('msgTypeCode', '=', code).executeTakeFirst();
  if (!row) return undefined;
  const channels = String(row.channels ?? '').split(',').map((c) => c.trim())
    .filter((c): c is MessageChannel => (CHANNELS as readonly string[]).includes(c));
  return { code, enabled: Number(row.enabled) === 1, channels, template: String(row.template ?? ''), templateEn: String(row.templateEn ?? '') };
}

/** The template in the receiver's language: the English one when there is one, else the main template. */
export function templateFor(type: MessageType, language: Lang): string {
  return language === 'en' && type.templateEn.trim() !== '' ? type.templateEn : type.template;
}

/**
 * Fills `{name}` placeholders from `vars`. A placeholder with no value becomes empty rather than
 * staying as `{name}` in a message a person reads; nothing else in the template is interpreted.
 */
export function renderTemplate(template: string, vars: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_match, name: string) => {
    const value = vars[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
