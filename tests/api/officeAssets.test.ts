import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { workbook } from '../support/xlsxFiles';
import { demoUsers, deptIds, postEn } from './helpers';

const databases = await databasesUnderTest();

/**
 * 行政办公 part A's documents that change other records: fixed assets (server/modules/office/
 * assetLedger.ts: every change through a document, each logged), vehicle dispatch
 * (vehicleDispatch.ts: a vehicle or driver is not given twice for one time) and licence
 * borrowing started as a workflow request (licenceBorrow.ts).
 */
describe.each(databases)('assets, dispatch and licence borrowing, on $name', (database) => {
  let s: TestServer;
  let huangqiang: string; // 资产管理员, 证照管理员
  let wangfang: string; // 调度员
  let zhoujie: string; // staff
  let lina: string; // staff
  let users: Awaited<ReturnType<typeof demoUsers>>;
  let depts: Record<string, string>;
  let sortId = '';
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(database);
    [huangqiang, wangfang, zhoujie, lina] = await Promise.all(['huangqiang', 'wangfang', 'zhoujie', 'lina'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
    sortId = (await s.post(huangqiang, '/set/office/insertOfficeAssetSort', { sortName: '测试资产类' })).body.data.sortId;
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const logOf = async (assetNo: string) => (await db().selectFrom('office_asset_log').select(['action', 'content', 'asset']).where('assetNo', '=', assetNo).orderBy('createTime').orderBy('logId').execute());
  const assetRow = async (assetId: string) => db().selectFrom('office_asset').select(['status', 'useUser', 'useDept']).where('assetId', '=', assetId).executeTakeFirstOrThrow();
  async function store(): Promise<{ assetId: string; assetNo: string }> {
    const assetNo = `T-${Date.now().toString(36)}-${++seq}`;
    const res = await s.post(huangqiang, '/set/office/insertOfficeAsset', { assetNo, assetName: '测试笔记本', assetSort: sortId, price: 8000, storageDate: '2026-11-01', location: '库房', status: 'scrapped' });
    expect(res.body.code, res.body.message).toBe(200);
    return { assetId: res.body.data.assetId, assetNo };
  }

  it('moves an asset through request, approval, allocation, repair and return, logging every change', async () => {
    const { assetId, assetNo } = await store();
    // Storage: the status is the ledger's own, whatever the request said.
    expect(await assetRow(assetId)).toMatchObject({ status: 'inStock', useUser: null });
    const apply = await s.post(zhoujie, '/set/office/insertOfficeAssetApply', { asset: assetId, reason: '开发需要' });
    expect(apply.body.code, apply.body.message).toBe(200);
    const approved = await s.post(huangqiang, '/set/office/approvalOfficeAssetApply', { applyId: apply.body.data.applyId, opinion: '同意' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(await assetRow(assetId)).toMatchObject({ status: 'inUse', useUser: users.zhoujie.userId, useDept: users.zhoujie.deptId });
    // In use: a second request is refused, and its approval could not take the asset either.
    const second = await postEn(s, lina, '/set/office/insertOfficeAssetApply', { asset: assetId, reason: '我也要' });
    expect(second.body).toMatchObject({ code: 100, message: 'Asset "测试笔记本" is In use; this is not possible now' });

    const moved = await s.post(huangqiang, '/set/office/insertOfficeAssetAllocation', { asset: assetId, toUser: users.lina.userId, toDept: depts['前端开发组'], allocDate: '2026-11-10', reason: '转岗' });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect(await assetRow(assetId)).toMatchObject({ status: 'inUse', useUser: users.lina.userId, useDept: depts['前端开发组'] });

    const repair = await s.post(huangqiang, '/set/office/insertOfficeAssetRepair', { asset: assetId, repairDate: '2026-11-12', vendor: '售后', content: '屏幕闪烁', status: 'repairing' });
    expect(repair.body.code, repair.body.message).toBe(200);
    expect((await assetRow(assetId)).status).toBe('repairing');
    expect((await s.post(huangqiang, '/set/office/insertOfficeAssetRecovery', { asset: assetId, recoverDate: '2026-11-13', condition: 'good' })).body.code).toBe(100);
    const fixed = await s.post(huangqiang, '/set/office/updateOfficeAssetRepair', { repairId: repair.body.data.repairId, status: 'done' });
    expect(fixed.body.code, fixed.body.message).toBe(200);
    expect((await assetRow(assetId)).status).toBe('inUse');

    const back = await s.post(huangqiang, '/set/office/insertOfficeAssetRecovery', { asset: assetId, recoverDate: '2026-11-20', condition: 'good', reason: '离职' });
    expect(back.body.code, back.body.message).toBe(200);
    expect(await assetRow(assetId)).toMatchObject({ status: 'inStock', useUser: null, useDept: null });
    const edited = await s.post(huangqiang, '/set/office/updateOfficeAsset', { assetId, location: '三楼库房' });
    expect(edited.body.code, edited.body.message).toBe(200);

    const log = await logOf(assetNo);
    expect(log.map((l) => l.action)).toEqual(['storage', 'apply', 'allocation', 'repair', 'repairDone', 'recovery', 'update']);
    expect(log[6].content).toBe('存放地点: 库房 → 三楼库房');
    expect(log[2].content).toContain('周杰');
    // The log is read through its own list, scoped and read-only.
    const listed = await s.get(huangqiang, '/get/office/getOfficeAssetLogList', { filterObj: { assetNo: { value: assetNo, operator: 'eq' } } });
    expect(listed.body.data.list).toHaveLength(7);
    expect((await s.post(huangqiang, '/set/office/insertOfficeAssetLog', { assetNo, action: 'update' })).status).toBe(404);
    expect((await s.get(zhoujie, '/get/office/getOfficeAssetLogList')).status).toBe(403);
  });

  it('imports assets from xlsx, logging each storage, and refuses a file with a bad row whole', async () => {
    const header = ['资产编号', '资产名称', '资产分类', '原值', '入库日期'];
    const no = `IMP-${Date.now().toString(36)}`;
    const good = await s.upload(huangqiang, '/set/office/importOfficeAsset', {
      name: '资产.xlsx', content: await workbook([header, [`${no}-1`, '投影仪', '测试资产类', 4999, '2026-11-02'], [`${no}-2`, '白板', '测试资产类', 600, '2026-11-02']]),
    });
    expect(good.body.code, good.body.message).toBe(200);
    expect(good.body.data.inserted).toBe(2);
    const imported = await db().selectFrom('office_asset').select(['assetNo', 'status']).where('assetNo', 'like', `${no}-%`).orderBy('assetNo').execute();
    expect(imported).toEqual([{ assetNo: `${no}-1`, status: 'inStock' }, { assetNo: `${no}-2`, status: 'inStock' }]);
    expect((await logOf(`${no}-1`)).map((l) => l.action)).toEqual(['storage']);

    const bad = await s.upload(huangqiang, '/set/office/importOfficeAsset', {
      name: '资产.xlsx', content: await workbook([header, [`${no}-3`, '扫描仪', '测试资产类', 1999, '2026-11-02'], [`${no}-1`, '重复编号', '测试资产类', -5, '2026-11-02']]),
    });
    expect(bad.body.code).toBe(100);
    expect(bad.body.data.errors.length).toBeGreaterThan(0);
    expect(await db().selectFrom('office_asset').select('assetNo').where('assetNo', '=', `${no}-3`).execute()).toEqual([]);
    // Export answers the ledger as xlsx.
    const exported = await fetch(`${s.baseUrl}/capi/get/office/exportOfficeAsset`, { headers: { Authorization: `Bearer ${huangqiang}` } });
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('dispatches a vehicle and a driver, refusing either for an overlapping trip, and shows the occupancy', async () => {
    const vehicle = await s.post(wangfang, '/set/office/insertOfficeVehicleInfo', { plateNo: `沪Z·${String(Date.now()).slice(-5)}`, brandModel: '测试车', vehicleType: 'sedan', status: 'available' });
    expect(vehicle.body.code, vehicle.body.message).toBe(200);
    const vehicleId = vehicle.body.data.vehicleId;
    const driverId = (await s.post(wangfang, '/set/office/insertOfficeVehicleDriver', { driverName: '测试司机', phone: '13900000000', licenceClass: 'C1', status: 'onDuty' })).body.data.driverId;
    const request = async (token: string, startTime: string, endTime: string) => (await s.post(token, '/set/office/insertOfficeVehicleApply', {
      title: `出车 ${++seq}`, vehicleType: 'sedan', destination: '浦东机场', passengers: 1, startTime, endTime,
    })).body.data.applyId as string;
    const first = await request(lina, '2031-05-06 09:00:00', '2031-05-06 12:00:00');
    const overlapping = await request(zhoujie, '2031-05-06 11:00:00', '2031-05-06 15:00:00');
    const after = await request(zhoujie, '2031-05-06 12:00:00', '2031-05-06 15:00:00');
    const ok = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { applyId: first, vehicle: vehicleId, driver: driverId, opinion: '派车' });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'approved', vehicle: vehicleId, driver: driverId });

    const clash = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { applyId: overlapping, vehicle: vehicleId });
    expect(clash.body.code).toBe(100);
    expect(clash.body.message).toMatch(/^车辆「沪Z·\d+」在 2031-05-06 09:00 至 2031-05-06 12:00 已派给「出车 \d+」，请换一辆车$/);
    const driverClash = await postEn(s, wangfang, '/set/office/approveOfficeVehicleApply', { applyId: overlapping, driver: driverId });
    expect(driverClash.body.message).toMatch(/^Driver 测试司机 is already dispatched to "出车 \d+" from 2031-05-06 09:00 to 2031-05-06 12:00; choose another driver$/);
    // Refused: still waiting, nothing assigned.
    expect(await db().selectFrom('office_vehicle_apply').select(['status', 'vehicle']).where('applyId', '=', overlapping).executeTakeFirst()).toEqual({ status: 'applied', vehicle: null });
    // Back-to-back trips share the car.
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { applyId: after, vehicle: vehicleId, driver: driverId })).body.code).toBe(200);

    const board = await s.get(wangfang, '/get/office/getVehicleOccupancy', { start: '2031-05-06', end: '2031-05-06' });
    expect(board.body.code, board.body.message).toBe(200);
    const taken = board.body.data.bookings.filter((b: { vehicle: string }) => b.vehicle === vehicleId);
    expect(taken.map((b: { startTime: string }) => b.startTime)).toEqual(['2031-05-06 09:00:00', '2031-05-06 12:00:00']);
    expect(taken[0].driverName).toBe('测试司机');
    expect(board.body.data.vehicles.some((v: { id: string }) => v.id === vehicleId)).toBe(true);
    expect((await s.get(lina, '/get/office/getVehicleOccupancy')).status).toBe(403);

    // After the return the car is free for that time again.
    expect((await s.post(wangfang, '/set/office/returnOfficeVehicleApply', { applyId: first, returnMileage: 120 })).body.code).toBe(200);
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { applyId: overlapping, vehicle: vehicleId })).body.code).toBe(100); // `after` still holds 12:00–15:00
    // A car in repair is not dispatched.
    await s.post(wangfang, '/set/office/updateOfficeVehicleInfo', { vehicleId, status: 'repairing' });
    const later = await request(lina, '2031-06-01 09:00:00', '2031-06-01 10:00:00');
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { applyId: later, vehicle: vehicleId })).body.message).toContain('当前不可用');
  });

  it('starts a licence borrowing as a workflow request for the licence administrator', async () => {
    const licence = await db().selectFrom('office_licence_record').select(['licenceId']).where('licenceNo', '=', '91310000MA1FL8XQ3A').executeTakeFirstOrThrow();
    const started = await s.post(lina, '/set/office/createBpmByLicenceRecordRule', {
      licence: licence.licenceId, purpose: '投标需要营业执照原件', borrowTime: '2031-01-05 09:00:00', planReturnTime: '2031-01-05 17:00:00',
    });
    expect(started.body.code, started.body.message).toBe(200);
    const { borrowId, instanceId } = started.body.data;
    const instance = await db().selectFrom('bpm_instance').select(['processKey', 'bizEntity', 'bizId', 'status', 'startUserId']).where('instanceId', '=', instanceId).executeTakeFirstOrThrow();
    expect(instance).toEqual({ processKey: 'licenceBorrow', bizEntity: 'OfficeLicenceBorrow', bizId: borrowId, status: 'running', startUserId: users.lina.userId });
    const todo = await s.get(huangqiang, '/get/bpm/getMyTodoList');
    expect(todo.body.data.list.some((t: { instanceId: string }) => t.instanceId === instanceId)).toBe(true);
    const mine = await s.get(lina, '/get/office/getMyOfficeLicenceBorrowList');
    expect(mine.body.data.list.find((b: { borrowId: string }) => b.borrowId === borrowId)).toMatchObject({ status: 'running' });
    // Bound to the process: frozen while the request runs.
    expect((await s.post(lina, '/set/office/updateOfficeLicenceBorrow', { borrowId, purpose: '改一下' })).body.code).toBe(100);

    // A refused record (end before start) starts nothing and leaves no draft behind.
    const before = await db().selectFrom('bpm_instance').select('instanceId').where('processKey', '=', 'licenceBorrow').execute();
    const bad = await s.post(lina, '/set/office/createBpmByLicenceRecordRule', {
      licence: licence.licenceId, purpose: 'x', borrowTime: '2031-01-05 09:00:00', planReturnTime: '2031-01-04 09:00:00',
    });
    expect(bad.body).toMatchObject({ code: 100, message: expect.stringContaining('计划归还时间必须晚于借用时间') });
    expect(await db().selectFrom('bpm_instance').select('instanceId').where('processKey', '=', 'licenceBorrow').execute()).toHaveLength(before.length);
  });

  it('lends the licence in the approval\'s transaction, refuses overlapping borrowings, and takes it back on 归还', async () => {
    const licenceId = String((await db().selectFrom('office_licence_record').select('licenceId').where('licenceNo', '=', 'GR202331001234').executeTakeFirstOrThrow()).licenceId);
    const licenceStatus = async () => (await db().selectFrom('office_licence_record').select('status').where('licenceId', '=', licenceId).executeTakeFirstOrThrow()).status;
    const borrowRow = (borrowId: string) => db().selectFrom('office_licence_borrow').select(['status', 'returnTime']).where('borrowId', '=', borrowId).executeTakeFirstOrThrow();
    const request = (token: string, borrowTime: string, planReturnTime: string) => s.post(token, '/set/office/createBpmByLicenceRecordRule', { licence: licenceId, purpose: '高企资质核验', borrowTime, planReturnTime });
    const keeperTask = async (instanceId: string) => String((await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId)
      .where('assignee', '=', users.huangqiang.userId).where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow()).taskId);
    const decide = async (instanceId: string, action: string) => s.post(huangqiang, '/set/bpm/completeTask', { taskId: await keeperTask(instanceId), action, opinion: '核对' });

    const first = await request(lina, '2031-03-01 09:00:00', '2031-03-03 17:00:00');
    expect(first.body.code, first.body.message).toBe(200);
    // A borrowing in approval holds its time: an overlapping one is refused and leaves nothing behind; an adjacent one stands.
    const instances = async () => (await db().selectFrom('bpm_instance').select('instanceId').where('processKey', '=', 'licenceBorrow').execute()).length;
    const started = await instances();
    expect((await request(zhoujie, '2031-03-03 09:00:00', '2031-03-04 12:00:00')).body)
      .toMatchObject({ code: 100, message: '「高新技术企业证书」在 2031-03-01 09:00 至 2031-03-03 17:00 已被李娜借用，请换个时间' });
    expect((await postEn(s, zhoujie, '/set/office/createBpmByLicenceRecordRule', { licence: licenceId, purpose: 'x', borrowTime: '2031-02-28 09:00:00', planReturnTime: '2031-03-01 10:00:00' })).body.message)
      .toBe('"高新技术企业证书" is borrowed by 李娜 from 2031-03-01 09:00 to 2031-03-03 17:00; please choose another time');
    expect(await instances()).toBe(started);
    const adjacent = await request(zhoujie, '2031-03-03 17:00:00', '2031-03-04 12:00:00');
    expect(adjacent.body.code, adjacent.body.message).toBe(200);

    // Approved: the borrowing and the licence change together; a rejection leaves the licence as it is.
    expect(await licenceStatus()).toBe('inStock');
    expect((await decide(first.body.data.instanceId, 'agree')).body.code).toBe(200);
    expect(await borrowRow(first.body.data.borrowId)).toMatchObject({ status: 'approved', returnTime: null });
    expect(await licenceStatus()).toBe('lent');
    expect((await decide(adjacent.body.data.instanceId, 'reject')).body.code).toBe(200);
    expect(await licenceStatus()).toBe('lent');

    // 归还: the keeper only, once, for an approved borrowing.
    const giveBack = (token: string, id: string) => s.post(token, '/set/office/returnOfficeLicenceBorrow', { id });
    expect((await giveBack(lina, first.body.data.borrowId)).status).toBe(403);
    expect((await giveBack(huangqiang, adjacent.body.data.borrowId)).body).toMatchObject({ code: 100, message: '只有已批准的借用才能归还' });
    const returned = await giveBack(huangqiang, first.body.data.borrowId);
    expect(returned.body.code, returned.body.message).toBe(200);
    expect(returned.body.data).toMatchObject({ borrowId: first.body.data.borrowId, licenceStatus: 'inStock' });
    expect((await borrowRow(first.body.data.borrowId)).returnTime).toBe(returned.body.data.returnTime);
    expect(await licenceStatus()).toBe('inStock');
    expect((await giveBack(huangqiang, first.body.data.borrowId)).body).toMatchObject({ code: 100, message: `该证照已于 ${String(returned.body.data.returnTime).slice(0, 16)} 归还` });
    // The return time is the keeper's to write, never the borrower's.
    const typed = await s.post(lina, '/set/office/insertOfficeLicenceBorrow', { licence: licenceId, purpose: '草稿', borrowTime: '2031-04-01 09:00:00', planReturnTime: '2031-04-01 12:00:00', returnTime: '2031-04-01 10:00:00' });
    expect((await borrowRow(typed.body.data.borrowId)).returnTime).toBeNull();

    // Two drafts for one time (drafts hold nothing) both reach the keeper: the second approval is refused
    // and nothing of that step is stored — the licence is changed in the approval's own transaction.
    const draft = async (token: string, borrowTime: string, planReturnTime: string) => {
      const res = await s.post(token, '/set/office/insertOfficeLicenceBorrow', { licence: licenceId, purpose: '年检', borrowTime, planReturnTime });
      expect(res.body.code, res.body.message).toBe(200);
      return { token, borrowId: String(res.body.data.borrowId), instanceId: '' };
    };
    const submit = async (borrow: { token: string; borrowId: string; instanceId: string }) => {
      const submitted = await s.post(borrow.token, '/set/bpm/startProcess', { bizEntity: 'OfficeLicenceBorrow', bizId: borrow.borrowId });
      expect(submitted.body.code, submitted.body.message).toBe(200);
      borrow.instanceId = String(submitted.body.data.instanceId);
    };
    const his = await draft(zhoujie, '2031-03-10 09:00:00', '2031-03-12 17:00:00');
    const hers = await draft(lina, '2031-03-11 09:00:00', '2031-03-13 17:00:00');
    await submit(his);
    await submit(hers);
    expect((await decide(his.instanceId, 'agree')).body.code).toBe(200);
    expect(await licenceStatus()).toBe('lent');
    const audits = async () => (await db().selectFrom('bpm_audit').select('auditId').where('instanceId', '=', hers.instanceId).execute()).length;
    const auditsBefore = await audits();
    const taskBefore = await keeperTask(hers.instanceId);
    const second = await decide(hers.instanceId, 'agree');
    expect(second.body).toMatchObject({ code: 100, message: '「高新技术企业证书」在 2031-03-10 09:00 至 2031-03-12 17:00 已被周杰借用，请换个时间' });
    expect(await borrowRow(hers.borrowId)).toMatchObject({ status: 'running' });
    expect((await db().selectFrom('bpm_instance').select('status').where('instanceId', '=', hers.instanceId).executeTakeFirstOrThrow()).status).toBe('running');
    expect(await keeperTask(hers.instanceId)).toBe(taskBefore);
    expect(await audits()).toBe(auditsBefore);
    expect((await decide(hers.instanceId, 'reject')).body.code).toBe(200);
    expect(await licenceStatus()).toBe('lent');
    expect((await giveBack(huangqiang, his.borrowId)).body.data.licenceStatus).toBe('inStock');

    // A voided licence is lent to nobody.
    expect((await s.post(huangqiang, '/set/office/updateOfficeLicenceRecord', { licenceId, status: 'void' })).body.code).toBe(200);
    expect((await request(lina, '2031-05-01 09:00:00', '2031-05-01 12:00:00')).body).toMatchObject({ code: 100, message: '「高新技术企业证书」已作废，不能借用' });
  });
});
