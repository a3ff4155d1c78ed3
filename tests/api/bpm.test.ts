import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('the workflow engine calls on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['admin', 'lina', 'yanglei', 'zhangwei', 'zhaomin', 'chenjing', 'liuyang', 'wuting', 'zhoujie', 'huangqiang']) {
      tokens[account] = await s.login(account);
    }
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  // The demo processes' forms are typed and checked (tests/api/bpmForms.test.ts): a complete form
  // under the values each engine case is about.
  const completeForms: Record<string, Record<string, unknown>> = {
    leave: { leaveType: 'annual', days: 1, startDate: '2026-12-01', endDate: '2026-12-01', reason: '事由' },
    expense: { expenseType: 'travel', amount: 100, reason: '事由' },
    seal: { sealType: 'contract', copies: 1, reason: '事由' },
  };
  const start = async (account: string, processKey: string, formData: Record<string, unknown>, title?: string) =>
    ok(await s.post(as(account), '/set/bpm/startProcess', {
      processKey, formData: JSON.stringify({ ...completeForms[processKey], ...formData }), ...(title ? { title } : {}),
    })).instanceId as string;
  const pendingTask = async (account: string, instanceId: string) => {
    const row = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId)
      .where('assignee', '=', users[account].userId).where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    return String(row.taskId);
  };
  const complete = (account: string, taskId: string, action: string, extra: Record<string, unknown> = {}) =>
    s.post(as(account), '/set/bpm/completeTask', { taskId, action, ...extra });
  const instance = (instanceId: string) => db().selectFrom('bpm_instance').selectAll().where('instanceId', '=', instanceId).executeTakeFirstOrThrow();

  it('seeds the demo processes and requests, so the lists are not empty', async () => {
    const processes = ok(await s.get(as('lina'), '/get/bpm/getProcessListForStart'));
    expect(processes.map((p: { processKey: string }) => p.processKey).sort()).toEqual(['expense', 'leave', 'seal']);
    const todo = ok(await s.get(as('zhangwei'), '/get/bpm/getMyTodoList'));
    expect(todo.list.map((r: { title: string }) => r.title)).toContain('李娜的年假申请（5天）');
    // The demo's names are language-pack keys (locales/parts/bpm-names.*.json), read by each screen in its language.
    expect(todo.list[0]).toMatchObject({ processKey: 'leave', processName: 'bpm.process.leave.name', nodeName: 'bpm.process.leave.node.hr', startUserName: '李娜', status: 'running' });
    expect(todo.list[0].taskId).toBeTruthy();
    const started = ok(await s.get(as('lina'), '/get/bpm/getMyStartedList', { keyword: '报销' }));
    expect(started.list).toHaveLength(1);
    expect(started.list[0]).toMatchObject({ status: 'rejected', processName: 'bpm.process.expense.name' });
    const cc = ok(await s.get(as('yanglei'), '/get/bpm/getMyCcList'));
    expect(cc.total).toBe(2);
    const done = ok(await s.get(as('yanglei'), '/get/bpm/getMyDoneList', { pageSize: 1 }));
    // Three seeded requests and the approved 用印申请 record (server/modules/bpm/binding/bindingDemoData.ts).
    expect(done.total).toBe(4);
    expect(done.list).toHaveLength(1);
  });

  it('runs 请假申请 for 5 days: leader, then every HR holder countersigns; CC to the leader', async () => {
    const id = await start('lina', 'leave', { leaveType: '年假', days: 5, reason: '旅行' }, '五天年假');
    const cc = await db().selectFrom('bpm_task').selectAll().where('instanceId', '=', id).where('kind', '=', 'cc').execute();
    expect(cc.map((t) => t.assignee)).toEqual([users.yanglei.userId]);
    ok(await complete('yanglei', await pendingTask('yanglei', id), 'agree', { opinion: '同意' }));
    const hr = await db().selectFrom('bpm_task').select('assignee').where('instanceId', '=', id).where('status', '=', 'pending').where('kind', '=', 'todo').execute();
    expect(hr.map((t) => t.assignee).sort()).toEqual([users.zhangwei.userId, users.zhaomin.userId].sort());
    ok(await complete('zhangwei', await pendingTask('zhangwei', id), 'agree'));
    expect((await instance(id)).status).toBe('running');
    ok(await complete('zhaomin', await pendingTask('zhaomin', id), 'agree'));
    expect((await instance(id))).toMatchObject({ status: 'approved' });
    const view = ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: id }));
    expect(view.instance.status).toBe('approved');
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(['start', 'agree', 'agree', 'agree']);
    expect(view.history[1]).toMatchObject({ actorName: '杨磊', opinion: '同意', nodeName: 'bpm.process.leave.node.leader' });
    // The applicant is told the outcome, with a link to the read screen.
    const message = await db().selectFrom('sys_message').select(['title', 'link']).where('receiverId', '=', users.lina.userId)
      .where('title', 'like', '%五天年假%已通过%').executeTakeFirst();
    expect(message?.link).toBe(`/bpm/handle/read?instanceId=${id}`);
  });

  it('sends the next assignees a message linking to their task', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '证明' }, '盖章');
    const taskId = await pendingTask('yanglei', id);
    const message = await db().selectFrom('sys_message').select(['link', 'msgType']).where('receiverId', '=', users.yanglei.userId)
      .where('link', '=', `/bpm/handle/dowork?taskId=${taskId}`).executeTakeFirst();
    expect(message?.msgType).toBe('flow');
  });

  it('follows 费用报销 by amount, and finance may change only the amount', async () => {
    const small = await start('zhoujie', 'expense', { amount: 800, reason: '打车' });
    ok(await complete('liuyang', await pendingTask('liuyang', small), 'agree'));
    const financeTask = await pendingTask('chenjing', small);
    const refused = await complete('chenjing', financeTask, 'agree', { formData: JSON.stringify({ reason: '改理由' }) });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toContain('reason');
    ok(await complete('chenjing', financeTask, 'agree', { formData: JSON.stringify({ amount: 6000 }) }));
    // The corrected amount decided the branch: over 5000 goes to the general manager.
    expect((await instance(small)).status).toBe('running');
    expect(JSON.parse(String((await instance(small)).formData)).amount).toBe(6000);
    ok(await complete('wuting', await pendingTask('wuting', small), 'agree'));
    expect((await instance(small)).status).toBe('approved');
  });

  it('refuses acting on another person’s task, and a decision on a task already decided', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '证明' });
    const taskId = await pendingTask('yanglei', id);
    const foreign = await complete('chenjing', taskId, 'agree');
    expect(foreign.body.code).toBe(100);
    expect(foreign.body.data.reason).toBe('notAssignee');
    ok(await complete('yanglei', taskId, 'agree'));
    const again = await postEn(s, as('yanglei'), '/set/bpm/completeTask', { taskId, action: 'agree' });
    expect(again.body).toMatchObject({ code: 100, data: { reason: 'taskNotPending' } });
    expect(again.body.message).toMatch(/already handled/);
  });

  it('lets only participants and administrators read an instance', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '证明' });
    expect((await s.get(as('chenjing'), '/get/bpm/getInstanceById', { instanceId: id })).status).toBe(403);
    ok(await s.get(as('yanglei'), '/get/bpm/getInstanceById', { instanceId: id }));
    ok(await s.get(as('admin'), '/get/bpm/getInstanceById', { instanceId: id }));
    expect((await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: 'nope' })).status).toBe(404);
  });

  it('two concurrent completions of the same task: exactly one wins', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '并发' });
    const taskId = await pendingTask('yanglei', id);
    const answers = await Promise.all([complete('yanglei', taskId, 'agree'), complete('yanglei', taskId, 'agree'), complete('yanglei', taskId, 'reject', { opinion: '不同意' })]);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 100)).toHaveLength(2);
    const audit = await db().selectFrom('bpm_audit').select('action').where('instanceId', '=', id).execute();
    expect(audit).toHaveLength(2);
    const stamp = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', id).where('nodeId', '=', 'stamp').execute();
    expect(stamp.length).toBeLessThanOrEqual(1);
  });

  it('returns to the initiator into the drafts; resubmission starts again', async () => {
    const id = await start('lina', 'leave', { days: 2, reason: '事假' }, '退回测试');
    const needsOpinion = await complete('yanglei', await pendingTask('yanglei', id), 'return', { targetNodeId: 'start' });
    expect(needsOpinion.body.data.reason).toBe('opinionRequired');
    ok(await complete('yanglei', await pendingTask('yanglei', id), 'return', { targetNodeId: 'start', opinion: '请补充理由' }));
    const drafts = ok(await s.get(as('lina'), '/get/bpm/getMyDraftList'));
    const draft = drafts.list.find((r: { instanceId: string }) => r.instanceId === id);
    expect(draft).toBeTruthy();
    expect(ok(await s.get(as('lina'), '/get/bpm/getTodoCount')).draft).toBeGreaterThanOrEqual(1);
    ok(await complete('lina', draft.taskId, 'agree'));
    await pendingTask('yanglei', id);
  });

  it('retracts before the next step is opened, and refuses once it was', async () => {
    const first = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '撤回' });
    ok(await s.post(as('lina'), '/set/bpm/retractInstance', { instanceId: first }));
    expect((await instance(first)).currentNodes).toBe('bpm.process.seal.node.start');
    const second = await start('lina', 'seal', { sealType: '公章', copies: 1, reason: '撤回' });
    ok(await s.get(as('yanglei'), '/get/bpm/getInstanceById', { instanceId: second }));
    const refused = await s.post(as('lina'), '/set/bpm/retractInstance', { instanceId: second });
    expect(refused.body.data.reason).toBe('retractRefused');
  });

  it('transfer, delegate (on behalf) and add-signer through the call', async () => {
    const id = await start('lina', 'leave', { days: 1 });
    const refused = await complete('yanglei', await pendingTask('yanglei', id), 'transfer', { 'userIds[]': ['nobody'] });
    expect(refused.body.code).toBe(100);
    ok(await complete('yanglei', await pendingTask('yanglei', id), 'delegate', { userIds: [users.liuyang.userId] }));
    ok(await complete('liuyang', await pendingTask('liuyang', id), 'addSign', { userIds: [users.zhoujie.userId], position: 'before' }));
    ok(await complete('zhoujie', await pendingTask('zhoujie', id), 'agree'));
    ok(await complete('liuyang', await pendingTask('liuyang', id), 'agree', { opinion: '代为同意' }));
    expect((await instance(id)).status).toBe('approved');
    const onBehalf = await db().selectFrom('bpm_audit').selectAll().where('instanceId', '=', id).where('actorId', '=', users.liuyang.userId).where('action', '=', 'agree').executeTakeFirstOrThrow();
    expect(onBehalf.onBehalfOf).toBe(users.yanglei.userId);
  });

  it('a delegation rule in force gives new tasks to the delegate', async () => {
    ok(await s.post(as('yanglei'), '/set/bpm/insertBpmDelegation', { delegateId: users.liuyang.userId, startTime: '2020-01-01 00:00', endTime: '2099-01-01 00:00', enabled: 1 }));
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1 });
    const task = await db().selectFrom('bpm_task').selectAll().where('instanceId', '=', id).where('kind', '=', 'todo').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(task).toMatchObject({ assignee: users.liuyang.userId, owner: users.yanglei.userId });
    await db().updateTable('bpm_delegation').set({ enabled: 0 }).execute();
  });

  it('urges the waiting people once per interval, and only the initiator may', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1 });
    expect((await s.post(as('chenjing'), '/set/bpm/urgeInstance', { instanceId: id })).status).toBe(403);
    expect(ok(await s.post(as('lina'), '/set/bpm/urgeInstance', { instanceId: id })).urged).toBe(1);
    expect((await s.post(as('lina'), '/set/bpm/urgeInstance', { instanceId: id })).body.code).toBe(100);
  });

  it('terminates for administrators only; CC tasks survive; markCcRead for the receiver only', async () => {
    const id = await start('lina', 'leave', { days: 9 });
    expect((await s.post(as('lina'), '/set/bpm/terminateInstance', { instanceId: id, reason: '不需要了' })).status).toBe(403);
    expect((await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id })).body.code).toBe(100);
    ok(await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id, reason: '重复申请' }));
    expect((await instance(id)).status).toBe('terminated');
    const cc = await db().selectFrom('bpm_task').selectAll().where('instanceId', '=', id).where('kind', '=', 'cc').executeTakeFirstOrThrow();
    expect(cc.status).toBe('pending');
    expect((await s.post(as('lina'), '/set/bpm/markCcRead', { taskId: cc.taskId })).body.data.reason).toBe('notAssignee');
    ok(await s.post(as('yanglei'), '/set/bpm/markCcRead', { taskId: cc.taskId }));
    const cancelled = await db().selectFrom('bpm_task').selectAll().where('instanceId', '=', id).where('kind', '=', 'todo').where('nodeId', '=', 'leader').executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'terminated' });
  });

  it('keeps an audit row per action with its actor, and never deletes tasks', async () => {
    const id = await start('zhoujie', 'expense', { amount: 100 });
    ok(await complete('liuyang', await pendingTask('liuyang', id), 'agree'));
    ok(await complete('chenjing', await pendingTask('chenjing', id), 'return', {}));
    ok(await complete('liuyang', await pendingTask('liuyang', id), 'reject', { opinion: '不合规' }));
    const audit = await db().selectFrom('bpm_audit').selectAll().where('instanceId', '=', id).orderBy('seq').execute();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['start', users.zhoujie.userId], ['agree', users.liuyang.userId], ['return', users.chenjing.userId], ['reject', users.liuyang.userId],
    ]);
    expect(audit.map((a) => Number(a.seq))).toEqual([1, 2, 3, 4]);
    const tasks = await db().selectFrom('bpm_task').selectAll().where('instanceId', '=', id).execute();
    // start, leader, finance, leader again: none deleted, each with its end.
    expect(tasks.filter((t) => t.kind === 'todo').map((t) => `${t.nodeId}:${t.status}:${t.decision ?? t.cancelReason}`).sort())
      .toEqual(['finance:done:return', 'leader:done:agree', 'leader:done:reject', 'start:done:agree']);
  });

  it('refuses malformed input with a clear message, never a 500', async () => {
    expect((await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'leave', formData: '[1]' })).body.code).toBe(100);
    expect((await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'nope', formData: '{}' })).body.code).toBe(100);
    expect((await s.post(as('lina'), '/set/bpm/startProcess', { formData: '{}' })).body.code).toBe(100);
    expect((await s.post(as('lina'), '/set/bpm/completeTask', { taskId: 'x', action: 'fly' })).body.code).toBe(100);
    expect((await s.post(as('lina'), '/set/bpm/completeTask', { taskId: 'x', action: 'agree' })).status).toBe(404);
    expect((await s.get(undefined, '/get/bpm/getMyTodoList')).status).toBe(401);
  });

  it('publishes a definition as a new version; running instances keep theirs; an invalid one is refused', async () => {
    const id = await start('lina', 'seal', { sealType: '公章', copies: 1 });
    const process = await db().selectFrom('bpm_process').selectAll().where('processKey', '=', 'seal').executeTakeFirstOrThrow();
    const def = JSON.parse(String(process.definition));
    def.nodes = def.nodes.filter((n: { id: string }) => n.id !== 'stamp');
    def.edges = [{ from: 'start', to: 'leader' }, { from: 'leader', to: 'end' }];
    const saved = ok(await s.post(as('admin'), '/set/bpm/updateBpmProcess', { id: process.processId, definition: JSON.stringify(def) }));
    ok(await s.post(as('admin'), '/set/bpm/publishBpmProcess', { id: process.processId, rowVersion: saved.rowVersion }));
    expect((await db().selectFrom('bpm_process').select('currentVersion').where('processKey', '=', 'seal').executeTakeFirstOrThrow()).currentVersion).toBe(2);
    ok(await complete('yanglei', await pendingTask('yanglei', id), 'agree'));
    expect((await instance(id)).currentNodes).toBe('bpm.process.seal.node.stamp');
    const broken = { ...def, edges: [{ from: 'start', to: 'leader' }] };
    const current = await db().selectFrom('bpm_process').select('rowVersion').where('processKey', '=', 'seal').executeTakeFirstOrThrow();
    const updated = ok(await s.post(as('admin'), '/set/bpm/updateBpmProcess', { id: process.processId, rowVersion: current.rowVersion, definition: JSON.stringify(broken) }));
    const refused = await s.post(as('admin'), '/set/bpm/publishBpmProcess', { id: process.processId, rowVersion: updated.rowVersion });
    expect(refused.body.code).toBe(100);
    expect(refused.body.data.issues.map((i: { code: string }) => i.code)).toContain('outgoingCount');
    expect((await s.post(as('lina'), '/set/bpm/publishBpmProcess', { id: process.processId })).status).toBe(403);
    // Definitions are disabled, never deleted: running requests and the versions refer to them.
    expect((await s.post(as('admin'), '/set/bpm/deleteBpmProcess', { id: process.processId })).status).toBe(404);
  });
});
