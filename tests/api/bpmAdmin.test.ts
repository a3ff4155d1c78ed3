import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Process administration (docs/WORKFLOW.md › Administration): the operation log of terminate,
 * publish and disable; 流程监控 (getInstanceList) for the holders of bpm:BpmProcess:update only;
 * what a disabled process refuses; the version list and the start form of the current version.
 */
describe.each(databases)('workflow administration on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['admin', 'lina', 'yanglei', 'chenjing']) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const startSeal = async (title: string) => ok(await s.post(as('lina'), '/set/bpm/startProcess', {
    processKey: 'seal', title, formData: JSON.stringify({ sealType: 'contract', copies: 1, reason: '事由' }),
  })).instanceId as string;
  const logRows = (recordId: string) => db().selectFrom('sys_operation_log').selectAll().where('recordId', '=', recordId).orderBy('createTime').execute();

  /** A process of its own (start → one approval by 杨磊 → end), so disabling it touches no other test's. */
  const probeDefinition = (fields: { key: string; type: string; label: string }[]) => JSON.stringify({
    formatVersion: 1, key: 'adminProbe', name: '管理测试', formFields: [], fields,
    nodes: [
      { id: 'start', kind: 'start', name: '发起' },
      { id: 'check', kind: 'approve', name: '审核', assignees: [{ kind: 'users', users: [users.yanglei.userId] }] },
      { id: 'end', kind: 'end', name: '结束' },
    ],
    edges: [{ from: 'start', to: 'check' }, { from: 'check', to: 'end' }],
  });

  it('logs an administrator’s 终止 in the operation log with the request and the reason; refusals log nothing', async () => {
    const id = await startSeal('终止留痕');
    expect((await s.post(as('lina'), '/set/bpm/terminateInstance', { instanceId: id, reason: '不要了' })).status).toBe(403);
    expect((await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id })).body.code).toBe(100);
    expect(await logRows(id)).toEqual([]);
    ok(await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id, reason: '重复申请' }));
    const rows = await logRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'BpmInstance', module: 'bpm', action: 'transition', recordId: id, detail: 'terminateInstance',
      userId: users.admin.userId, accountId: 'admin',
    });
    expect(JSON.parse(String(rows[0].summary))).toEqual({ status: ['running', 'terminated'], reason: [null, '重复申请'] });
    // The reason is the request's history too.
    const audit = await db().selectFrom('bpm_audit').select(['action', 'opinion']).where('instanceId', '=', id).where('action', '=', 'terminate').execute();
    expect(audit).toEqual([{ action: 'terminate', opinion: '重复申请' }]);
    // Terminating again is refused by the engine and leaves no second line.
    const again = await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id, reason: '再来' });
    expect(again.body.code).toBe(100);
    expect(await logRows(id)).toHaveLength(1);
  });

  it('publishes and disables a definition through its flow, logged; a disabled process cannot be started and leaves the start list', async () => {
    const inserted = ok(await s.post(as('admin'), '/set/bpm/insertBpmProcess', {
      processKey: 'adminProbe', processName: '管理测试', category: '测试', definition: probeDefinition([{ key: 'note', type: 'string', label: '说明' }]),
    }));
    const processId = String(inserted.processId);
    const published = ok(await s.post(as('admin'), '/set/bpm/publishBpmProcess', { id: processId, rowVersion: inserted.rowVersion }));
    expect(published).toMatchObject({ status: 'published', currentVersion: 1 });
    const startable = ok(await s.get(as('lina'), '/get/bpm/getProcessListForStart'));
    expect(startable.map((p: { processKey: string }) => p.processKey)).toContain('adminProbe');

    // A second version adds a field: the start form is the current version's.
    const updated = ok(await s.post(as('admin'), '/set/bpm/updateBpmProcess', {
      id: processId, rowVersion: published.rowVersion,
      definition: probeDefinition([{ key: 'note', type: 'string', label: '说明' }, { key: 'amount', type: 'number', label: '金额' }]),
    }));
    const second = ok(await s.post(as('admin'), '/set/bpm/publishBpmProcess', { id: processId, rowVersion: updated.rowVersion }));
    expect(second.currentVersion).toBe(2);
    const form = ok(await s.get(as('lina'), '/get/bpm/getStartForm', { processKey: 'adminProbe' }));
    expect(form).toMatchObject({ key: 'adminProbe', version: 2 });
    expect(form.fields.map((f: { key: string }) => f.key)).toEqual(['note', 'amount']);
    const versions = ok(await s.get(as('admin'), '/get/bpm/getBpmProcessVersionList', {
      prop: 'version', order: 'descending', filterObj: JSON.stringify({ processKey: { value: 'adminProbe', operator: 'eq' } }),
    }));
    expect(versions.total).toBe(2);
    expect(versions.list.map((v: { version: number; processKey: string }) => [v.processKey, v.version])).toEqual([['adminProbe', 2], ['adminProbe', 1]]);
    expect(JSON.parse(versions.list[1].definition).fields.map((f: { key: string }) => f.key)).toEqual(['note']);
    // Staff read the versions only through the start form.
    expect((await s.get(as('lina'), '/get/bpm/getBpmProcessVersionList')).status).toBe(403);

    const running = ok(await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'adminProbe', formData: JSON.stringify({ note: '停用前', amount: 5 }) })).instanceId as string;
    ok(await s.post(as('admin'), '/set/bpm/disableBpmProcess', { id: processId, rowVersion: second.rowVersion }));
    expect((await db().selectFrom('bpm_process').select('status').where('processId', '=', processId).executeTakeFirstOrThrow()).status).toBe('disabled');

    const afterDisable = ok(await s.get(as('lina'), '/get/bpm/getProcessListForStart'));
    expect(afterDisable.map((p: { processKey: string }) => p.processKey)).not.toContain('adminProbe');
    const refused = await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'adminProbe', formData: JSON.stringify({ note: '停用后' }) });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toContain('adminProbe');
    expect((await s.get(as('lina'), '/get/bpm/getStartForm', { processKey: 'adminProbe' })).body.code).toBe(100);
    expect(await db().selectFrom('bpm_instance').select('instanceId').where('processKey', '=', 'adminProbe').execute()).toHaveLength(1);
    // The request started before goes on to its end.
    const task = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', running).where('kind', '=', 'todo').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(ok(await s.post(as('yanglei'), '/set/bpm/completeTask', { taskId: task.taskId, action: 'agree' })).status).toBe('approved');

    // Every transition of the definition is an operation-log line on the process.
    const transitions = (await logRows(processId)).filter((r) => r.action === 'transition');
    expect(transitions.map((r) => [r.entity, r.detail, r.userId])).toEqual([
      ['BpmProcess', 'publish', users.admin.userId], ['BpmProcess', 'publish', users.admin.userId], ['BpmProcess', 'disable', users.admin.userId],
    ]);
    expect(JSON.parse(String(transitions[2].summary)).status).toEqual(['published', 'disabled']);
  });

  it('lists every request for process administrators only (流程监控), with filters and paging', async () => {
    const mine = await startSeal('监控列表专用标题');
    expect((await s.get(as('lina'), '/get/bpm/getInstanceList')).status).toBe(403);
    expect((await s.get(as('yanglei'), '/get/bpm/getInstanceList', { status: 'running' })).status).toBe(403);
    expect((await s.get(undefined, '/get/bpm/getInstanceList')).status).toBe(401);

    const count = async (where: (q: any) => any = (q) => q) => Number((await where(db().selectFrom('bpm_instance'))
      .select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const all = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { pageSize: 500 }));
    expect(all.total).toBe(await count());
    expect(all.total).toBeGreaterThan(5);
    const times = all.list.map((r: { createTime: string }) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.list.find((r: { instanceId: string }) => r.instanceId === mine)).toMatchObject({
      processKey: 'seal', title: '监控列表专用标题', startUserId: users.lina.userId, startUserName: '李娜', status: 'running', endTime: null,
    });

    const page2 = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { page: 2, pageSize: 2 }));
    expect(page2.list).toHaveLength(2);
    expect(page2.total).toBe(all.total);

    const keyword = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { keyword: '监控列表专用' }));
    expect(keyword.list.map((r: { instanceId: string }) => r.instanceId)).toEqual([mine]);

    const seal = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { processKey: 'seal', pageSize: 500 }));
    expect(seal.total).toBe(await count((q) => q.where('processKey', '=', 'seal')));
    expect(seal.list.every((r: { processKey: string }) => r.processKey === 'seal')).toBe(true);

    const byLina = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { startUserId: users.lina.userId, status: 'running', pageSize: 500 }));
    expect(byLina.total).toBe(await count((q) => q.where('startUserId', '=', users.lina.userId).where('status', '=', 'running')));
    expect(byLina.list.every((r: { startUserId: string; status: string }) => r.startUserId === users.lina.userId && r.status === 'running')).toBe(true);
    expect(byLina.list.map((r: { instanceId: string }) => r.instanceId)).toContain(mine);

    ok(await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: mine, reason: '监控终止' }));
    const terminated = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { status: 'terminated', pageSize: 500 }));
    expect(terminated.list.every((r: { status: string }) => r.status === 'terminated')).toBe(true);
    expect(terminated.list.find((r: { instanceId: string }) => r.instanceId === mine)?.endTime).toBeTruthy();

    // The date range is on the day the request started, both ends included.
    const day = String(all.list.find((r: { instanceId: string }) => r.instanceId === mine).createTime).slice(0, 10);
    const thatDay = ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { dateFrom: day, dateTo: day, pageSize: 500 }));
    expect(thatDay.list.map((r: { instanceId: string }) => r.instanceId)).toContain(mine);
    expect(thatDay.total).toBe(await count((q) => q.where('createTime', '>=', `${day} 00:00:00`).where('createTime', '<=', `${day} 23:59:59`)));
    expect(ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { dateTo: '2000-01-01' })).total).toBe(0);
    expect(ok(await s.get(as('admin'), '/get/bpm/getInstanceList', { dateFrom: '2999-01-01' })).total).toBe(0);

    for (const bad of [{ status: 'lost' }, { dateFrom: '2026-13-40' }, { dateTo: 'yesterday' }]) {
      const refused = await s.get(as('admin'), '/get/bpm/getInstanceList', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(200);
      expect(refused.body.code, JSON.stringify(bad)).toBe(100);
    }
  });

  it('tells the task screen who may terminate (administrators, running requests) and urge', async () => {
    const id = await startSeal('能否终止');
    const asAdmin = ok(await s.get(as('admin'), '/get/bpm/getInstanceById', { instanceId: id }));
    expect(asAdmin).toMatchObject({ canTerminate: true, canUrge: true });
    const asInitiator = ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: id }));
    expect(asInitiator).toMatchObject({ canTerminate: false, canUrge: true });
    const asApprover = ok(await s.get(as('yanglei'), '/get/bpm/getInstanceById', { instanceId: id }));
    expect(asApprover).toMatchObject({ canTerminate: false, canUrge: false });
    ok(await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: id, reason: '测试' }));
    expect(ok(await s.get(as('admin'), '/get/bpm/getInstanceById', { instanceId: id }))).toMatchObject({ canTerminate: false, canUrge: false });
  });
});
