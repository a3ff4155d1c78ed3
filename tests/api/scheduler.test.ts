import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { Scheduler } from '../../server/scheduler/Scheduler';
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
