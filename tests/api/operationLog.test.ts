import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

describe.each(databases)('the operation log on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let wangfang: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina, wangfang] = await Promise.all(['admin', 'lina', 'wangfang'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });

  const logsOf = (recordId: string) => s.server.ctx.database.db.selectFrom('sys_operation_log').selectAll()
    .where('recordId', '=', recordId).orderBy('createTime').orderBy('logId').execute();

  it('records who changed what, with a before/after summary, for insert, update, transition and delete', async () => {
    const created = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
      title: '客户拜访', vehicleType: 'sedan', destination: '苏州', passengers: 2, startTime: '2026-05-01 09:00:00', endTime: '2026-05-01 18:00:00',
    });
    expect(created.body.code).toBe(200);
    const id = created.body.data.applyId as string;
    expect((await s.post(lina, '/set/office/updateOfficeVehicleApply', { id, destination: '无锡' })).body.code).toBe(200);
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, opinion: '同意' })).body.code).toBe(200);
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.action, l.accountId])).toEqual([['insert', 'lina'], ['update', 'lina'], ['transition', 'wangfang']]);
    expect(JSON.parse(String(logs[0].summary))).toMatchObject({ title: '客户拜访', destination: '苏州' });
    expect(JSON.parse(String(logs[1].summary))).toEqual({ destination: ['苏州', '无锡'] });
    expect(logs[2].detail).toBe('approve');
    expect(JSON.parse(String(logs[2].summary))).toMatchObject({ status: ['applied', 'approved'] });

    const contract = await s.post(admin, '/set/hr/insertHrContract', {
      contractNo: 'LOG-1', userId: (await s.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow()).userId,
      contractType: 'fixed', startDate: '2026-01-01', endDate: '2026-12-31',
    });
    const contractId = contract.body.data.contractId as string;
    expect((await s.post(admin, '/set/hr/deleteHrContract', { id: contractId })).body.code).toBe(200);
    const deletion = (await logsOf(contractId)).find((l) => l.action === 'delete')!;
    expect(JSON.parse(String(deletion.summary))).toMatchObject({ contractNo: 'LOG-1' });
  });

  it('writes no log line for a refused write', async () => {
    const before = await s.server.ctx.database.db.selectFrom('sys_operation_log').select('logId').execute();
    expect((await s.post(lina, '/set/office/insertOfficeVehicleApply', { title: '' })).body.code).toBe(100);
    expect((await s.post(lina, '/set/hr/insertHrContract', { contractNo: 'X' })).status).toBe(403);
    const after = await s.server.ctx.database.db.selectFrom('sys_operation_log').select('logId').execute();
    expect(after.length).toBe(before.length);
  });

  it('is readable through the generic list by whoever holds its permission only, and cannot be written', async () => {
    // A separated duty: even the superuser role does not read it unless granted.
    expect((await s.get(admin, '/get/system/getSysOperationLogList')).status).toBe(403);
    const auditor = await s.login('auditor');
    const list = await s.get(auditor, '/get/system/getSysOperationLogList', { pageSize: 5 });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    expect((await s.get(lina, '/get/system/getSysOperationLogList')).status).toBe(403);
    expect((await s.post(auditor, '/set/system/insertSysOperationLog', { action: 'delete' })).status).toBe(404);
    expect((await s.post(auditor, '/set/system/deleteSysOperationLog', { id: list.body.data.list[0].logId })).status).toBe(404);
  });
});
