import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { postEn } from './helpers';

const databases = await databasesUnderTest();

/** 值班: rosters by type, the approval list and the approval (schemas/office/OfficeDutyRecord.json, server/modules/office/dutyCalls.ts). */
describe.each(databases)('duty rosters, on $name', (database) => {
  let s: TestServer;
  let wuting: string; // 值班管理员
  let lina: string; // staff
  let liuyang: string; // staff
  let sortId = '';

  beforeAll(async () => {
    s = await startTestServer(database);
    [wuting, lina, liuyang] = await Promise.all(['wuting', 'lina', 'liuyang'].map((a) => s.login(a)));
    const sort = await s.post(wuting, '/set/office/insertOfficeDutySort', { sortName: '测试值班类别', shiftStart: '20:00', shiftEnd: '08:00' });
    expect(sort.body.code, sort.body.message).toBe(200);
    sortId = sort.body.data.sortId;
  });
  afterAll(async () => { await s.stop(); });

  const roster = (token: string, day: string, extra: Record<string, unknown> = {}) => s.post(token, '/set/office/insertOfficeDutyRecord', {
    dutySort: sortId, dutyDate: day, startTime: `${day} 20:00:00`, endTime: `${day} 23:00:00`, location: '值班室', ...extra,
  });

  it('lists rosters by type (one\'s own for staff, all for the administrator) and approves from the approval list', async () => {
    const mine = await roster(lina, '2031-02-01');
    expect(mine.body.code, mine.body.message).toBe(200);
    expect(mine.body.data.status).toBe('applied');
    const theirs = await roster(liuyang, '2031-02-02');
    const linaBySort = await s.get(lina, '/get/office/getDutyRecordBySort', { sortId });
    expect(linaBySort.body.code, linaBySort.body.message).toBe(200);
    expect(linaBySort.body.data.list.map((r: { dutyId: string }) => r.dutyId)).toEqual([mine.body.data.dutyId]);
    const adminBySort = await s.get(wuting, '/get/office/getDutyRecordBySort', { sortId });
    expect(adminBySort.body.data.list.map((r: { dutyId: string }) => r.dutyId).sort()).toEqual([mine.body.data.dutyId, theirs.body.data.dutyId].sort());
    expect((await s.get(wuting, '/get/office/getDutyRecordBySort')).body).toMatchObject({ code: 100, message: '缺少参数 sortId' });

    expect((await s.get(lina, '/get/office/getDutyApprovalList')).status).toBe(403);
    const waiting = await s.get(wuting, '/get/office/getDutyApprovalList', { pageSize: 100 });
    const ids = waiting.body.data.list.map((r: { dutyId: string }) => r.dutyId);
    expect(ids).toEqual(expect.arrayContaining([mine.body.data.dutyId, theirs.body.data.dutyId]));
    expect(waiting.body.data.list.every((r: { status: string }) => r.status === 'applied')).toBe(true);

    expect((await s.post(lina, '/set/office/approvalDutyRecord', { dutyId: mine.body.data.dutyId })).status).toBe(403);
    const approved = await s.post(wuting, '/set/office/approvalDutyRecord', { dutyId: mine.body.data.dutyId, approveRemark: '同意，注意巡查' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approveRemark: '同意，注意巡查' });
    const noReason = await s.post(wuting, '/set/office/rejectDutyRecord', { dutyId: theirs.body.data.dutyId });
    expect(noReason.body).toMatchObject({ code: 100, message: '驳回时必须填写原因' });
    expect((await s.post(wuting, '/set/office/rejectDutyRecord', { dutyId: theirs.body.data.dutyId, opinion: '与出差冲突' })).body.data.status).toBe('rejected');
    const after = (await s.get(wuting, '/get/office/getDutyApprovalList', { pageSize: 100 })).body.data.list.map((r: { dutyId: string }) => r.dutyId);
    expect(after).not.toContain(mine.body.data.dutyId);
    const byId = await s.get(lina, '/get/office/getOfficeDutyRecordById', { dutyId: mine.body.data.dutyId });
    expect(byId.body.data).toMatchObject({ status: 'approved', dutySortName: '测试值班类别' });
    // Approved: no longer the staff member's to change.
    expect((await s.post(lina, '/set/office/updateOfficeDutyRecord', { dutyId: mine.body.data.dutyId, location: '别处' })).body.code).toBe(100);
  });

  it('refuses a roster ending before it starts, and one for someone else from staff', async () => {
    const bad = await postEn(s, lina, '/set/office/insertOfficeDutyRecord', { dutySort: sortId, dutyDate: '2031-02-03', startTime: '2031-02-03 20:00:00', endTime: '2031-02-03 19:00:00' });
    expect(bad.body).toMatchObject({ code: 100, message: expect.stringContaining('The end must be after the start') });
    const liuyangId = String((await s.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'liuyang').executeTakeFirstOrThrow()).userId);
    expect((await roster(lina, '2031-02-04', { dutyUser: liuyangId })).body.code).toBe(100);
    // The administrator plans rosters for anyone.
    expect((await roster(wuting, '2031-02-04', { dutyUser: liuyangId })).body.code).toBe(200);
  });
});
