import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { Scheduler } from '../../server/scheduler/Scheduler';
import { defaultSchedules, defaultTaskStep } from '../../server/scheduler/defaultTasks';
import { JOBS } from '../../server/scheduler/jobs';
import { buildServer } from '../../server/app';
import { nowText } from '../../server/http/newId';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('scheduled tasks and system messages on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const runsOf = (taskId: string) => db().selectFrom('sys_scheduled_task_run').selectAll().where('taskId', '=', taskId).execute();
  const createTask = async (values: Record<string, unknown>) => {
    const res = await s.post(admin, '/set/system/insertScheduledTask', values);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data.taskId as string;
  };

  /** The name, cron and state of each job's task as a new database got them from the demo seed before they were the jobs' defaults. */
  const SEEDED = {
    purgeExpiredSessions: ['清理过期会话', '0 3 * * *'],
    purgeOperationLog: ['清理过期操作日志', '30 3 * * *'],
    purgeLoginLog: ['清理过期登录日志', '35 3 * * *'],
    purgeRunLog: ['清理过期运行日志', '40 3 * * *'],
    purgeUnlinkedAttachments: ['清理无主附件', '50 3 * * *'],
    remindExpiringContracts: ['劳动合同到期提醒', '0 8 * * *'],
    bpmDueTasks: ['流程超时处理', '*/5 * * * *'],
    rebuildSearchIndex: ['重建全文检索索引', '0 2 * * *'],
    fetchExternalMail: ['收取外部邮件', '*/10 * * * *'],
    sendCalendarReminders: ['日程提醒', '* * * * *'],
    remindDiary: ['officeRules.diaryRemind.task', '*/10 * * * 1-5'],
  };
  const tasksOf = (jobName: string) => db().selectFrom('sys_scheduled_task').select(['taskId', 'taskName', 'cron', 'enabled']).where('jobName', '=', jobName).execute();
  /** Another start on this database, as after an upgrade (the server under test keeps running). */
  const restart = async () => {
    const next = await buildServer(s.server.ctx.config, { pgSchema: s.server.ctx.database.pgSchema });
    await next.close();
  };

  it('gives a new database one enabled task per job with a default schedule, each step recorded', async () => {
    const defaults = defaultSchedules(s.server.ctx);
    expect(Object.fromEntries(defaults.map(([jobName, { taskName, cron }]) => [jobName, [taskName, cron]]))).toEqual(SEEDED);
    for (const [jobName, [taskName, cron]] of Object.entries(SEEDED)) {
      expect(JOBS[jobName], jobName).toBeDefined();
      expect((await tasksOf(jobName)).map(({ taskId: _, ...task }) => task), jobName).toEqual([{ taskName, cron, enabled: 1 }]);
    }
    const steps = await db().selectFrom('sys_migration').select('migrationId').where('migrationId', 'like', 'scheduled task %').execute();
    expect(steps.map((row) => row.migrationId).sort()).toEqual(Object.keys(SEEDED).map(defaultTaskStep).sort());
  });

  it('adds the task of a job the database was seeded without at the next start, once: deleted afterwards, it stays deleted', async () => {
    // A database seeded before the job was written: neither its task nor the step.
    await db().deleteFrom('sys_scheduled_task').where('jobName', '=', 'fetchExternalMail').execute();
    await db().deleteFrom('sys_migration').where('migrationId', '=', defaultTaskStep('fetchExternalMail')).execute();
    await restart();
    const [added, ...more] = await tasksOf('fetchExternalMail');
    expect(more).toEqual([]);
    expect(added).toMatchObject({ taskName: '收取外部邮件', cron: '*/10 * * * *', enabled: 1 });
    // Listed and translated like the others.
    const listed = await s.get(admin, '/get/system/getScheduledTaskList', { page: 1, pageSize: 100 });
    expect(listed.body.data.list.filter((row: { jobName: string }) => row.jobName === 'fetchExternalMail').map((row: { taskId: string }) => row.taskId)).toEqual([added.taskId]);

    // An administrator who does not want the job deletes its task: later starts leave it deleted.
    expect((await s.post(admin, '/set/system/deleteScheduledTask', { id: added.taskId })).body.code).toBe(200);
    await restart();
    expect(await tasksOf('fetchExternalMail')).toEqual([]);
    // The other jobs' tasks are as they were: one each.
    expect(await tasksOf('remindDiary')).toHaveLength(1);
  });

  it('refuses a malformed or second-level cron expression with a clear message', async () => {
    for (const cron of ['every minute', '* * * *', '*/5 * * * * *', '61 * * * *']) {
      const res = await s.post(admin, '/set/system/insertScheduledTask', { taskName: 'x', jobName: 'purgeExpiredSessions', cron });
      expect(res.body.code, cron).toBe(100);
      expect(res.body.message).toContain('cron');
    }
  });

  it('runs a due task once per minute even when two processes tick at the same time', async () => {
    const taskId = await createTask({ taskName: '每分钟清理会话', jobName: 'purgeExpiredSessions', cron: '* * * * *' });
    const now = new Date();
    const [a, b] = await Promise.all([new Scheduler(s.server.ctx).tick(now), new Scheduler(s.server.ctx).tick(now)]);
    const runs = await runsOf(taskId);
    expect(runs).toHaveLength(1);
    // Exactly one of the two processes reports having run it.
    expect([...a, ...b].filter((outcome) => outcome.runId === runs[0].runId)).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'success', trigger: 'schedule' });
    expect(String(runs[0].message)).toContain('expired sessions');
    // The same minute again: already taken.
    await new Scheduler(s.server.ctx).tick(now);
    expect(await runsOf(taskId)).toHaveLength(1);
    await s.post(admin, '/set/system/updateScheduledTask', { id: taskId, enabled: 0 });
  });

  it('skips disabled tasks and tasks not due this minute', async () => {
    const off = await createTask({ taskName: '停用', jobName: 'purgeExpiredSessions', cron: '* * * * *', enabled: 0 });
    const notDue = await createTask({ taskName: '凌晨', jobName: 'purgeExpiredSessions', cron: '0 3 * * *' });
    await s.server.scheduler.tick(new Date(2026, 0, 5, 14, 7));
    expect(await runsOf(off)).toHaveLength(0);
    expect(await runsOf(notDue)).toHaveLength(0);
    await s.server.scheduler.tick(new Date(2026, 0, 5, 3, 0));
    expect(await runsOf(notDue)).toHaveLength(1);
  });

  it('runs a task now on request, records failures, and refuses the call to users who may not edit tasks', async () => {
    const taskId = await createTask({ taskName: '合同提醒', jobName: 'remindExpiringContracts', cron: '0 8 * * *' });
    const now = await s.post(admin, '/set/system/runScheduledTask', { id: taskId });
    expect(now.body.code).toBe(200);
    expect(now.body.data.status).toBe('success');
    const task = await db().selectFrom('sys_scheduled_task').selectAll().where('taskId', '=', taskId).executeTakeFirstOrThrow();
    expect(task.lastStatus).toBe('success');
    expect((await s.post(await s.login('lina'), '/set/system/runScheduledTask', { id: taskId })).status).toBe(403);
    // A task naming a job that no longer exists fails visibly instead of vanishing.
    await db().updateTable('sys_scheduled_task').set({ jobName: 'retiredJob' }).where('taskId', '=', taskId).execute();
    const failed = await s.post(admin, '/set/system/runScheduledTask', { id: taskId });
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.message).toContain('retiredJob');
  });

  it('reminds the employee of a contract ending within 30 days, once, and the badge counts it until read', async () => {
    const hr = await s.login('zhangwei');
    const end = nowText(new Date(Date.now() + 10 * 86_400_000)).slice(0, 10);
    const contract = await s.post(hr, '/set/hr/insertHrContract', { userId: users.lina.userId, contractType: 'fixed', startDate: '2025-01-01', endDate: end });
    expect(contract.body.code).toBe(200);
    const lina = await s.login('lina');
    const before = (await s.get(lina, '/get/system/getUnreadMessageCount')).body.data.count as number;
    const taskId = await createTask({ taskName: '提醒', jobName: 'remindExpiringContracts', cron: '0 8 * * *' });
    await s.post(admin, '/set/system/runScheduledTask', { id: taskId });
    await s.post(admin, '/set/system/runScheduledTask', { id: taskId });
    const messages = await db().selectFrom('sys_message').selectAll().where('receiverId', '=', users.lina.userId).execute();
    const reminder = messages.filter((m) => String(m.link).includes(String(contract.body.data.contractId)));
    expect(reminder).toHaveLength(1);
    expect(String(reminder[0].title)).toContain(String(contract.body.data.contractNo));
    expect((await s.get(lina, '/get/system/getUnreadMessageCount')).body.data.count).toBe(before + 1);
    // Another user cannot mark lina's message read.
    const other = await s.post(await s.login('liuyang'), '/set/system/setMessageRead', { ids: [String(reminder[0].messageId)] });
    expect(other.body.data.updated).toBe(0);
    expect((await s.post(lina, '/set/system/setMessageRead', { ids: [String(reminder[0].messageId)] })).body.data.updated).toBe(1);
    expect((await s.get(lina, '/get/system/getUnreadMessageCount')).body.data.count).toBe(before);
  });

  it('purges operation-log lines past the retention period', async () => {
    await db().insertInto('sys_operation_log').values({ logId: 'old-line', action: 'insert', entity: 'HrContract', createTime: '2000-01-01 00:00:00' }).execute();
    const taskId = await createTask({ taskName: '日志保留', jobName: 'purgeOperationLog', cron: '30 3 * * *' });
    await s.post(admin, '/set/system/runScheduledTask', { id: taskId });
    expect(await db().selectFrom('sys_operation_log').select('logId').where('logId', '=', 'old-line').execute()).toHaveLength(0);
    expect((await db().selectFrom('sys_operation_log').select('logId').execute()).length).toBeGreaterThan(0);
  });
});
