import type { ServerContext } from '../context';
import { createMessaging, type Messaging } from '../adapters/mail';

const byContext = new WeakMap<ServerContext, Messaging>();

/** The SMS and mail adapters of this server, chosen once from its configuration. */
export function messagingFor(ctx: ServerContext): Messaging {
  let messaging = byContext.get(ctx);
  if (!messaging) {
    messaging = createMessaging(ctx.config.messaging, ctx.database.db, ctx.config.dataDir);
    byContext.set(ctx, messaging);
  }
  return messaging;
}
