import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Tasks and the Gantt chart (server/modules/office/ganttCalls.ts, progressReports.ts): the chart's
 * data is the tasks a user may read with the links between them; every change it makes goes
 * through the generic calls, so permission, data scope and row versions hold for the chart too.
 */
describe.each(databases)('office tasks and the Gantt chart, on $name', (database) => {
  let s: TestServer;
  let yanglei: string; // 任务管理员 (taskManager, unit scope)
  let lina: string; // staff
  let liuyang: string; // staff
  let auditor: string; // no task permission
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [yanglei, lina, liuyang, auditor] = await Promise.all(['yanglei', 'lina', 'liuyang', 'auditor'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const newTask = async (token: string, values: Record<string, unknown>) => {
    const res = await s.post(token, '/set/office/insertOfficeTask', { taskType: 'task', priority: 'medium', ...values });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as Record<string, any>;
  };

  it('answers the Gantt data in the caller\'s scope: the manager sees the project, a member her own tasks and only links between them', async () => {
    const all = await s.get(yanglei, '/get/office/getOfficeGanttData');
    expect(all.body.code).toBe(200);
    const titles = all.body.data.tasks.map((t: any) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['协同办公平台二期', '数据库与接口设计', '上线验收', '机房 UPS 更换']));
    expect(all.body.data.links.length).toBeGreaterThanOrEqual(3);
    const milestone = all.body.data.tasks.find((t: any) => t.title === '上线验收');
    expect(milestone.taskType).toBe('milestone');
    expect(milestone.parentIdName).toBe('协同办公平台二期');

    // 李娜 leads two tasks and is no member of the others: she reads those (and the project she is a member of).
    const hers = await s.get(lina, '/get/office/getOfficeGanttData');
    const herTitles = hers.body.data.tasks.map((t: any) => t.title).sort();
    expect(herTitles).toEqual(['协同办公平台二期', '移动端页面开发', '需求调研与评审'].sort());
    const ids = new Set(hers.body.data.tasks.map((t: any) => t.taskId));
    for (const link of hers.body.data.links) expect(ids.has(link.source) && ids.has(link.target)).toBe(true);

    expect((await s.get(auditor, '/get/office/getOfficeGanttData')).status).toBe(403);
  });

  it('saves a drag (new dates) through updateOfficeTask with the row version, and refuses a stale one', async () => {
    const task = await newTask(yanglei, { title: '拖动测试', startDate: '2031-05-01', endDate: '2031-05-03', leader: users.yanglei.userId });
    const moved = await s.post(yanglei, '/set/office/updateOfficeTask', { taskId: task.taskId, rowVersion: task.rowVersion, startDate: '2031-05-04', endDate: '2031-05-06' });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect([moved.body.data.startDate, moved.body.data.endDate]).toEqual(['2031-05-04', '2031-05-06']);
    const stale = await s.post(yanglei, '/set/office/updateOfficeTask', { taskId: task.taskId, rowVersion: task.rowVersion, startDate: '2031-05-10', endDate: '2031-05-12' });
    expect(stale.body.code).toBe(100);
    expect(stale.body.data.conflict).toBe('rowVersion');
    const bad = await s.post(yanglei, '/set/office/updateOfficeTask', { taskId: task.taskId, rowVersion: moved.body.data.rowVersion, startDate: '2031-05-10', endDate: '2031-05-02' });
    expect(bad.body.code).toBe(100);
    expect(bad.body.message).toContain('结束日期不能早于开始日期');
  });

  it('links two tasks once, never a task to itself, and only between tasks the writer can read', async () => {
    const a = await newTask(yanglei, { title: '连线A', startDate: '2031-06-01', endDate: '2031-06-02', leader: users.yanglei.userId });
    const b = await newTask(yanglei, { title: '连线B', startDate: '2031-06-03', endDate: '2031-06-04', leader: users.yanglei.userId });
    const link = await s.post(yanglei, '/set/office/insertOfficeGanttLink', { source: a.taskId, target: b.taskId, linkType: 'e2s' });
    expect(link.body.code, link.body.message).toBe(200);
    const twice = await s.post(yanglei, '/set/office/insertOfficeGanttLink', { source: a.taskId, target: b.taskId, linkType: 's2s' });
    expect(twice.body.code).toBe(100);
    expect(twice.body.message).toBe('这两个任务之间已有依赖关系');
    const self = await postEn(s, yanglei, '/set/office/insertOfficeGanttLink', { source: a.taskId, target: a.taskId, linkType: 'e2s' });
    expect(self.body.message).toBe('A task cannot depend on itself');
    // 刘洋 (staff) may write links, but not into 杨磊's tasks he cannot read.
    const foreign = await s.post(liuyang, '/set/office/insertOfficeGanttLink', { source: a.taskId, target: b.taskId, linkType: 'e2e' });
    expect(foreign.body.code).toBe(100);
    expect(foreign.body.message).toBe('所选任务不存在或您无权查看');
    const data = await s.get(yanglei, '/get/office/getOfficeGanttData');
    expect(data.body.data.links.filter((l: any) => l.source === a.taskId)).toEqual([expect.objectContaining({ target: b.taskId, linkType: 'e2s' })]);
    expect((await s.post(yanglei, '/set/office/deleteOfficeGanttLink', { id: link.body.data.linkId })).body.code).toBe(200);
    expect((await s.get(yanglei, '/get/office/getOfficeGanttData')).body.data.links.some((l: any) => l.source === a.taskId)).toBe(false);
  });

  it('breaks a task down, takes progress reports into the task, and holds and resumes it (my tasks, search, desk)', async () => {
    const parent = await newTask(yanglei, { title: '年度安全检查', startDate: '2031-07-01', endDate: '2031-07-31', leader: users.yanglei.userId, members: [users.liuyang.userId] });
    const child = await newTask(yanglei, { title: '消防设施检查', parentId: parent.taskId, startDate: '2031-07-02', endDate: '2031-07-05', leader: users.liuyang.userId });
    const mine = await s.get(liuyang, '/get/office/getMyOfficeTaskList', { keyword: '检查' });
    expect(mine.body.data.list.map((t: any) => t.title).sort()).toEqual(['年度安全检查', '消防设施检查'].sort());

    const report = await s.post(liuyang, '/set/office/insertOfficeTaskProcess', { task: child.taskId, progress: 40, content: '已检查 A 座' });
    expect(report.body.code, report.body.message).toBe(200);
    const after = await s.get(liuyang, '/get/office/getOfficeTaskById', { id: child.taskId });
    expect(after.body.data.progress).toBe(40);
    expect(after.body.data.rowVersion).toBe(child.rowVersion + 1);
    // A report on a task the reporter cannot read is refused and moves nothing.
    const stranger = await s.post(lina, '/set/office/insertOfficeTaskProcess', { task: child.taskId, progress: 90, content: 'x' });
    expect(stranger.body.code).toBe(100);
    expect((await s.get(liuyang, '/get/office/getOfficeTaskById', { id: child.taskId })).body.data.progress).toBe(40);

    const hold = await s.post(liuyang, '/set/office/holdOfficeTask', { id: child.taskId, holdReason: '等待消防部门排期' });
    expect(hold.body.code, hold.body.message).toBe(200);
    expect(hold.body.data.status).toBe('held');
    const desk = await s.get(liuyang, '/get/office/getOfficeTaskDesk');
    expect(desk.body.data.held).toBeGreaterThanOrEqual(1);
    expect(desk.body.data.list.some((t: any) => t.taskId === child.taskId)).toBe(true);
    expect((await s.post(liuyang, '/set/office/resumeOfficeTask', { id: child.taskId })).body.data.status).toBe('doing');
  });

  it('refuses the task calls without the grant, and a staff member cannot change a task she does not own', async () => {
    expect((await s.get(auditor, '/get/office/getOfficeTaskList')).status).toBe(403);
    expect((await s.post(auditor, '/set/office/insertOfficeTask', { title: 'x', taskType: 'task', startDate: '2031-01-01', endDate: '2031-01-02', leader: users.auditor.userId })).status).toBe(403);
    const task = await newTask(yanglei, { title: '不可越权修改', startDate: '2031-08-01', endDate: '2031-08-02', leader: users.yanglei.userId });
    const res = await s.post(lina, '/set/office/updateOfficeTask', { taskId: task.taskId, rowVersion: task.rowVersion, startDate: '2031-08-05', endDate: '2031-08-06' });
    expect(res.body.code).not.toBe(200);
    // Assigning a task to someone else is the manager's: staff may only lead their own.
    const other = await s.post(lina, '/set/office/insertOfficeTask', { title: 'x', taskType: 'task', startDate: '2031-01-01', endDate: '2031-01-02', leader: users.liuyang.userId });
    expect(other.body.code).toBe(100);
  });
});
