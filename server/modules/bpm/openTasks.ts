import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { lockInstance } from './runAction';

const unopenedOf = (db: Db, instanceId: string, userId: string) => db.selectFrom('bpm_task').select('taskId')
  .where('instanceId', '=', instanceId).where('assignee', '=', userId)
  .where('kind', '=', 'todo').where('status', '=', 'pending').where('opened', '=', 0);

/**
 * Marks the caller's pending to-dos of a request opened (they read it): from then on the step
 * before can no longer be retracted. `opened` is engine state a retract reads, so it is written
 * the way an action writes: under the instance's lock (FOR UPDATE on PostgreSQL; SQLite runs one
 * transaction at a time) and with the compare-and-set on rowVersion. Of an open and a retract
 * racing, one comes first: the open sees the task cancelled and marks nothing, or the retract
 * sees it opened and is refused (docs/WORKFLOW.md › Storage and concurrency).
 */
export async function openMyTasks(ctx: ServerContext, instanceId: string, userId: string): Promise<void> {
  // Most reads open nothing (a decided step, a CC, a re-read): they take no lock.
  if (!await unopenedOf(ctx.database.db, instanceId, userId).executeTakeFirst()) return;
  await ctx.database.db.transaction().execute(async (trx) => {
    const instance = await lockInstance(ctx, trx, instanceId);
    // Read again under the lock: a retract or a decision may have taken the tasks meanwhile.
    const ids = (await unopenedOf(trx, instanceId, userId).execute()).map((row) => String(row.taskId));
    if (ids.length === 0) return;
    await trx.updateTable('bpm_task').set({ opened: 1 }).where('taskId', 'in', ids).execute();
    const written = await trx.updateTable('bpm_instance').set({ rowVersion: instance.rowVersion + 1 })
      .where('instanceId', '=', instanceId).where('rowVersion', '=', instance.rowVersion).executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw ApiError.business('bpm.error.stale', {}, { conflict: 'rowVersion' });
  });
}
