import { systemEntity, type ServerContext } from '../context';
import { moduleSchedules } from '../modules';
import { insertRow } from '../seed/insertRow';
import { SYSTEM_SCHEDULES, type DefaultSchedule } from './jobs';

const MIGRATION_TABLE = 'sys_migration';
const SYSTEM_OWNER = { userId: '', deptId: '', unitId: '' };

/** The sys_migration step recording that a job's default task was given to this database. */
export function defaultTaskStep(jobName: string): string {
  return `scheduled task ${jobName}`;
}

/** Every job with a default schedule: the system's and those of the modules whose schemas are loaded. */
export function defaultSchedules(ctx: ServerContext): [jobName: string, schedule: DefaultSchedule][] {
  return [...Object.entries(SYSTEM_SCHEDULES), ...moduleSchedules(ctx.registry)];
}

/**
 * At every start: each job with a default schedule gets its scheduled task once in the
 * database's life, recorded in sys_migration. A new database gets them all (with or without the
 * demo data); a database that existed before a job was written gets that job's task at the
 * first start that knows it — with the same name, cron and state a new database gets. A job
 * that already has a task (seeded by an older version, or made by an administrator) is only
 * recorded; a task an administrator deleted is not made again. The step is taken before the
 * row, in one transaction, so processes starting together on one database add it once. Like
 * the menu and role sync, this is the system at work: no operation-log line.
 */
export async function addDefaultTasks(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const tasks = systemEntity(ctx, 'ScheduledTask');
  const schedules = defaultSchedules(ctx);
  if (schedules.length === 0) return;
  const done = new Set((await db.selectFrom(MIGRATION_TABLE).select('migrationId')
    .where('migrationId', 'in', schedules.map(([jobName]) => defaultTaskStep(jobName))).execute()).map((row) => String(row.migrationId)));
  for (const [jobName, schedule] of schedules) {
    if (done.has(defaultTaskStep(jobName))) continue;
    await db.transaction().execute(async (trx) => {
      const taken = await trx.insertInto(MIGRATION_TABLE).values({ migrationId: defaultTaskStep(jobName), appliedAt: new Date().toISOString() })
        .onConflict((oc) => oc.column('migrationId').doNothing()).executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) return;
      const existing = await trx.selectFrom(tasks.table).select(tasks.key).where('jobName', '=', jobName).limit(1).executeTakeFirst();
      if (!existing) await insertRow(ctx, tasks, { ...schedule, jobName }, SYSTEM_OWNER, trx);
    });
  }
}
