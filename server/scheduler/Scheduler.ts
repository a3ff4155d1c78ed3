import os from 'node:os';
import { Cron } from 'croner';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { newId, nowText } from '../http/newId';
import { JOBS } from './jobs';
import { errorEntry, recordRunLog } from '../audit/recordRunLog';

const TICK_MS = 30_000;
const NODE = `${os.hostname()}:${process.pid}`;

/** The minute a tick belongs to, as text: the unit a scheduled run is planned and locked for. */
export function minuteSlot(date: Date): string {
  return nowText(date).slice(0, 16);
}

export interface RunOutcome { runId: string; status: 'success' | 'failed'; message: string }

/**
 * Runs scheduled tasks. Every process may run a Scheduler; each planned run takes a row in
 * sys_job_lock keyed by task and minute first, and only the process whose insert succeeds runs
 * it — so a task runs once per planned minute however many instances share the database.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: ServerContext) {}

  start(): void {
    // A tick that fails (the database is away) is recorded, not left as an unhandled rejection.
    this.timer = setInterval(() => {
      this.tick(new Date()).catch((error: unknown) => recordRunLog(this.ctx, errorEntry('taskFailed', error, 'scheduler tick')));
    }, TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs every enabled task whose cron matches this minute and that no process has taken yet. */
  async tick(now: Date): Promise<RunOutcome[]> {
    const tasks = await this.ctx.database.db.selectFrom(systemEntity(this.ctx, 'ScheduledTask').table).selectAll()
      .where('enabled', '=', 1).execute();
    const slot = minuteSlot(now);
    const outcomes: RunOutcome[] = [];
    for (const task of tasks) {
      let due = false;
      try {
        due = new Cron(String(task.cron), { paused: true }).match(new Date(`${slot.replace(' ', 'T')}:00`));
      } catch {
        due = false;
      }
      if (!due) continue;
      if (!(await this.takeLock(`${String(task.taskId)}|${slot}`))) continue;
      outcomes.push(await this.run(task, 'schedule', slot));
    }
    return outcomes;
  }

  /** "Run now": a manual run, locked by its own id so it never collides with a planned one. */
  async runNow(taskId: string): Promise<RunOutcome | undefined> {
    const task = await this.ctx.database.db.selectFrom(systemEntity(this.ctx, 'ScheduledTask').table).selectAll()
      .where('taskId', '=', taskId).executeTakeFirst();
    if (!task) return undefined;
    const slot = nowText();
    await this.takeLock(`${taskId}|manual|${newId()}`);
    return this.run(task, 'manual', slot);
  }

  private async takeLock(lockId: string): Promise<boolean> {
    const result = await this.ctx.database.db.insertInto('sys_job_lock')
      .values({ lockId, node: NODE, createTime: nowText() })
      .onConflict((oc) => oc.column('lockId').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  private async run(task: Record<string, unknown>, trigger: 'schedule' | 'manual', slot: string): Promise<RunOutcome> {
    const { db } = this.ctx.database;
    const runs = systemEntity(this.ctx, 'ScheduledTaskRun').table;
    const runId = newId();
    const started = nowText();
    await db.insertInto(runs).values({
      runId, taskId: task.taskId, jobName: task.jobName, trigger, slot, startTime: started, status: 'running', node: NODE,
      createTime: started, updateTime: started,
    }).execute();
    const job = JOBS[String(task.jobName)];
    let status: RunOutcome['status'] = 'success';
    let message: string;
    try {
      if (!job) throw new Error(this.ctx.i18n.t('entity.ScheduledTask.error.unknownJob', { lng: 'zh-cn', job: String(task.jobName) }));
      message = await job(this.ctx);
    } catch (error) {
      status = 'failed';
      message = (error as Error).message.slice(0, 2000);
      await recordRunLog(this.ctx, errorEntry('taskFailed', error, `${String(task.taskName)} (${String(task.jobName)})`));
    }
    const ended = nowText();
    await db.updateTable(runs).set({ status, message, endTime: ended, updateTime: ended }).where('runId', '=', runId).execute();
    await db.updateTable(systemEntity(this.ctx, 'ScheduledTask').table)
      .set({ lastRunTime: ended, lastStatus: status }).where('taskId', '=', String(task.taskId)).execute();
    return { runId, status, message };
  }
}
