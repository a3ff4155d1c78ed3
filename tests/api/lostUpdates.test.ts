import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { syncTables } from '../../server/db/syncTables';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const STALE_ZH = '该记录已被他人修改，请刷新后重试';
const STALE_EN = 'This record was changed by someone else; refresh and try again';

describe.each(databases)('no lost updates: writes carry the row version they read, on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhangwei: hr:HrContract:* over the unit
  let admin: string; // every permission
  let lina: string; // applies for vehicles
  let wangfang: string; // dispatcher
  let users: Record<string, DemoUser>;
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, admin, lina, wangfang] = await Promise.all(['zhangwei', 'admin', 'lina', 'wangfang'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  async function newContract(): Promise<Record<string, any>> {
    const res = await s.post(hr, '/set/hr/insertHrContract', {
      contractNo: `LU-${String(++seq).padStart(3, '0')}`, userId: users.lina.userId, contractType: 'fixed',
      startDate: '2024-01-01', endDate: '2025-12-31', amount: 1000, renewFlag: 0, remark: '原备注',
    });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  }
  const stored = (id: string) => db().selectFrom('hr_contract').selectAll().where('contractId', '=', id).executeTakeFirstOrThrow();
  const updateLogs = async (id: string) => (await db().selectFrom('sys_operation_log').select('action')
    .where('recordId', '=', id).where('action', '=', 'update').execute()).length;
  const read = async (token: string, id: string) => (await s.get(token, '/get/hr/getHrContractById', { id })).body.data as Record<string, any>;

  it('answers rowVersion 0 for a new record, in the by-id and the list answers alike', async () => {
    const created = await newContract();
    expect(created.rowVersion).toBe(0);
    expect((await read(hr, created.contractId)).rowVersion).toBe(0);
    const list = await s.get(hr, '/get/hr/getHrContractList', { keyword: created.contractNo });
    expect(list.body.data.list.map((r: any) => [r.contractId, r.rowVersion])).toEqual([[created.contractId, 0]]);
  });

  it('refuses the second of two sessions saving what they loaded; the first one\'s values stand', async () => {
    const { contractId } = await newContract();
    const [mine, theirs] = [await read(hr, contractId), await read(admin, contractId)];
    expect(mine.rowVersion).toBe(theirs.rowVersion);

    const first = await s.post(hr, '/set/hr/updateHrContract', { contractId, rowVersion: mine.rowVersion, amount: 2000, remark: '张伟改的' });
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ amount: 2000, remark: '张伟改的', rowVersion: mine.rowVersion + 1 });

    const second = await s.post(admin, '/set/hr/updateHrContract', { contractId, rowVersion: theirs.rowVersion, amount: 3000, remark: '管理员改的' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ code: 100, message: STALE_ZH, data: { conflict: 'rowVersion' } });
    const english = await postEn(s, admin, '/set/hr/updateHrContract', { contractId, rowVersion: theirs.rowVersion, amount: 3000 });
    expect(english.body.message).toBe(STALE_EN);

    expect(await stored(contractId)).toMatchObject({ amount: 2000, remark: '张伟改的' });
    expect(Number((await stored(contractId)).rowVersion)).toBe(mine.rowVersion + 1);
    expect(await updateLogs(contractId)).toBe(1);

    // Reloaded, the second session's save goes through on the new version.
    const fresh = await read(admin, contractId);
    const retried = await s.post(admin, '/set/hr/updateHrContract', { contractId, rowVersion: fresh.rowVersion, remark: '管理员看过后改的' });
    expect(retried.body.code, retried.body.message).toBe(200);
    expect(retried.body.data).toMatchObject({ amount: 2000, remark: '管理员看过后改的', rowVersion: fresh.rowVersion + 1 });
  });

  it('lets exactly one of many concurrent saves of the same version win, and writes only its values', async () => {
    const { contractId, rowVersion } = await newContract();
    const amounts = [11, 22, 33, 44, 55, 66, 77, 88];
    const answers = await Promise.all(amounts.map((amount, i) => s.post(i % 2 ? admin : hr, '/set/hr/updateHrContract', {
      contractId, rowVersion, amount, remark: `并发 ${amount}`,
    })));
    const winners = answers.filter((a) => a.body.code === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.body.code !== 200)) expect(loser.body).toMatchObject({ code: 100, message: STALE_ZH });
    const row = await stored(contractId);
    expect(row.amount).toBe(winners[0].body.data.amount);
    expect(row.remark).toBe(`并发 ${String(winners[0].body.data.amount)}`);
    expect(Number(row.rowVersion)).toBe(rowVersion + 1);
    expect(await updateLogs(contractId)).toBe(1);
  });

  it('refuses a stale save even when it changes nothing the first writer touched, and an unreadable version plainly', async () => {
    const { contractId, rowVersion } = await newContract();
    expect((await s.post(hr, '/set/hr/updateHrContract', { contractId, rowVersion, amount: 1500 })).body.code).toBe(200);
    const stale = await s.post(admin, '/set/hr/updateHrContract', { contractId, rowVersion, remark: '只改备注' });
    expect(stale.body.message).toBe(STALE_ZH);
    const bad = await s.post(admin, '/set/hr/updateHrContract', { contractId, rowVersion: 'abc', remark: '坏版本' });
    expect(bad.body.code).toBe(100);
    expect(bad.body.message).toMatch(/rowVersion/);
    expect(await stored(contractId)).toMatchObject({ amount: 1500, remark: '原备注' });
  });

  it('still serves a client that names no version (documented), moving the version on', async () => {
    const { contractId, rowVersion } = await newContract();
    const res = await s.post(hr, '/set/hr/updateHrContract', { contractId, amount: 1234 });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.rowVersion).toBe(rowVersion + 1);
  });

  describe('flow transitions', () => {
    async function apply(): Promise<Record<string, any>> {
      const res = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
        title: '拜访客户', vehicleType: 'sedan', destination: '上海市浦东新区', passengers: 2,
        startTime: '2026-03-02 09:00', endTime: '2026-03-02 18:00', driverNeeded: 1, reason: '合同签约',
      });
      expect(res.body.code, res.body.message).toBe(200);
      return res.body.data;
    }
    const application = (id: string) => db().selectFrom('office_vehicle_apply').selectAll().where('applyId', '=', id).executeTakeFirstOrThrow();
    const flowLogs = async (id: string) => (await db().selectFrom('sys_flow_log').select('logId').where('recordId', '=', id).where('transition', '<>', '$submit').execute()).length;

    it('refuses a decision (with its fields) taken on a version the applicant has since changed', async () => {
      const app = await apply();
      const seen = (await s.get(wangfang, '/get/office/getOfficeVehicleApplyById', { id: app.applyId })).body.data;
      const edit = await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: app.applyId, rowVersion: app.rowVersion, destination: '苏州工业园区' });
      expect(edit.body.code, edit.body.message).toBe(200);

      const stale = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId, rowVersion: seen.rowVersion, dispatchRemark: '派车 A' });
      expect(stale.body).toEqual({ code: 100, message: STALE_ZH, data: { conflict: 'rowVersion' } });
      expect(await application(app.applyId)).toMatchObject({ status: 'applied', dispatchRemark: null, destination: '苏州工业园区' });
      expect(await flowLogs(app.applyId)).toBe(0);

      const current = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId, rowVersion: edit.body.data.rowVersion, dispatchRemark: '派车 A' });
      expect(current.body.code, current.body.message).toBe(200);
      expect(current.body.data).toMatchObject({ status: 'approved', dispatchRemark: '派车 A', rowVersion: edit.body.data.rowVersion + 1 });
      expect(await flowLogs(app.applyId)).toBe(1);
    });

    it('refuses an update made from the form read before a decision', async () => {
      const app = await apply();
      // A reject leaves the record in a state the applicant may not edit; a stale form hears "changed by someone", the real cause.
      expect((await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, rowVersion: app.rowVersion, opinion: '车辆已满' })).body.code).toBe(200);
      const stale = await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: app.applyId, rowVersion: app.rowVersion, destination: '杭州' });
      expect(stale.body.message).toBe(STALE_ZH);
      expect(await application(app.applyId)).toMatchObject({ status: 'rejected', destination: '上海市浦东新区' });
    });
  });

  it('gives every row of a table older than the column version 0', async () => {
    const { database: conn } = s.server.ctx;
    const table = 'lu_legacy_probe';
    await syncTables(conn, [{ table, key: 'probeId', columns: [{ name: 'probeId', type: 'text' }, { name: 'title', type: 'text' }], indexes: [] }]);
    await conn.db.insertInto(table).values({ probeId: 'p1', title: 'before' }).execute();
    const sync = await syncTables(conn, [{
      table, key: 'probeId', indexes: [],
      columns: [{ name: 'probeId', type: 'text' }, { name: 'title', type: 'text' }, { name: 'rowVersion', type: 'integer', notNullDefault: 0 }],
    }]);
    expect(sync.applied).toEqual([`add column ${table}.rowVersion`]);
    await conn.db.insertInto(table).values({ probeId: 'p2', title: 'after' }).execute();
    const rows = await conn.db.selectFrom(table).select(['probeId', 'rowVersion']).orderBy('probeId').execute();
    expect(rows.map((r) => [r.probeId, Number(r.rowVersion)])).toEqual([['p1', 0], ['p2', 0]]);
  });
});
