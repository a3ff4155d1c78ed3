import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, rawCall, type DemoUser } from './helpers';

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

  it('refuses a link that closes a loop, directly or through other tasks, also when a link is rewritten', async () => {
    const [x, y, z] = await Promise.all(['循环X', '循环Y', '循环Z'].map((title, i) => newTask(yanglei, { title, startDate: `2031-09-0${i + 1}`, endDate: `2031-09-0${i + 1}`, leader: users.yanglei.userId })));
    const link = (source: Record<string, any>, target: Record<string, any>) => s.post(yanglei, '/set/office/insertOfficeGanttLink', { source: source.taskId, target: target.taskId, linkType: 'e2s' });
    const xy = await link(x, y);
    const yz = await link(y, z);
    expect([xy.body.code, yz.body.code]).toEqual([200, 200]);

    const back = await link(z, x);
    expect(back.body.code).toBe(100);
    expect(back.body.message).toBe('「循环Z」已直接或间接依赖「循环X」，再建这条依赖会形成循环');
    const twoTasks = await postEn(s, yanglei, '/set/office/insertOfficeGanttLink', { source: y.taskId, target: x.taskId, linkType: 's2s' });
    expect(twoTasks.body.code).toBe(100);
    expect(twoTasks.body.message).toBe('"循环Y" already depends on "循环X", directly or through other tasks: this link would make a loop');
    // Rewriting X→Y into Z→Y makes Y→Z→Y: refused too; the link itself is left out of the walk, so Z→X in its place is not.
    const xyRow = xy.body.data;
    const rewritten = await s.post(yanglei, '/set/office/updateOfficeGanttLink', { linkId: xyRow.linkId, rowVersion: xyRow.rowVersion, source: z.taskId, target: y.taskId });
    expect(rewritten.body.code).toBe(100);
    expect(rewritten.body.message).toBe('「循环Z」已直接或间接依赖「循环Y」，再建这条依赖会形成循环');
    const turned = await s.post(yanglei, '/set/office/updateOfficeGanttLink', { linkId: xyRow.linkId, rowVersion: xyRow.rowVersion, source: z.taskId, target: x.taskId });
    expect(turned.body.code, turned.body.message).toBe(200);

    const stored = async () => (await s.server.ctx.database.db.selectFrom('office_gantt_link').select(['source', 'target'])
      .where('source', 'in', [x.taskId, y.taskId, z.taskId]).execute()).map((row) => `${row.source}>${row.target}`).sort();
    expect(await stored()).toEqual([`${y.taskId}>${z.taskId}`, `${z.taskId}>${x.taskId}`].sort());
    // Once Y→Z is gone, X→Y closes nothing.
    expect((await s.post(yanglei, '/set/office/deleteOfficeGanttLink', { id: yz.body.data.linkId })).body.code).toBe(200);
    expect((await link(x, y)).body.code).toBe(200);
    expect(await stored()).toEqual([`${x.taskId}>${y.taskId}`, `${z.taskId}>${x.taskId}`].sort());
  });

  it('saves what the chart sends after a resize, a progress drag and a moved milestone, within the field rules', async () => {
    const task = await newTask(yanglei, { title: '拉伸测试', startDate: '2031-10-01', endDate: '2031-10-03', leader: users.yanglei.userId, progress: 10 });
    const resized = await s.post(yanglei, '/set/office/updateOfficeTask', { id: task.taskId, rowVersion: task.rowVersion, startDate: '2031-10-01', endDate: '2031-10-04', progress: 10 });
    expect(resized.body.code, resized.body.message).toBe(200);
    const progressed = await s.post(yanglei, '/set/office/updateOfficeTask', { id: task.taskId, rowVersion: resized.body.data.rowVersion, startDate: '2031-10-01', endDate: '2031-10-04', progress: 75 });
    expect(progressed.body.code, progressed.body.message).toBe(200);
    const tooFar = await s.post(yanglei, '/set/office/updateOfficeTask', { id: task.taskId, rowVersion: progressed.body.data.rowVersion, progress: 120 });
    expect(tooFar.body.code).toBe(100);
    const stored = await s.server.ctx.database.db.selectFrom('office_task').select(['startDate', 'endDate', 'progress', 'rowVersion']).where('taskId', '=', task.taskId).executeTakeFirstOrThrow();
    expect([String(stored.startDate).slice(0, 10), String(stored.endDate).slice(0, 10), Number(stored.progress), Number(stored.rowVersion)]).toEqual(['2031-10-01', '2031-10-04', 75, task.rowVersion + 2]);

    const milestone = await newTask(yanglei, { title: '里程碑测试', taskType: 'milestone', startDate: '2031-10-10', endDate: '2031-10-10', leader: users.yanglei.userId });
    const moved = await s.post(yanglei, '/set/office/updateOfficeTask', { id: milestone.taskId, rowVersion: milestone.rowVersion, startDate: '2031-10-13', endDate: '2031-10-13', progress: 0 });
    expect([moved.body.data.startDate, moved.body.data.endDate, moved.body.data.taskType]).toEqual(['2031-10-13', '2031-10-13', 'milestone']);
  });

  it('answers one task\'s breakdown with root, in the caller\'s scope, with the links inside it', async () => {
    const all = (await s.get(yanglei, '/get/office/getOfficeGanttData')).body.data;
    const project = all.tasks.find((t: any) => t.title === '协同办公平台二期');
    const breakdown = await s.get(yanglei, '/get/office/getOfficeGanttData', { root: project.taskId });
    expect(breakdown.body.code, breakdown.body.message).toBe(200);
    expect(breakdown.body.data.tasks.map((t: any) => t.title).sort()).toEqual(['协同办公平台二期', '需求调研与评审', '数据库与接口设计', '移动端页面开发', '上线验收'].sort());
    expect(breakdown.body.data.links).toHaveLength(3);
    const inside = new Set(breakdown.body.data.tasks.map((t: any) => t.taskId));
    for (const l of breakdown.body.data.links) expect(inside.has(l.source) && inside.has(l.target)).toBe(true);

    // 李娜 reads the project and her own two tasks of it; the demo links all touch a task she cannot read.
    const hers = await s.get(lina, '/get/office/getOfficeGanttData', { root: project.taskId });
    expect(hers.body.data.tasks.map((t: any) => t.title).sort()).toEqual(['协同办公平台二期', '移动端页面开发', '需求调研与评审'].sort());
    expect(hers.body.data.links).toEqual([]);
    const leaf = all.tasks.find((t: any) => t.title === '机房 UPS 更换');
    expect((await s.get(yanglei, '/get/office/getOfficeGanttData', { root: leaf.taskId })).body.data.tasks.map((t: any) => t.title)).toEqual(['机房 UPS 更换']);
    const twice = await rawCall(s, yanglei, 'GET', `/get/office/getOfficeGanttData?root=${project.taskId}&root=${leaf.taskId}`);
    expect(twice.body.code).toBe(100);
    expect(twice.body.message).toBe('参数 root 的值无效');
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
