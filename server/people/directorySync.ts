import type { CallRequest } from '../calls/CallHandler';
import { systemEntity } from '../context';
import type { ChatAppAdapter } from '../adapters/chat';
import { chatAdaptersFor } from './chatAdapters';
import { recordSyncResult, syncEnabledApps } from './chatAppConfig';
import { chatDepartmentOf, chatMemberOf } from './directoryRecords';
import { failureReason } from './failureReason';

/** Departments and users written by one committed call, by suite id. */
export interface DirectoryChanges {
  upsertDepts?: string[];
  removeDepts?: string[];
  upsertUsers?: string[];
  removeUsers?: string[];
}

function isEmpty(changes: DirectoryChanges): boolean {
  return !changes.upsertDepts?.length && !changes.removeDepts?.length && !changes.upsertUsers?.length && !changes.removeUsers?.length;
}

type Operation = (adapter: ChatAppAdapter) => Promise<void>;

async function operationsFor(request: CallRequest, changes: DirectoryChanges): Promise<{ operations: Operation[]; depts: number; users: number }> {
  const { ctx } = request;
  const { db } = ctx.database;
  const dept = systemEntity(ctx, 'Dept');
  const user = systemEntity(ctx, 'User');
  const deptRows = changes.upsertDepts?.length
    ? await db.selectFrom(dept.table).selectAll().where(dept.key, 'in', changes.upsertDepts).orderBy('sort', 'asc').execute() : [];
  const userRows = changes.upsertUsers?.length
    ? await db.selectFrom(user.table).selectAll().where(user.key, 'in', changes.upsertUsers).orderBy('sort', 'asc').execute() : [];
  // Departments before the users placed in them; users removed before their departments.
  const operations: Operation[] = [
    ...deptRows.map((row) => (a: ChatAppAdapter) => a.upsertDepartment(chatDepartmentOf(row))),
    ...userRows.map((row) => (a: ChatAppAdapter) => a.upsertUser(chatMemberOf(row))),
    ...(changes.removeUsers ?? []).map((id) => (a: ChatAppAdapter) => a.removeUser(id)),
    ...(changes.removeDepts ?? []).map((id) => (a: ChatAppAdapter) => a.removeDepartment(id)),
  ];
  return { operations, depts: deptRows.length + (changes.removeDepts?.length ?? 0), users: userRows.length + (changes.removeUsers?.length ?? 0) };
}

/**
 * The incremental sync: after a committed write of departments or users, the change goes to
 * every chat app whose sync is switched on (ChatAppConfig.syncEnabled). It never throws: the
 * user's write stands whatever the chat app answers. A failure is logged and recorded on the
 * app's config row (last sync status "failed" with the reason), where the administrator sees it;
 * a full sync repairs what was missed.
 */
export async function pushDirectoryChanges(request: CallRequest, changes: DirectoryChanges): Promise<void> {
  if (isEmpty(changes)) return;
  const { ctx, t } = request;
  try {
    const apps = await syncEnabledApps(ctx);
    if (apps.length === 0) return;
    const { operations, depts, users } = await operationsFor(request, changes);
    for (const app of apps) {
      const adapter = chatAdaptersFor(ctx).get(app);
      if (!adapter) continue;
      try {
        for (const operation of operations) await operation(adapter);
        await recordSyncResult(ctx, app, 'success', t('people.sync.incrementalDone', { depts, users }));
      } catch (error) {
        const reason = failureReason(error);
        request.raw.log.error({ app, changes }, `chat directory push failed: ${reason}`);
        if (!ctx.config.logger) console.error(`[chat ${app}] directory push failed: ${reason}`);
        await recordSyncResult(ctx, app, 'failed', t('people.sync.incrementalFailed', { depts, users, reason }));
      }
    }
  } catch (error) {
    // Reading the configuration or the rows failed: still no reason to fail the committed write.
    request.raw.log.error({ changes }, `chat directory push skipped: ${failureReason(error)}`);
  }
}
