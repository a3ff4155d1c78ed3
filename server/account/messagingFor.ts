import type { ServerContext } from '../context';
import { createMessaging, type Messaging } from '../adapters/mail';
import type { SmsProvider } from '../adapters/sms';

/** The first enabled provider of the SMS configuration (in creation order), if any. */
async function enabledSmsProvider(ctx: ServerContext): Promise<SmsProvider | undefined> {
  const entity = ctx.registry.entities.get('SmsConfig');
  if (!entity) return undefined;
  const row = await ctx.database.db.selectFrom(entity.table).select(['providerType', 'gatewayUrl', 'signName', 'templateCode'])
    .where('enabled', '=', 1).orderBy('createTime').orderBy(entity.key).executeTakeFirst();
  if (!row) return undefined;
  return {
    providerType: row.providerType === 'outbox' ? 'outbox' : 'http',
    gatewayUrl: row.gatewayUrl ? String(row.gatewayUrl) : null,
    signName: String(row.signName ?? ''), templateCode: String(row.templateCode ?? ''),
  };
}

const byContext = new WeakMap<ServerContext, Messaging>();

/** The SMS and mail adapters of this server, chosen once from its configuration. */
export function messagingFor(ctx: ServerContext): Messaging {
  let messaging = byContext.get(ctx);
  if (!messaging) {
    messaging = createMessaging(ctx.config.messaging, ctx.database.db, ctx.config.dataDir, () => enabledSmsProvider(ctx));
    byContext.set(ctx, messaging);
  }
  return messaging;
}
