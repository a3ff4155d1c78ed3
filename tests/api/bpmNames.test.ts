import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relabelSeededProcesses } from '../../server/modules/bpm/relabelSeededProcesses';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * The demo processes' names, node names, edge labels and categories are language-pack keys
 * (locales/parts/bpm-names.*.json, docs/WORKFLOW.md › Names in the reader's language): the calls
 * answer the keys, the screens read them in the reader's language; messages and default titles
 * are written in the receiver's or the caller's language; the keyword finds a request by either
 * language's name; a database seeded with the Chinese texts gets the keys once at start.
 */
describe.each(databases)('process and node names in the reader\'s language on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: Answer): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as T;
  };
  const getEn = (account: string, call: string, query: Record<string, string> = {}): Promise<Answer> =>
    rawCall(s, tokens[account], 'GET', call, { headers: { 'X-Lang': 'en' }, query });
  const leaveForm = JSON.stringify({ leaveType: 'annual', days: 1, startDate: '2026-12-01', endDate: '2026-12-01', reason: '事由' });

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['admin', 'lina', 'yanglei', 'zhangwei']) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  it('answers keys in the task lists and the instance, in either language', async () => {
    const todo = ok(await getEn('zhangwei', '/get/bpm/getMyTodoList'));
    const leave = todo.list.find((r: { processKey: string }) => r.processKey === 'leave');
    expect(leave).toMatchObject({ processName: 'bpm.process.leave.name', nodeName: 'bpm.process.leave.node.hr' });
    const view = ok(await s.get(tokens.zhangwei, '/get/bpm/getInstanceById', { instanceId: leave.instanceId }));
    expect(view.instance.processName).toBe('bpm.process.leave.name');
    expect(view.definition.nodes.find((n: { id: string }) => n.id === 'hr').name).toBe('bpm.process.leave.node.hr');
    expect(view.definition.edges.find((e: { to: string; from: string }) => e.from === 'long' && e.to === 'hr').label).toBe('bpm.process.leave.edge.long-hr');
    expect(view.history.map((h: { nodeName: string | null }) => h.nodeName)).toEqual(['bpm.process.leave.node.start', 'bpm.process.leave.node.leader']);
    const started = ok(await s.get(tokens.lina, '/get/bpm/getMyStartedList', { keyword: '年假' }));
    expect(started.list[0]).toMatchObject({ processName: 'bpm.process.leave.name', nodeName: 'bpm.process.leave.node.hr' });
    const startable = ok(await s.get(tokens.lina, '/get/bpm/getProcessListForStart'));
    expect(startable.find((p: { processKey: string }) => p.processKey === 'leave')).toMatchObject({ processName: 'bpm.process.leave.name', category: 'bpm.category.hr' });
  });

  it('names the process in the receiver\'s language in messages, and titles a request in the caller\'s', async () => {
    await db().updateTable('sys_user').set({ language: 'en' }).where('userId', '=', users.yanglei.userId).execute();
    try {
      const answer = ok(await postEn(s, tokens.lina, '/set/bpm/startProcess', { processKey: 'leave', formData: leaveForm }));
      const instance = await db().selectFrom('bpm_instance').select(['title', 'processName']).where('instanceId', '=', answer.instanceId).executeTakeFirstOrThrow();
      // A default title is text, written in the starter's language; the name on the request stays the key.
      expect(instance.title).toMatch(/^Leave request-李娜-\d{4}-\d{2}-\d{2}$/);
      expect(instance.processName).toBe('bpm.process.leave.name');
      // 杨磊 reads English: his to-do and the CC say "Leave request"; 李娜 reads Chinese.
      const toLeader = await db().selectFrom('sys_message').select(['title', 'content']).where('receiverId', '=', users.yanglei.userId)
        .where('title', 'like', `%${instance.title}%`).execute();
      expect(toLeader.length).toBe(2);
      for (const message of toLeader) {
        expect(message.title).toMatch(/^\[Leave request\] /);
        expect(String(message.content)).toContain('[Leave request]');
      }
      const task = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', answer.instanceId)
        .where('assignee', '=', users.yanglei.userId).where('kind', '=', 'todo').executeTakeFirstOrThrow();
      ok(await s.post(tokens.yanglei, '/set/bpm/completeTask', { taskId: task.taskId, action: 'reject', opinion: '不批' }));
      const toApplicant = await db().selectFrom('sys_message').select('title').where('receiverId', '=', users.lina.userId)
        .where('title', 'like', `%${instance.title}%`).executeTakeFirstOrThrow();
      expect(toApplicant.title).toBe(`【请假申请】${instance.title} 被驳回`);
      // A Chinese caller's default title is Chinese.
      const chinese = ok(await s.post(tokens.lina, '/set/bpm/startProcess', { processKey: 'leave', formData: leaveForm }));
      const chineseTitle = await db().selectFrom('bpm_instance').select('title').where('instanceId', '=', chinese.instanceId).executeTakeFirstOrThrow();
      expect(chineseTitle.title).toMatch(/^请假申请-李娜-/);
    } finally {
      await db().updateTable('sys_user').set({ language: 'zh-cn' }).where('userId', '=', users.yanglei.userId).execute();
    }
  });

  it('finds a request by its process name in Chinese or English, and keeps finding titles', async () => {
    const processKeys = async (keyword: string) => (ok(await s.get(tokens.lina, '/get/bpm/getMyStartedList', { keyword, pageSize: 100 })).list as { processKey: string }[])
      .map((r) => r.processKey);
    for (const keyword of ['请假申请', 'leave REQUEST', '请假']) {
      const found = await processKeys(keyword);
      expect(found.length, keyword).toBeGreaterThan(0);
      expect(new Set(found), keyword).toEqual(new Set(['leave']));
    }
    expect(new Set(await processKeys('Expense claim'))).toEqual(new Set(['expense']));
    // A word of a title (李娜的办公用品报销) still finds it.
    expect(await processKeys('办公用品')).toEqual(['expense']);
    const todo = ok(await s.get(tokens.zhangwei, '/get/bpm/getMyTodoList', { keyword: 'Leave request' }));
    expect(todo.total).toBeGreaterThan(0);
    expect(todo.list.every((r: { processKey: string }) => r.processKey === 'leave')).toBe(true);
    // 草稿: lina's saved 用印申请 draft, by its English name.
    const drafts = ok(await s.get(tokens.lina, '/get/bpm/getMyDraftList', { keyword: 'Seal request' }));
    expect(drafts.list.some((r: { draftId?: string; processKey: string }) => r.draftId && r.processKey === 'seal')).toBe(true);
    // The definitions list searches its translated name the same way.
    const definitions = ok(await s.get(tokens.admin, '/get/bpm/getBpmProcessList', { keyword: 'Leave request' }));
    expect(definitions.list.map((r: { processKey: string }) => r.processKey)).toEqual(['leave']);
  });

  it('turns the Chinese names of a database seeded before the keys into the keys, once, leaving typed names alone', async () => {
    const leave = await db().selectFrom('bpm_process').select(['processId', 'definition']).where('processKey', '=', 'leave').executeTakeFirstOrThrow();
    const version = await db().selectFrom('bpm_process_version').select(['versionId', 'definition']).where('processKey', '=', 'leave').orderBy('version', 'desc').executeTakeFirstOrThrow();
    const instance = await db().selectFrom('bpm_instance').select('instanceId').where('processKey', '=', 'leave').where('status', '=', 'running')
      .where('currentNodes', '=', 'bpm.process.leave.node.hr').executeTakeFirstOrThrow();
    const instanceId = String(instance.instanceId);
    // The old seed's texts, as such a database holds them.
    const chinese = (definition: unknown) => String(definition)
      .replaceAll('"bpm.process.leave.name"', '"请假申请"').replaceAll('"bpm.process.leave.node.leader"', '"部门负责人审批"')
      .replaceAll('"bpm.process.leave.node.hr"', '"人事会签"').replaceAll('"bpm.process.leave.edge.long-hr"', '"超过3天"')
      // An author renamed the end node: that name is theirs.
      .replaceAll('"bpm.process.leave.node.end"', '"完成"');
    await db().updateTable('bpm_process').set({ processName: '请假申请', category: '人事', definition: chinese(leave.definition) }).where('processId', '=', leave.processId).execute();
    await db().updateTable('bpm_process_version').set({ processName: '请假申请', definition: chinese(version.definition) }).where('versionId', '=', version.versionId).execute();
    await db().updateTable('bpm_instance').set({ processName: '请假申请', currentNodes: '人事会签,加签的步骤' }).where('instanceId', '=', instanceId).execute();
    await db().updateTable('bpm_task').set({ processName: '请假申请', nodeName: '人事会签' }).where('instanceId', '=', instanceId).where('nodeId', '=', 'hr').execute();
    await db().updateTable('bpm_audit').set({ nodeName: '部门负责人审批' }).where('instanceId', '=', instanceId).where('nodeId', '=', 'leader').execute();
    // A process an administrator named with a text of their own, with a node named like a seeded one but of another process.
    await db().updateTable('bpm_process').set({ processName: '请假申请（试行）', category: '人事' }).where('processKey', '=', 'expense').execute();
    await db().updateTable('bpm_task').set({ nodeName: '人事会签' }).where('processKey', '=', 'expense').where('nodeId', '=', 'finance').execute();

    await db().deleteFrom('sys_migration').where('migrationId', '=', 'relabel seeded process names as language-pack keys').execute();
    await relabelSeededProcesses(s.server.ctx);

    const process = await db().selectFrom('bpm_process').selectAll().where('processKey', '=', 'leave').executeTakeFirstOrThrow();
    expect(process).toMatchObject({ processName: 'bpm.process.leave.name', category: 'bpm.category.hr' });
    const draft = JSON.parse(String(process.definition));
    expect(draft.nodes.map((n: { name: string }) => n.name)).toEqual([
      'bpm.process.leave.node.start', 'bpm.process.leave.node.ccLeader', 'bpm.process.leave.node.leader', 'bpm.process.leave.node.long', 'bpm.process.leave.node.hr', '完成',
    ]);
    expect(draft.edges.find((e: { to: string; from: string }) => e.from === 'long' && e.to === 'hr').label).toBe('bpm.process.leave.edge.long-hr');
    const published = await db().selectFrom('bpm_process_version').selectAll().where('versionId', '=', version.versionId).executeTakeFirstOrThrow();
    expect(published.processName).toBe('bpm.process.leave.name');
    expect(JSON.parse(String(published.definition))).toMatchObject({ name: 'bpm.process.leave.name' });
    expect(await db().selectFrom('bpm_instance').select(['processName', 'currentNodes']).where('instanceId', '=', instanceId).executeTakeFirstOrThrow())
      .toEqual({ processName: 'bpm.process.leave.name', currentNodes: 'bpm.process.leave.node.hr,加签的步骤' });
    const tasks = await db().selectFrom('bpm_task').select(['processName', 'nodeName']).where('instanceId', '=', instanceId).where('nodeId', '=', 'hr').execute();
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.processName === 'bpm.process.leave.name' && t.nodeName === 'bpm.process.leave.node.hr')).toBe(true);
    const audit = await db().selectFrom('bpm_audit').select('nodeName').where('instanceId', '=', instanceId).where('nodeId', '=', 'leader').executeTakeFirstOrThrow();
    expect(audit.nodeName).toBe('bpm.process.leave.node.leader');
    // Typed texts stay; a seeded category text reads as the category wherever it stands.
    expect(await db().selectFrom('bpm_process').select(['processName', 'category']).where('processKey', '=', 'expense').executeTakeFirstOrThrow())
      .toEqual({ processName: '请假申请（试行）', category: 'bpm.category.hr' });
    const other = await db().selectFrom('bpm_task').select('nodeName').where('processKey', '=', 'expense').where('nodeId', '=', 'finance').execute();
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((t) => t.nodeName === '人事会签')).toBe(true);

    // Done once: a name typed so afterwards keeps its text.
    await db().updateTable('bpm_process').set({ processName: '请假申请' }).where('processKey', '=', 'leave').execute();
    await relabelSeededProcesses(s.server.ctx);
    expect((await db().selectFrom('bpm_process').select('processName').where('processKey', '=', 'leave').executeTakeFirstOrThrow()).processName).toBe('请假申请');
  });
});
