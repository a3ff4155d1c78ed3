import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

export type MailEntityName = 'Email' | 'EmailCopy' | 'EmailBox' | 'EmailForwardConfig' | 'EmailConfig';

/** An entity of schemas/email; a missing one is a broken installation, not a user error. */
export function mailEntity(ctx: ServerContext, name: MailEntityName): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`schemas/email lacks ${name}`);
  return entity;
}

/** The folders every mailbox has; `custom` is one of the owner's EmailBox folders. */
export const SYSTEM_FOLDERS = ['inbox', 'sent', 'drafts', 'trash'] as const;
export type Folder = (typeof SYSTEM_FOLDERS)[number] | 'custom';

/** Reading one's mail: the mailbox permission every mail call checks first. */
export const MAILBOX_PERMISSION = 'email:Email:my';
