import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** Process forms, drafts and batch agree (流程中心) on both databases; the engine itself is tests/api/bpm.test.ts. */
describe.each(databases)('process forms, drafts and batch agree on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['lina', 'yanglei', 'chenjing', 'zhaomin']) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const leave = { leaveType: 'annual', days: '2', startDate: '2026-12-01', endDate: '2026-12-02', reason: '探亲' };
  const pendingTask = async (account: string, instanceId: string) => String((await db().selectFrom('bpm_task').select('taskId')
    .where('instanceId', '=', instanceId).where('assignee', '=', users[account].userId).where('status', '=', 'pending')
    .where('kind', '=', 'todo').executeTakeFirstOrThrow()).taskId);

  it('checks the start form by the typed fields: coerced values stored, missing and bad ones refused by label', async () => {
    const { instanceId } = ok(await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'leave', formData: JSON.stringify({ ...leave, extra: 'x' }) }));
    const row = await db().selectFrom('bpm_instance').select('formData').where('instanceId', '=', instanceId).executeTakeFirstOrThrow();
    // "2" became the number 2; a key that is no field of the form is not kept.
    expect(JSON.parse(String(row.formData))).toEqual({ ...leave, days: 2 });

    const missing = await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'leave', formData: JSON.stringify({ ...leave, reason: '' }) });
    expect(missing.body.code).toBe(100);
    expect(missing.body.message).toContain('事由');
    expect(missing.body.data.errors[0].field).toBe('reason');
    const english = await postEn(s, as('lina'), '/set/bpm/startProcess', { processKey: 'leave', formData: JSON.stringify({ ...leave, days: 'many' }) });
    expect(english.body.code).toBe(100);
    expect(english.body.message).toContain('Days');
    const tooMany = await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'seal', formData: JSON.stringify({ sealType: 'contract', copies: 500, reason: 'x' }) });
    expect(tooMany.body.code).toBe(100);
    expect(tooMany.body.message).toContain('用印份数');
  });

  it('lets a task change only the fields its node grants edit, checked the same way', async () => {
    const { instanceId } = ok(await s.post(as('lina'), '/set/bpm/startProcess', {
      processKey: 'expense', formData: JSON.stringify({ expenseType: 'office', amount: 300, reason: '键盘' }),
    }));
    ok(await s.post(as('yanglei'), '/set/bpm/completeTask', { taskId: await pendingTask('yanglei', instanceId), action: 'agree' }));
    const finance = await pendingTask('chenjing', instanceId);
    const notEditable = await s.post(as('chenjing'), '/set/bpm/completeTask', { taskId: finance, action: 'agree', formData: JSON.stringify({ reason: '改' }) });
    expect(notEditable.body).toMatchObject({ code: 100, data: { errors: [{ field: 'reason' }] } });
    const bad = await s.post(as('chenjing'), '/set/bpm/completeTask', { taskId: finance, action: 'agree', formData: JSON.stringify({ amount: 'abc' }) });
    expect(bad.body.code).toBe(100);
    expect(bad.body.message).toContain('报销金额');
    const emptied = await s.post(as('chenjing'), '/set/bpm/completeTask', { taskId: finance, action: 'agree', formData: JSON.stringify({ amount: '' }) });
    expect(emptied.body.code).toBe(100);
    ok(await s.post(as('chenjing'), '/set/bpm/completeTask', { taskId: finance, action: 'agree', formData: JSON.stringify({ amount: '280.5' }) }));
    const row = await db().selectFrom('bpm_instance').select(['formData', 'status']).where('instanceId', '=', instanceId).executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');
    expect(JSON.parse(String(row.formData)).amount).toBe(280.5);
  });

  it('saves, lists, resumes, starts from and deletes drafts; others cannot reach them', async () => {
    const before = ok(await s.get(as('lina'), '/get/bpm/getTodoCount')).draft as number;
    const { draftId } = ok(await s.post(as('lina'), '/set/bpm/saveDraft', { processKey: 'leave', title: '草稿请假', formData: JSON.stringify({ days: 3 }) }));
    ok(await s.post(as('lina'), '/set/bpm/saveDraft', { draftId, processKey: 'leave', title: '草稿请假', formData: JSON.stringify({ ...leave, days: 3 }) }));
    expect(ok(await s.get(as('lina'), '/get/bpm/getTodoCount')).draft).toBe(before + 1);
    const list = ok(await s.get(as('lina'), '/get/bpm/getMyDraftList', { keyword: '草稿请假' }));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ draftId, processKey: 'leave', title: '草稿请假', status: 'draft' });
    expect(ok(await s.get(as('lina'), '/get/bpm/getDraftById', { draftId })).formData).toMatchObject({ days: 3 });
    expect((await s.get(as('yanglei'), '/get/bpm/getDraftById', { draftId })).body.code).toBe(404);
    expect((await s.post(as('yanglei'), '/set/bpm/deleteDraft', { draftId })).body.code).toBe(404);

    // An incomplete draft is refused when submitted, and stays.
    const { draftId: partial } = ok(await s.post(as('lina'), '/set/bpm/saveDraft', { processKey: 'seal', formData: JSON.stringify({ copies: 1 }) }));
    expect((await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'seal', draftId: partial })).body.code).toBe(100);
    ok(await s.post(as('lina'), '/set/bpm/deleteDraft', { draftId: partial }));
    expect((await s.get(as('lina'), '/get/bpm/getDraftById', { draftId: partial })).body.code).toBe(404);

    const { instanceId } = ok(await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'leave', title: '草稿请假', draftId }));
    expect((await db().selectFrom('bpm_instance').select('formData').where('instanceId', '=', instanceId).executeTakeFirstOrThrow()).formData).toContain('"days":3');
    expect(await db().selectFrom('bpm_draft').select('draftId').where('draftId', '=', draftId).executeTakeFirst()).toBeUndefined();
    expect(ok(await s.get(as('lina'), '/get/bpm/getMyDraftList', { keyword: '草稿请假' })).total).toBe(0);
  });

  it('agrees in a batch only what may be agreed without opinion or form input; each task is checked again', async () => {
    const started = async (processKey: string, formData: Record<string, unknown>) =>
      (ok(await s.post(as('lina'), '/set/bpm/startProcess', { processKey, title: `批量-${processKey}`, formData: JSON.stringify(formData) }))).instanceId as string;
    const seal = await started('seal', { sealType: 'contract', copies: 1, reason: '甲' });
    const longLeave = await started('leave', { ...leave, days: 5 });
    const expense = await started('expense', { expenseType: 'travel', amount: 900, reason: '乙' });
    const taskA = await pendingTask('yanglei', seal);
    const taskB = await pendingTask('yanglei', longLeave);
    ok(await s.post(as('yanglei'), '/set/bpm/completeTask', { taskId: await pendingTask('yanglei', expense), action: 'agree' }));
    // Finance must be able to correct the required amount: its rows are not offered for a batch.
    const financeTodo = ok(await s.get(as('chenjing'), '/get/bpm/getMyTodoList', { keyword: '批量' }));
    expect(financeTodo.list.map((r: { batchAgree: boolean }) => r.batchAgree)).toEqual([false]);
    const leaderTodo = ok(await s.get(as('yanglei'), '/get/bpm/getMyTodoList', { keyword: '批量' }));
    expect(leaderTodo.list.map((r: { batchAgree: boolean }) => r.batchAgree)).toEqual([true, true]);

    // An unknown task is refused and the batch goes on.
    const answer = ok(await s.post(as('yanglei'), '/set/bpm/batchAgree', { taskIds: [taskA, taskB, 'nope'].join(',') }));
    expect(answer.agreed.sort()).toEqual([taskA, taskB].sort());
    expect(answer.refused).toEqual([expect.objectContaining({ taskId: 'nope', message: '待办不存在' })]);
    // The server checks each again: a decided task, another's task, a node that is not batchable.
    expect(ok(await s.post(as('yanglei'), '/set/bpm/batchAgree', { taskIds: taskA })).refused[0]).toMatchObject({ taskId: taskA, reason: 'taskNotPending' });
    const financeTask = await pendingTask('chenjing', expense);
    expect(ok(await s.post(as('lina'), '/set/bpm/batchAgree', { taskIds: financeTask })).refused[0]).toMatchObject({ reason: 'notBatchable' });
    expect(ok(await s.post(as('chenjing'), '/set/bpm/batchAgree', { taskIds: financeTask })).refused[0]).toMatchObject({ reason: 'notBatchable' });
    expect((await db().selectFrom('bpm_task').select('status').where('taskId', '=', financeTask).executeTakeFirstOrThrow()).status).toBe('pending');
    const hrTask = await pendingTask('zhaomin', longLeave);
    expect(ok(await s.post(as('lina'), '/set/bpm/batchAgree', { taskIds: hrTask })).refused[0]).toMatchObject({ reason: 'notAssignee' });
    expect((await s.post(as('yanglei'), '/set/bpm/batchAgree', { taskIds: '' })).body.code).toBe(100);
  });
});
