import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';
import { nowText } from '../../server/http/newId';
import { ApiError } from '../../server/http/ApiError';
import { registerOutcomeHook } from '../../server/modules/bpm/binding/outcomeHooks';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const databases = await databasesUnderTest();

/**
 * Entity binding (docs/WORKFLOW.md › Binding) on the demo BpmSealApply ↔ sealApply: submit, the
 * frozen record, node-granted edits written into it, hidden fields left out, the outcome as its
 * status; then the due-time job, the handwritten signature and the message types.
 */
describe.each(databases)('records bound to a process on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['admin', 'lina', 'yanglei', 'huangqiang', 'liuyang']) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const newRecord = async (account: string, title: string, extra: Record<string, unknown> = {}) => ok(await s.post(as(account), '/set/bpm/insertBpmSealApply', {
    title, sealType: 'contract', copies: 2, useDate: '2026-12-10', amount: 5000, reason: '签订合同', ...extra,
  })).applyId as string;
  const record = (id: string) => db().selectFrom('bpm_seal_apply').selectAll().where('applyId', '=', id).executeTakeFirstOrThrow();
  const submit = (account: string, id: string) => s.post(as(account), '/set/bpm/startProcess', { bizEntity: 'BpmSealApply', bizId: id });
  const pendingTask = async (account: string, instanceId: string) => {
    const row = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId)
      .where('assignee', '=', users[account].userId).where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    return String(row.taskId);
  };
  const complete = (account: string, taskId: string, action: string, extra: Record<string, unknown> = {}) =>
    s.post(as(account), '/set/bpm/completeTask', { taskId, action, ...extra });

  it('submits a record: the request carries it, its status runs and the record is frozen', async () => {
    const id = await newRecord('lina', '投标文件用印');
    expect((await record(id)).status).toBe('draft');
    const answer = ok(await submit('lina', id));
    const instance = await db().selectFrom('bpm_instance').selectAll().where('instanceId', '=', answer.instanceId).executeTakeFirstOrThrow();
    expect(instance).toMatchObject({ processKey: 'sealApply', title: '投标文件用印', bizEntity: 'BpmSealApply', bizId: id });
    expect(JSON.parse(String(instance.formData))).toMatchObject({ sealType: 'contract', copies: 2 });
    expect((await record(id)).status).toBe('running');
    const status = ok(await s.get(as('lina'), '/get/bpm/getBizInstance', { bizEntity: 'BpmSealApply', bizId: id }));
    expect(status).toMatchObject({ instanceId: answer.instanceId, status: 'running', currentNodes: 'bpm.process.sealApply.node.leader', myTaskId: null });

    // Frozen: update, delete and a second submission are refused with a clear message.
    const version = Number((await record(id)).rowVersion);
    const update = await postEn(s, as('lina'), '/set/bpm/updateBpmSealApply', { applyId: id, title: '改标题', rowVersion: version });
    expect(update.body).toMatchObject({ code: 100, message: 'This record is in approval and cannot be changed or deleted' });
    const del = await s.post(as('lina'), '/set/bpm/deleteBpmSealApply', { applyId: id });
    expect(del.body).toMatchObject({ code: 100, message: '该记录正在审批中，不能修改或删除' });
    expect((await submit('lina', id)).body).toMatchObject({ code: 100, message: '该记录已在审批中，不能重复提交' });
    // The status cannot be typed in on a draft either: only the engine writes it.
    const draft = await newRecord('lina', '草稿', { status: 'approved' });
    expect((await record(draft)).status).toBe('draft');
    expect((await record(id)).title).toBe('投标文件用印');
  });

  it('writes node-granted edits into the record, hides hidden fields, and sets the outcome on approve', async () => {
    const id = await newRecord('lina', '年度合同用印', { amount: 12345 });
    const { instanceId } = ok(await submit('lina', id));
    ok(await complete('yanglei', await pendingTask('yanglei', instanceId), 'agree'));
    const stampTask = await pendingTask('huangqiang', instanceId);
    // The 行政部 step does not see the amount: absent from the answer, not just hidden on screen.
    const view = ok(await s.get(as('huangqiang'), '/get/bpm/getInstanceById', { instanceId }));
    expect(view.fieldPerms).toMatchObject({ amount: 'hidden', stampRemark: 'edit' });
    expect(view.record).toMatchObject({ applyId: id, title: '年度合同用印', status: 'running' });
    expect(view.record).not.toHaveProperty('amount');
    expect(view.formData).not.toHaveProperty('amount');
    // The initiator sees the whole record.
    expect(ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId })).record.amount).toBe(12345);
    // Only fields the node grants edit; checked by the entity's rules.
    expect((await complete('huangqiang', stampTask, 'agree', { formData: JSON.stringify({ copies: 9 }) })).body.code).toBe(100);
    expect((await complete('huangqiang', stampTask, 'agree', { formData: JSON.stringify({ stampRemark: 'x'.repeat(501) }) })).body.code).toBe(100);
    const before = Number((await record(id)).rowVersion);
    ok(await complete('huangqiang', stampTask, 'agree', { formData: JSON.stringify({ stampRemark: '已盖合同章 2 份' }) }));
    const after = await record(id);
    expect(after).toMatchObject({ stampRemark: '已盖合同章 2 份', status: 'approved', copies: 2 });
    expect(Number(after.rowVersion)).toBe(before + 1);
    // Approved is final: no second request.
    expect((await submit('lina', id)).body).toMatchObject({ code: 100, message: '该记录已审批通过，不能再次提交' });
    // Approved is closed: what was approved is not changed or deleted afterwards.
    expect((await s.post(as('lina'), '/set/bpm/updateBpmSealApply', { applyId: id, reason: '补充说明', rowVersion: Number(after.rowVersion) })).body)
      .toMatchObject({ code: 100, message: '该记录已审批通过，不能再修改或删除' });
    expect((await s.post(as('lina'), '/set/bpm/deleteBpmSealApply', { applyId: id })).body.code).toBe(100);
    expect((await record(id)).reason).not.toBe('补充说明');
  });

  it('sets rejected on reject; back at the initiator it is a draft again and the same call resubmits', async () => {
    const id = await newRecord('lina', '印章外借');
    const { instanceId } = ok(await submit('lina', id));
    ok(await complete('yanglei', await pendingTask('yanglei', instanceId), 'return', { opinion: '请补充事由', targetNodeId: 'start' }));
    expect((await record(id)).status).toBe('draft');
    const version = Number((await record(id)).rowVersion);
    ok(await s.post(as('lina'), '/set/bpm/updateBpmSealApply', { applyId: id, reason: '外借至分公司签约', rowVersion: version }));
    const again = ok(await submit('lina', id));
    expect(again).toEqual({ instanceId, resubmitted: true });
    expect((await record(id)).status).toBe('running');
    ok(await complete('yanglei', await pendingTask('yanglei', instanceId), 'reject', { opinion: '不同意外借' }));
    expect((await record(id)).status).toBe('rejected');
    // A rejected record may be corrected and submitted again as a new request.
    const second = ok(await submit('lina', id));
    expect(second.instanceId).not.toBe(instanceId);
    expect((await record(id)).status).toBe('running');
  });

  it('runs a module\'s outcome hook in the last step\'s transaction: it sees each outcome, and its refusal undoes the step', async () => {
    const seen: { id: string; outcome: string; status: unknown; stored: unknown; actorId: string }[] = [];
    const off = registerOutcomeHook('BpmSealApply', async ({ trx, id, record, outcome, actorId }) => {
      // Read through the step's transaction: the status the step wrote, not yet committed.
      const stored = (await trx.selectFrom('bpm_seal_apply').select('status').where('applyId', '=', id).executeTakeFirstOrThrow()).status;
      seen.push({ id, outcome, status: record.status, stored, actorId });
      if (record.title === '钩子拒绝') throw ApiError.business('error.recordNotFound');
    });
    try {
      const rejected = await newRecord('lina', '钩子驳回');
      const first = ok(await submit('lina', rejected)).instanceId as string;
      expect(seen).toEqual([]);
      ok(await complete('yanglei', await pendingTask('yanglei', first), 'reject', { opinion: '不同意' }));
      expect(seen).toEqual([{ id: rejected, outcome: 'rejected', status: 'rejected', stored: 'rejected', actorId: users.yanglei.userId }]);

      const terminated = await newRecord('lina', '钩子终止');
      const second = ok(await submit('lina', terminated)).instanceId as string;
      ok(await s.post(as('admin'), '/set/bpm/terminateInstance', { instanceId: second, reason: '重复申请' }));
      expect(seen[1]).toMatchObject({ id: terminated, outcome: 'terminated', stored: 'terminated', actorId: users.admin.userId });

      // The hook refuses the approval: the caller is told, and the request, its task and the record stay as they were.
      const refused = await newRecord('lina', '钩子拒绝');
      const third = ok(await submit('lina', refused)).instanceId as string;
      ok(await complete('yanglei', await pendingTask('yanglei', third), 'agree'));
      expect(seen).toHaveLength(2);
      const stampTask = await pendingTask('huangqiang', third);
      const audits = (await db().selectFrom('bpm_audit').select('auditId').where('instanceId', '=', third).execute()).length;
      expect((await complete('huangqiang', stampTask, 'agree')).body).toMatchObject({ code: 100, message: '记录不存在或已被删除' });
      expect(seen[2]).toMatchObject({ id: refused, outcome: 'approved', status: 'approved', stored: 'approved' });
      expect((await record(refused)).status).toBe('running');
      expect((await db().selectFrom('bpm_instance').select('status').where('instanceId', '=', third).executeTakeFirstOrThrow()).status).toBe('running');
      expect(await pendingTask('huangqiang', third)).toBe(stampTask);
      expect(await db().selectFrom('bpm_audit').select('auditId').where('instanceId', '=', third).execute()).toHaveLength(audits);
    } finally {
      off();
    }
  });

  it('refuses a submission without the update permission or outside the caller\'s data scope', async () => {
    const id = await newRecord('lina', '李娜的用印');
    // liuyang holds update, but staff reach only their own rows.
    const other = await submit('liuyang', id);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(403);
    // A bound record goes only to its own process.
    const wrong = await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'seal', bizEntity: 'BpmSealApply', bizId: id });
    expect(wrong.body).toMatchObject({ code: 100, message: '该记录只能提交到流程 sealApply' });
    // Any other business object named by bizEntity/bizId: the same permission and scope.
    const vehicle = await db().selectFrom('office_vehicle_apply').select(['applyId', 'createUser']).where('createUser', '!=', users.liuyang.userId).executeTakeFirstOrThrow();
    const plain = await s.post(as('liuyang'), '/set/bpm/startProcess', {
      processKey: 'seal', formData: JSON.stringify({ sealType: 'contract', copies: 1, reason: '事由' }), bizEntity: 'OfficeVehicleApply', bizId: vehicle.applyId,
    });
    expect(plain.status).toBe(403);
    // A bound process starts only from a record.
    const bare = await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'sealApply', formData: '{}' });
    expect(bare.body).toMatchObject({ code: 100, message: '该流程绑定了业务数据（BpmSealApply），请在对应记录上提交审批' });
    const startable = ok(await s.get(as('lina'), '/get/bpm/getProcessListForStart'));
    expect(startable.map((p: { processKey: string }) => p.processKey)).not.toContain('sealApply');
    expect((await record(id)).status).toBe('draft');
    expect(await db().selectFrom('bpm_instance').select('instanceId').where('bizId', '=', id).execute()).toHaveLength(0);
  });

  it('applies the due action of overdue tasks through the scheduled job: auto agree, then one reminder; a person who decided first wins', async () => {
    const job = await db().selectFrom('sys_scheduled_task').select('taskId').where('jobName', '=', 'bpmDueTasks').executeTakeFirstOrThrow();
    const runJob = async () => ok(await s.post(as('admin'), '/set/system/runScheduledTask', { id: job.taskId }));
    const overdue = (taskId: string) => db().updateTable('bpm_task').set({ dueTime: '2020-01-01 00:00:00' }).where('taskId', '=', taskId).execute();
    const id = await newRecord('lina', '到期自动同意');
    const { instanceId } = ok(await submit('lina', id));
    const leaderTask = await pendingTask('yanglei', instanceId);
    const task = await db().selectFrom('bpm_task').select(['dueTime', 'dueDone']).where('taskId', '=', leaderTask).executeTakeFirstOrThrow();
    // Due 48 hours after it was created (the leader node's dueHours).
    expect(String(task.dueTime) > nowText(new Date(Date.now() + 47 * 3_600_000))).toBe(true);
    expect(Number(task.dueDone)).toBe(0);
    // A request decided by a person before its task fell due is left alone.
    const other = await newRecord('lina', '人工先办');
    const otherInstance = ok(await submit('lina', other)).instanceId as string;
    const otherTask = await pendingTask('yanglei', otherInstance);
    ok(await complete('yanglei', otherTask, 'agree'));
    await overdue(otherTask);

    await overdue(leaderTask);
    expect((await runJob()).status).toBe('success');
    const decided = await db().selectFrom('bpm_task').select(['status', 'decision']).where('taskId', '=', leaderTask).executeTakeFirstOrThrow();
    expect(decided).toMatchObject({ status: 'done', decision: 'agree' });
    const audit = await db().selectFrom('bpm_audit').selectAll().where('instanceId', '=', instanceId).where('taskId', '=', leaderTask).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'agree', actorId: 'system', opinion: '超时自动同意' });
    expect(JSON.parse(String(audit.detail))).toMatchObject({ by: 'dueTime', dueAction: 'autoAgree', assignee: users.yanglei.userId });
    const history = ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId })).history;
    expect(history[1]).toMatchObject({ action: 'agree', actorId: 'system', by: 'dueTime' });
    const human = await db().selectFrom('bpm_audit').select('actorId').where('taskId', '=', otherTask).execute();
    expect(human.map((a) => a.actorId)).toEqual([users.yanglei.userId]);

    // The 行政部 step reminds once: the task stays pending, one 催办 row by the system.
    const stampTasks = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId).where('status', '=', 'pending').execute();
    for (const t of stampTasks) await overdue(String(t.taskId));
    await runJob();
    await runJob();
    const urges = await db().selectFrom('bpm_audit').selectAll().where('instanceId', '=', instanceId).where('action', '=', 'urge').execute();
    expect(urges).toHaveLength(stampTasks.length);
    expect(urges[0]).toMatchObject({ actorId: 'system' });
    expect(await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId).where('status', '=', 'pending').execute()).toHaveLength(stampTasks.length);
    // The reminder reached huangqiang through the bpmUrge message type (seeded, on the site).
    const message = await db().selectFrom(s.server.ctx.registry.entities.get('SysMessage')!.table).select(['title', 'content', 'link']).where('receiverId', '=', users.huangqiang.userId)
      .where('content', 'like', '%催办%').orderBy('createTime', 'desc').executeTakeFirstOrThrow();
    expect(String(message.link)).toContain('/bpm/handle/dowork?taskId=');
    expect(String(message.content)).toContain('黄强，【用印审批】到期自动同意 催办');
  });

  it('keeps a handwritten signature: type and size refused, the decision signed, the image read by participants only', async () => {
    const refusals: [{ name: string; content: Buffer | string }, string][] = [
      [{ name: 'sign.txt', content: 'hello' }, '签名图片只能是 PNG、JPEG 或 GIF 图片（.txt 不行）'],
      [{ name: 'renamed.png', content: '%PDF-1.4 not a picture' }, '签名图片只能是 PNG、JPEG 或 GIF 图片（.png 不行）'],
      [{ name: 'huge.png', content: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) }, '上传文件大小不能超过 1 MB'],
    ];
    for (const [file, message] of refusals) {
      expect((await s.upload(as('yanglei'), '/set/file/uploadBpmSign', file)).body, file.name).toMatchObject({ code: 100, message });
    }
    expect(ok(await s.get(as('yanglei'), '/get/bpm/getMyBpmSign'))).toEqual({ attachId: null });
    const id = await newRecord('lina', '签名审批');
    const { instanceId } = ok(await submit('lina', id));
    const task = await pendingTask('yanglei', instanceId);
    expect((await complete('yanglei', task, 'agree', { sign: 1 })).body).toMatchObject({ code: 100, message: '您还没有上传手写签名' });

    const uploaded = ok(await s.upload(as('yanglei'), '/set/file/uploadBpmSign', { name: 'sign.png', content: PNG }));
    expect(ok(await s.get(as('yanglei'), '/get/bpm/getMyBpmSign'))).toEqual({ attachId: uploaded.attachId });
    // Kept on a disabled 签批设置 row: no password check starts because of it.
    const config = await db().selectFrom('sys_signature_config').select(['signImage', 'enabled']).where('userId', '=', users.yanglei.userId).executeTakeFirstOrThrow();
    expect(config).toMatchObject({ signImage: uploaded.attachId, enabled: 0 });
    ok(await complete('yanglei', task, 'agree', { sign: 1 }));
    const line = ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId })).history.find((h: { action: string }) => h.action === 'agree');
    expect(line.signAttachId).toBe(uploaded.attachId);
    const image = await fetch(`${s.baseUrl}/capi/get/bpm/getBpmSignImage?auditId=${line.auditId}`, { headers: { Authorization: `Bearer ${as('lina')}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await fetch(`${s.baseUrl}/capi/get/bpm/getBpmSignImage?auditId=${line.auditId}`, { headers: { Authorization: `Bearer ${as('liuyang')}` } });
    expect(stranger.status).toBe(403);
  });
});
