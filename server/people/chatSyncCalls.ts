import type { CallHandler, CallRequest } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import type { ChatAppAdapter, ChatAppName } from '../adapters/chat';
import { chatAdaptersFor } from './chatAdapters';
import { chatAppConfigEntity, chatAppOfRequest, recordSyncResult } from './chatAppConfig';
import { unitDepartmentsParentsFirst, unitMembers } from './directoryRecords';
import { failureReason } from './failureReason';

type Kind = 'departments' | 'users';

async function fullSync(request: CallRequest, kind: Kind): Promise<{ app: ChatAppName; departments?: number; users?: number }> {
  const principal = requirePrincipal(request);
  const { ctx, t } = request;
  requirePermission(principal, chatAppConfigEntity(ctx).permissions.update);
  const app = await chatAppOfRequest(ctx, request.params);
  const adapter: ChatAppAdapter | undefined = chatAdaptersFor(ctx).get(app);
  if (!adapter) throw ApiError.business('people.sync.unknownApp', { app });
  const appName = t(`entity.ChatAppConfig.app.${app}`);
  const items = kind === 'departments' ? await unitDepartmentsParentsFirst(ctx, principal.unitId) : await unitMembers(ctx, principal.unitId);
  let done = 0;
  try {
    for (const item of items) {
      if ('accountId' in item) await adapter.upsertUser(item);
      else await adapter.upsertDepartment(item);
      done += 1;
    }
  } catch (error) {
    const reason = failureReason(error);
    request.raw.log.error({ app, kind, done, total: items.length }, `chat directory sync failed: ${reason}`);
    const message = t('people.sync.fullFailed', { app: appName, kind: t(`people.sync.kind.${kind}`), done, total: items.length, reason });
    await recordSyncResult(ctx, app, 'failed', message);
    throw ApiError.business('people.sync.fullFailed', { app: appName, kind: t(`people.sync.kind.${kind}`), done, total: items.length, reason });
  }
  await recordSyncResult(ctx, app, 'success', t('people.sync.fullDone', { kind: t(`people.sync.kind.${kind}`), count: done }));
  return { app, [kind]: done };
}

/**
 * POST /set/system/syncDeptToChat {app | id}: every department of the caller's unit to the chat
 * app, parents first; answers {app, departments}. POST /set/system/syncUserToChat likewise for
 * the users, each with its department: {app, users}. Both need the ChatAppConfig update
 * permission (the "sync" row actions of the chat-app screen) and work whether or not the
 * incremental sync is switched on. A failure stops the run, is recorded on the config row, and
 * answers code 100 with how far it got.
 */
export const syncDeptToChatCall: CallHandler = { auth: 'session', handle: (request) => fullSync(request, 'departments') };
export const syncUserToChatCall: CallHandler = { auth: 'session', handle: (request) => fullSync(request, 'users') };
