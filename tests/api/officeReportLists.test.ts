import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * The report lists of one record (server/modules/office/reportLists.ts), read by the mobile
 * details screens: a diary's comments, a task's and a plan's progress reports, for whoever may
 * read the record — its author reads her leader's comment, a stranger is refused in words.
 */
describe.each(databases)('reports on one diary, task or work plan, on $name', (database) => {
  let s: TestServer;
  let yanglei: string; // leads 技术研发部
  let lina: string; // staff in 前端开发组
  let liuyang: string; // staff in 后端开发组 (below 技术研发部)
  let chenjing: string; // staff in 财务部
  let auditor: string; // no office permissions
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [yanglei, lina, liuyang, chenjing, auditor] = await Promise.all(['yanglei', 'lina', 'liuyang', 'chenjing', 'auditor'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const ok = <T>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };

  it('lists every comment on a diary to its author, its share user and the department leader, newest first', async () => {
    const diary = ok<{ diaryId: string }>(await s.post(liuyang, '/set/office/insertOfficeDiary', {
      diaryDate: '2031-04-01', title: '接口联调', content: '完成订单接口联调', shareUsers: [users.chenjing.userId],
    }));
    ok(await s.post(chenjing, '/set/office/insertOfficeDiaryComment', { diary: diary.diaryId, content: '请同步报销口径' }));
    ok(await s.post(yanglei, '/set/office/insertOfficeDiaryComment', { diary: diary.diaryId, content: '进度不错，注意测试覆盖' }));
    // A comment on another diary stays out.
    const other = ok<{ diaryId: string }>(await s.post(liuyang, '/set/office/insertOfficeDiary', { diaryDate: '2031-04-02', title: '另一篇', content: '无' }));
    ok(await s.post(liuyang, '/set/office/insertOfficeDiaryComment', { diary: other.diaryId, content: '自评' }));

    for (const reader of [liuyang, chenjing, yanglei]) {
      const list = ok<{ list: { content: string; commenterName: string }[]; total: number }>(
        await s.get(reader, '/get/office/getOfficeDiaryCommentListByDiary', { diary: diary.diaryId }));
      expect(list.total).toBe(2);
      expect(list.list.map((c) => c.content).sort()).toEqual(['请同步报销口径', '进度不错，注意测试覆盖'].sort());
      expect(list.list.map((c) => c.commenterName).sort()).toEqual(['杨磊', '陈静'].sort());
    }
    // The generic my list shows the author none of them: why the call exists.
    const mine = ok<{ list: { diary: string }[] }>(await s.get(liuyang, '/get/office/getMyOfficeDiaryCommentList', { pageSize: 100 }));
    expect(mine.list.filter((c) => c.diary === diary.diaryId)).toEqual([]);

    const stranger = await s.get(lina, '/get/office/getOfficeDiaryCommentListByDiary', { diary: diary.diaryId });
    expect(stranger.body.code).toBe(100);
    expect(stranger.body.message).toBe('所选工作日志不存在或您无权查看');
    const strangerEn = await rawCall(s, lina, 'GET', '/get/office/getOfficeDiaryCommentListByDiary', { headers: { 'X-Lang': 'en' }, query: { diary: diary.diaryId } });
    expect(strangerEn.body.message).toBe('The chosen Work diary does not exist or you may not see it');
    const missing = await s.get(liuyang, '/get/office/getOfficeDiaryCommentListByDiary', {});
    expect(missing.body.code).toBe(100);
    expect((await s.get(auditor, '/get/office/getOfficeDiaryCommentListByDiary', { diary: diary.diaryId })).status).toBe(403);
  });

  it('lists a task\'s and a plan\'s progress reports to their members, not to others', async () => {
    const task = ok<{ taskId: string }>(await s.post(lina, '/set/office/insertOfficeTask', {
      title: '移动端适配', taskType: 'task', startDate: '2031-05-01', endDate: '2031-05-20', leader: users.lina.userId, members: [users.liuyang.userId],
    }));
    ok(await s.post(liuyang, '/set/office/insertOfficeTaskProcess', { task: task.taskId, progress: 40, content: '列表页完成' }));
    ok(await s.post(lina, '/set/office/insertOfficeTaskProcess', { task: task.taskId, progress: 60, content: '详情页完成' }));
    const reports = ok<{ list: { progress: number; reporterName: string }[] }>(await s.get(lina, '/get/office/getOfficeTaskProcessListByTask', { task: task.taskId }));
    expect(reports.list.map((r) => [r.progress, r.reporterName]).sort()).toEqual([[40, '刘洋'], [60, '李娜']]);
    expect((await s.get(chenjing, '/get/office/getOfficeTaskProcessListByTask', { task: task.taskId })).body.code).toBe(100);

    const plan = ok<{ planId: string }>(await s.postJson(lina, '/set/office/insertOfficeWorkPlan', {
      title: '五月迭代计划', planType: 'month', startDate: '2031-05-01', endDate: '2031-05-31', holder: users.liuyang.userId, content: '<p>迭代目标</p>',
    }));
    ok(await s.post(liuyang, '/set/office/insertOfficeWorkPlanProcess', { plan: plan.planId, progress: 25, content: '需求评审完成' }));
    const planReports = ok<{ list: { content: string }[]; total: number }>(await s.get(lina, '/get/office/getOfficeWorkPlanProcessListByPlan', { plan: plan.planId }));
    expect(planReports.list.map((r) => r.content)).toEqual(['需求评审完成']);
    expect((await s.get(chenjing, '/get/office/getOfficeWorkPlanProcessListByPlan', { plan: plan.planId })).body.code).toBe(100);
  });
});
