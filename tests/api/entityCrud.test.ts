import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe.each(databases)('HrContract through the generic entity calls on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhangwei: roles hr + staff, hr holds hr:HrContract:* with data scope unit
  let lina: string; // staff only: hr:HrContract:my
  let users: Record<string, DemoUser>;
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all([s.login('zhangwei'), s.login('lina')]);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const contract = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    contractNo: `C-${String(++seq).padStart(4, '0')}`, userId: users.lina.userId, contractType: 'fixed',
    startDate: '2024-01-01', endDate: '2025-12-31', amount: 1000, renewFlag: 0, ...over,
  });
  async function insert(over: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await s.post(hr, '/set/hr/insertHrContract', contract(over));
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  }
  const stored = (id: string) => db().selectFrom('hr_contract').selectAll().where('contractId', '=', id).executeTakeFirst();
  const count = async () => Number((await db().selectFrom('hr_contract').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('list paging, sorting and search', () => {
    const amounts = [1000.1, 2500.25, 300, 4999.99, 12000, 750.5, 60];
    let inserted: Record<string, any>[] = [];
    beforeAll(async () => {
      inserted = [];
      for (const [i, amount] of amounts.entries()) {
        inserted.push(await insert({
          contractNo: `PG-${i}`, amount, startDate: `2023-0${i + 1}-15`, endDate: '2026-01-01', remark: i === 3 ? '含 100% 完成率' : '普通',
        }));
      }
    });

    it('pages with page/pageSize, the same total on every page and summary.amount over all matching rows', async () => {
      const expectedSum = Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100;
      const pages = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', page, pageSize: 3, summary: 1 });
        expect(res.status).toBe(200);
        expect(res.body.code).toBe(200);
        expect(res.body.data.total).toBe(7);
        expect(res.body.data.summary.amount).toBeCloseTo(expectedSum, 2);
        pages.push(res.body.data.list as Record<string, any>[]);
      }
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1, 0]);
      const seen = pages.flat().map((r) => r.contractId);
      expect(new Set(seen).size).toBe(7);
      expect([...seen].sort()).toEqual(inserted.map((r) => r.contractId).sort());
    });

    it('counts every row of the scope when nothing filters, and sums amount like the database does', async () => {
      const res = await s.get(hr, '/get/hr/getHrContractList', { pageSize: 2, summary: 1 });
      expect(res.body.data.list).toHaveLength(2);
      expect(res.body.data.total).toBe(await count());
      const all = await db().selectFrom('hr_contract').select('amount').execute();
      const sum = all.reduce((a, r) => a + Number(r.amount ?? 0), 0);
      expect(res.body.data.summary.amount).toBeCloseTo(Math.round(sum * 100) / 100, 2);
    });

    it('answers an empty page with total 0 and a zero summary when nothing matches', async () => {
      const res = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'no-such-contract-anywhere', summary: 1 });
      expect(res.body.data).toEqual({ list: [], total: 0, totalCapped: false, summary: { amount: 0 } });
    });

    it('defaults to 15 rows a page and caps a huge pageSize instead of failing', async () => {
      const res = await s.get(hr, '/get/hr/getHrContractList', {});
      expect(res.body.data.list).toHaveLength(Math.min(15, await count()));
      const huge = await s.get(hr, '/get/hr/getHrContractList', { pageSize: 100000 });
      expect(huge.body.code).toBe(200);
      expect(huge.body.data.list.length).toBe(Math.min(500, await count()));
    });

    it('sorts by prop ascending and descending', async () => {
      const asc = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop: 'amount', order: 'ascending', pageSize: 50 });
      expect(asc.body.data.list.map((r: any) => r.amount)).toEqual([...amounts].sort((a, b) => a - b));
      const desc = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop: 'amount', order: 'descending', pageSize: 50 });
      expect(desc.body.data.list.map((r: any) => r.amount)).toEqual([...amounts].sort((a, b) => b - a));
      const byNo = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop: 'contractNo', order: 'descending', pageSize: 50 });
      expect(byNo.body.data.list.map((r: any) => r.contractNo)).toEqual(['PG-6', 'PG-5', 'PG-4', 'PG-3', 'PG-2', 'PG-1', 'PG-0']);
    });

    it('pages through ties on the sort column without repeating or skipping a row', async () => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop: 'endDate', order: 'ascending', page, pageSize: 3 });
        seen.push(...res.body.data.list.map((r: any) => r.contractId));
      }
      expect(seen).toHaveLength(7);
      expect([...seen].sort()).toEqual(inserted.map((r) => r.contractId).sort());
    });

    it('uses the default sort (startDate descending) without a prop, and refuses an unknown or hostile prop by name', async () => {
      const byDefault = ['PG-6', 'PG-5', 'PG-4', 'PG-3', 'PG-2', 'PG-1', 'PG-0'];
      const res = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop: '', order: 'ascending', pageSize: 50 });
      expect(res.body.code).toBe(200);
      expect(res.body.data.list.map((r: any) => r.contractNo)).toEqual(byDefault);
      // Sorting is by the answer's fields only (docs/ARCHITECTURE.md, Filters), so a name outside them is refused, never guessed.
      for (const prop of ['noSuchField', 'amount; drop table hr_contract', 'userIdName', '"contractNo"']) {
        const refused = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG-', prop, order: 'ascending', pageSize: 50 });
        expect(refused.status, prop).toBe(200);
        expect(refused.body, prop).toMatchObject({ code: 100, message: `不能按字段 ${prop} 排序`, data: { field: prop } });
      }
      expect(await count()).toBeGreaterThan(7);
    });

    it('searches the keyword fields (contractNo, remark) case-insensitively, with % and _ taken literally', async () => {
      const lower = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'pg-3', pageSize: 50 });
      expect(lower.body.data.list.map((r: any) => r.contractNo)).toEqual(['PG-3']);
      const byRemark = await s.get(hr, '/get/hr/getHrContractList', { keyword: '100%', pageSize: 50 });
      expect(byRemark.body.data.list.map((r: any) => r.contractNo)).toEqual(['PG-3']);
      const percent = await s.get(hr, '/get/hr/getHrContractList', { keyword: '%', pageSize: 50 });
      expect(percent.body.data.list.map((r: any) => r.contractNo)).toEqual(['PG-3']);
      const underscore = await s.get(hr, '/get/hr/getHrContractList', { keyword: 'PG_', pageSize: 50 });
      expect(underscore.body.data.total).toBe(0);
      const trimmed = await s.get(hr, '/get/hr/getHrContractList', { keyword: '  PG-5  ', pageSize: 50 });
      expect(trimmed.body.data.list.map((r: any) => r.contractNo)).toEqual(['PG-5']);
    });
  });

  describe('the other read calls', () => {
    it('getMyHrContractList gives a staff member exactly the contracts signed by them; the manage list is refused', async () => {
      const mine = await insert({ userId: users.lina.userId, contractNo: 'MY-LINA' });
      await insert({ userId: users.liuyang.userId, contractNo: 'MY-LIUYANG' });
      const res = await s.get(lina, '/get/hr/getMyHrContractList', { pageSize: 100 });
      expect(res.body.code).toBe(200);
      const expected = await db().selectFrom('hr_contract').select('contractId').where('userId', '=', users.lina.userId).execute();
      expect(res.body.data.total).toBe(expected.length);
      expect(res.body.data.list.map((r: any) => r.contractId).sort()).toEqual(expected.map((r) => r.contractId).sort());
      expect(res.body.data.list.map((r: any) => r.contractId)).toContain(mine.contractId);
      expect(res.body.data.list.every((r: any) => r.userId === users.lina.userId)).toBe(true);
      const manage = await s.get(lina, '/get/hr/getHrContractList');
      expect(manage.status).toBe(403);
      expect(manage.body.code).toBe(403);
    });

    it('getHrContractById returns the row with display names, by id or by the key field name', async () => {
      const row = await insert({ userId: users.liuyang.userId });
      const byId = await s.get(hr, '/get/hr/getHrContractById', { id: row.contractId });
      expect(byId.body.code).toBe(200);
      expect(byId.body.data).toMatchObject({ contractId: row.contractId, contractNo: row.contractNo, userId: users.liuyang.userId, userIdName: '刘洋', createUserName: '张伟' });
      const byKey = await s.get(hr, '/get/hr/getHrContractById', { contractId: row.contractId });
      expect(byKey.body.data).toEqual(byId.body.data);
      // liuyang may read his own contract through the my-permission; lina may not.
      expect((await s.get(await s.login('liuyang'), '/get/hr/getHrContractById', { id: row.contractId })).body.code).toBe(200);
      expect((await s.get(lina, '/get/hr/getHrContractById', { id: row.contractId })).status).toBe(403);
    });

    it('answers 404 for an unknown id and code 100 for a missing one', async () => {
      const unknown = await s.get(hr, '/get/hr/getHrContractById', { id: 'no-such-id' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(404);
      expect(unknown.body.message).toBe('记录不存在或已被删除');
      const missing = await s.get(hr, '/get/hr/getHrContractById', {});
      expect(missing.status).toBe(200);
      expect(missing.body.code).toBe(100);
      expect(missing.body.message).toContain('contractId');
    });

    it('getHrContractListForSelect answers label (contractNo) and value (id), searchable by keyword', async () => {
      const row = await insert({ contractNo: 'SEL-Alpha-1' });
      const res = await s.get(hr, '/get/hr/getHrContractListForSelect', { keyword: 'sel-alpha' });
      expect(res.body.code).toBe(200);
      expect(res.body.data.total).toBe(1);
      expect(res.body.data.list[0]).toMatchObject({ label: 'SEL-Alpha-1', value: row.contractId, contractId: row.contractId });
      const all = await s.get(hr, '/get/hr/getHrContractListForSelect', { pageSize: 5 });
      expect(all.body.data.list).toHaveLength(5);
      expect(all.body.data.total).toBe(await count());
      expect(all.body.data.list.every((r: any) => r.value === r.contractId && r.label === r.contractNo)).toBe(true);
    });
  });

  describe('insert', () => {
    it('returns the stored row with the system columns filled from the caller and the display names', async () => {
      const before = Date.now();
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'INS-1', userId: users.lina.userId, amount: '8800' }));
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      const row = res.body.data;
      const zhangwei = users.zhangwei;
      expect(row).toMatchObject({
        contractNo: 'INS-1', userId: users.lina.userId, userIdName: '李娜', amount: 8800, renewFlag: 0,
        createUser: zhangwei.userId, createDept: zhangwei.deptId, unitId: zhangwei.unitId,
        createUserName: '张伟', createDeptName: '人力资源部', unitIdName: '华东智联科技集团有限公司',
      });
      expect(typeof row.contractId).toBe('string');
      expect(row.contractId.length).toBeGreaterThan(8);
      expect(row.createTime).toMatch(DATE_TIME);
      expect(row.updateTime).toMatch(DATE_TIME);
      expect(Math.abs(new Date(row.createTime.replace(' ', 'T')).getTime() - before)).toBeLessThan(60_000);
      const db0 = await stored(row.contractId);
      expect(db0).toMatchObject({ contractNo: 'INS-1', createUser: zhangwei.userId, createDept: zhangwei.deptId, unitId: zhangwei.unitId, createTime: row.createTime });
    });

    it('refuses missing required fields with HTTP 200, code 100 and one error per field naming its label', async () => {
      const before = await count();
      const res = await s.post(hr, '/set/hr/insertHrContract', { amount: 10 });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      const errors = res.body.data.errors as { field: string; message: string }[];
      // contractNo is auto-coded: left empty, the server numbers it, so it is not among the missing.
      expect(errors.map((e) => e.field).sort()).toEqual(['contractType', 'endDate', 'startDate', 'userId']);
      const labels: Record<string, string> = { userId: '签订人', contractType: '合同类型', startDate: '开始日期', endDate: '结束日期' };
      for (const e of errors) {
        expect(e.message).toContain(labels[e.field]);
        expect(e.message).toContain('字段值不可为空');
        expect(res.body.message).toContain(labels[e.field]);
      }
      expect(res.body.message).toContain('字段值不可为空');
      // Whitespace alone is nothing too.
      const blank = await s.post(hr, '/set/hr/insertHrContract', contract({ userId: '   ' }));
      expect(blank.body.code).toBe(100);
      expect(blank.body.data.errors.map((e: any) => e.field)).toEqual(['userId']);
      expect(await count()).toBe(before);
    });

    it('refuses more attachments than the field holds (maxCount 10), as the upload widget does', async () => {
      const ids = Array.from({ length: 11 }, (_, i) => `att${i}`);
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: ids.join(',') }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toEqual([{ field: 'attachIds', message: '合同附件：最多 10 个文件，请先删除多余的文件' }]);
    });

    it('refuses endDate before startDate with the rule message, and accepts the same day', async () => {
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'RULE-1', startDate: '2024-05-02', endDate: '2024-05-01' }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toEqual([{ field: 'endDate', message: '结束日期：结束日期不能早于开始日期' }]);
      expect(await db().selectFrom('hr_contract').select('contractId').where('contractNo', '=', 'RULE-1').executeTakeFirst()).toBeUndefined();
      const same = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'RULE-1', startDate: '2024-05-02', endDate: '2024-05-02' }));
      expect(same.body.code).toBe(200);
    });

    it('refuses malformed values (bad date, not a number, negative amount) naming the field', async () => {
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ startDate: '2024-02-30', amount: 'abc' }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors.map((e: any) => e.field).sort()).toEqual(['amount', 'startDate']);
      const negative = await s.post(hr, '/set/hr/insertHrContract', contract({ amount: -1 }));
      expect(negative.body.code).toBe(100);
      expect(negative.body.data.errors).toEqual([{ field: 'amount', message: '合同金额（元/月）：不能小于 0' }]);
    });

    it('refuses a contractType that is not a value of the hrContractType dictionary', async () => {
      const before = await count();
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ contractType: 'bogus' }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors.map((e: any) => e.field)).toEqual(['contractType']);
      expect(await count()).toBe(before);
    });

    it('refuses a userId that names no user', async () => {
      const before = await count();
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({ userId: 'no-such-user' }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors.map((e: any) => e.field)).toEqual(['userId']);
      expect(await count()).toBe(before);
    });

    it('refuses a duplicate contractNo and stores nothing', async () => {
      await insert({ contractNo: 'UNIQ-1' });
      const before = await count();
      const dup = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'UNIQ-1' }));
      expect(dup.status).toBe(200);
      expect(dup.body.code).toBe(100);
      expect(dup.body.message).toContain('UNIQ-1');
      expect(dup.body.data.errors.map((e: any) => e.field)).toEqual(['contractNo']);
      expect(await count()).toBe(before);
    });

    it('names the field in a duplicate refusal like every other validation error ({field, message} with the label)', async () => {
      await insert({ contractNo: 'UNIQ-2' });
      const dup = await s.post(hr, '/set/hr/insertHrContract', contract({ contractNo: 'UNIQ-2' }));
      expect(dup.body.code).toBe(100);
      // API-CONTRACT: validation refusals carry data.errors = [{field, message}] and the message names the field.
      expect(dup.body.data.errors).toEqual([{ field: 'contractNo', message: expect.stringContaining('合同编号') }]);
      expect(dup.body.message).toContain('合同编号');
    });

    it('lets exactly one of several concurrent inserts of the same contractNo win; the others get code 100, never a 500', async () => {
      for (let round = 0; round < 3; round++) {
        const contractNo = `RACE-${round}`;
        const answers = await Promise.all(Array.from({ length: 6 }, () => s.post(hr, '/set/hr/insertHrContract', contract({ contractNo }))));
        const outcomes = answers.map((a) => `${a.status}/${a.body.code}`).sort();
        expect(outcomes, answers.map((a) => a.body.message).join(' | ')).toEqual(['200/100', '200/100', '200/100', '200/100', '200/100', '200/200']);
        const rows = await db().selectFrom('hr_contract').select('contractId').where('contractNo', '=', contractNo).execute();
        expect(rows).toHaveLength(1);
      }
    });

    it('requires renewRemark when renewFlag == 1 and drops it when renewFlag is 0', async () => {
      const missing = await s.post(hr, '/set/hr/insertHrContract', contract({ renewFlag: 1 }));
      expect(missing.body.code).toBe(100);
      expect(missing.body.data.errors).toEqual([{ field: 'renewRemark', message: '续签说明：选择续签时必须填写续签说明' }]);
      const withRemark = await insert({ renewFlag: 1, renewRemark: '三年后续签' });
      expect(withRemark.renewRemark).toBe('三年后续签');
      expect((await stored(withRemark.contractId))!.renewRemark).toBe('三年后续签');
      const hidden = await insert({ renewFlag: 0, renewRemark: '不该保存' });
      expect(hidden.renewRemark).toBeNull();
      expect((await stored(hidden.contractId))!.renewRemark).toBeNull();
    });

    it('ignores fields that are not in the form layout: system columns and unknown keys are never stored', async () => {
      const res = await s.post(hr, '/set/hr/insertHrContract', contract({
        contractNo: 'SMUGGLE-1', contractId: 'chosen-id', createUser: users.lina.userId, createDept: 'evil-dept', unitId: 'evil-unit',
        createTime: '2000-01-01 00:00:00', hacker: 'x',
      }));
      expect(res.body.code).toBe(200);
      const row = res.body.data;
      expect(row.contractId).not.toBe('chosen-id');
      expect(row).not.toHaveProperty('hacker');
      const dbRow = (await stored(row.contractId))!;
      expect(dbRow).toMatchObject({ createUser: users.zhangwei.userId, createDept: users.zhangwei.deptId, unitId: users.zhangwei.unitId });
      expect(dbRow.createTime).not.toBe('2000-01-01 00:00:00');
      expect(dbRow).not.toHaveProperty('hacker');
      expect(await stored('chosen-id')).toBeUndefined();
    });

    it('rounds money half away from zero to 2 decimals, as sent and as stored', async () => {
      const cases: [string | number, number][] = [['1234.565', 1234.57], [1.005, 1.01], ['99.994', 99.99], ['0.125', 0.13], [' 42 ', 42]];
      for (const [sent, expected] of cases) {
        const row = await insert({ amount: sent });
        expect(row.amount, String(sent)).toBe(expected);
        expect(Number((await stored(row.contractId))!.amount), String(sent)).toBe(expected);
      }
    });

    it('stores the schema default of a field the request leaves out (renewFlag default 0)', async () => {
      const body = contract({ contractNo: 'DEFAULT-1' });
      delete body.renewFlag;
      const res = await s.post(hr, '/set/hr/insertHrContract', body);
      expect(res.body.code).toBe(200);
      expect(res.body.data.renewFlag).toBe(0);
      expect(Number((await stored(res.body.data.contractId))!.renewFlag)).toBe(0);
    });

    it('refuses a user without the insert permission with 403 and stores nothing', async () => {
      const before = await count();
      const res = await s.post(lina, '/set/hr/insertHrContract', contract());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
      expect(await count()).toBe(before);
    });
  });

  describe('update', () => {
    it('changes only the fields sent and keeps the system columns', async () => {
      const row = await insert({ contractNo: 'UPD-1', amount: 500, remark: '原备注', renewFlag: 1, renewRemark: '续' });
      const res = await s.post(hr, '/set/hr/updateHrContract', { contractId: row.contractId, amount: '650.5', createUser: users.lina.userId, unitId: 'evil' });
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ contractId: row.contractId, amount: 650.5, remark: '原备注', renewFlag: 1, renewRemark: '续', contractNo: 'UPD-1' });
      const after = (await stored(row.contractId))!;
      expect(after).toMatchObject({
        contractNo: 'UPD-1', remark: '原备注', renewRemark: '续', startDate: row.startDate, endDate: row.endDate,
        userId: row.userId, contractType: row.contractType, createUser: users.zhangwei.userId, unitId: users.zhangwei.unitId, createTime: row.createTime,
      });
      expect(Number(after.amount)).toBe(650.5);
      // The id may be sent as `id` too.
      const byId = await s.post(hr, '/set/hr/updateHrContract', { id: row.contractId, remark: '新备注' });
      expect(byId.body.data).toMatchObject({ remark: '新备注', amount: 650.5 });
    });

    it('validates the merged record: a new endDate before the stored startDate is refused and nothing changes', async () => {
      const row = await insert({ contractNo: 'UPD-2', startDate: '2024-06-01', endDate: '2025-06-01', amount: 777 });
      const res = await s.post(hr, '/set/hr/updateHrContract', { id: row.contractId, endDate: '2024-05-31', amount: 1 });
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors.map((e: any) => e.field)).toEqual(['endDate']);
      const after = (await stored(row.contractId))!;
      expect(after.endDate).toBe('2025-06-01');
      expect(Number(after.amount)).toBe(777);
    });

    it('applies the renewal expressions to the merged record', async () => {
      const row = await insert({ contractNo: 'UPD-3', renewFlag: 0 });
      const needsRemark = await s.post(hr, '/set/hr/updateHrContract', { id: row.contractId, renewFlag: 1 });
      expect(needsRemark.body.code).toBe(100);
      expect(needsRemark.body.data.errors.map((e: any) => e.field)).toEqual(['renewRemark']);
      const renewed = await s.post(hr, '/set/hr/updateHrContract', { id: row.contractId, renewFlag: 1, renewRemark: '续签两年' });
      expect(renewed.body.data).toMatchObject({ renewFlag: 1, renewRemark: '续签两年' });
      const off = await s.post(hr, '/set/hr/updateHrContract', { id: row.contractId, renewFlag: 0 });
      expect(off.body.data).toMatchObject({ renewFlag: 0, renewRemark: null });
      expect((await stored(row.contractId))!.renewRemark).toBeNull();
    });

    it('keeps contractNo unique on update but lets a row keep its own number', async () => {
      const a = await insert({ contractNo: 'UPD-4A' });
      const b = await insert({ contractNo: 'UPD-4B' });
      const clash = await s.post(hr, '/set/hr/updateHrContract', { id: b.contractId, contractNo: 'UPD-4A' });
      expect(clash.body.code).toBe(100);
      expect((await stored(b.contractId))!.contractNo).toBe('UPD-4B');
      const own = await s.post(hr, '/set/hr/updateHrContract', { id: a.contractId, contractNo: 'UPD-4A', amount: 5 });
      expect(own.body.code).toBe(200);
    });

    it('answers 404 for an unknown id and refuses a user without the update permission', async () => {
      const unknown = await s.post(hr, '/set/hr/updateHrContract', { id: 'no-such-id', amount: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(404);
      const row = await insert();
      const denied = await s.post(lina, '/set/hr/updateHrContract', { id: row.contractId, amount: 1 });
      expect(denied.status).toBe(403);
      expect(Number((await stored(row.contractId))!.amount)).toBe(1000);
    });
  });

  describe('delete', () => {
    /** A contract of another unit: outside zhangwei's unit scope. */
    async function foreignRow(contractNo: string): Promise<string> {
      const contractId = `foreign-${contractNo}`;
      await db().insertInto('hr_contract').values({
        contractId, contractNo, userId: users.lina.userId, contractType: 'fixed', startDate: '2024-01-01', endDate: '2025-01-01',
        amount: 1, renewFlag: 0, createUser: 'someone-else', createDept: 'dept-elsewhere', unitId: 'unit-elsewhere',
        createTime: '2024-01-01 00:00:00', updateTime: '2024-01-01 00:00:00',
      }).execute();
      return contractId;
    }

    it('deletes one row; then it reads as 404', async () => {
      const row = await insert();
      const res = await s.post(hr, '/set/hr/deleteHrContract', { id: row.contractId });
      expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
      expect(await stored(row.contractId)).toBeUndefined();
      expect((await s.get(hr, '/get/hr/getHrContractById', { id: row.contractId })).status).toBe(404);
      const again = await s.post(hr, '/set/hr/deleteHrContract', { id: row.contractId });
      expect(again.status).toBe(404);
    });

    it('deletes several rows sent as ids[]', async () => {
      const a = await insert();
      const b = await insert();
      const keep = await insert();
      const res = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [a.contractId, b.contractId] });
      expect(res.body).toMatchObject({ code: 200, data: { deleted: 2 } });
      expect(await stored(a.contractId)).toBeUndefined();
      expect(await stored(b.contractId)).toBeUndefined();
      expect(await stored(keep.contractId)).toBeDefined();
    });

    it('deletes nothing when one id of the batch lies outside the caller\'s scope (403)', async () => {
      const mine = await insert();
      const foreign = await foreignRow('FOREIGN-1');
      expect((await s.get(hr, '/get/hr/getHrContractById', { id: foreign })).status).toBe(403);
      const res = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [mine.contractId, foreign] });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
      expect(await stored(mine.contractId)).toBeDefined();
      expect(await stored(foreign)).toBeDefined();
      const single = await s.post(hr, '/set/hr/deleteHrContract', { id: foreign });
      expect(single.status).toBe(403);
      expect(await stored(foreign)).toBeDefined();
      const update = await s.post(hr, '/set/hr/updateHrContract', { id: foreign, amount: 99 });
      expect(update.status).toBe(403);
      expect(Number((await stored(foreign))!.amount)).toBe(1);
    });

    it('deletes nothing when one id of the batch does not exist (404), and refuses an empty batch', async () => {
      const a = await insert();
      const res = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [a.contractId, 'no-such-id'] });
      expect(res.status).toBe(404);
      expect(await stored(a.contractId)).toBeDefined();
      const empty = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [] });
      expect(empty.body.code).toBe(100);
      expect(await stored(a.contractId)).toBeDefined();
    });

    it('refuses a user without the delete permission with 403', async () => {
      const row = await insert({ userId: users.lina.userId });
      const res = await s.post(lina, '/set/hr/deleteHrContract', { id: row.contractId });
      expect(res.status).toBe(403);
      expect(await stored(row.contractId)).toBeDefined();
    });
  });

  describe('English messages with X-Lang: en', () => {
    it('localises validation, rule, not-found and permission messages', async () => {
      const missing = await postEn(s, hr, '/set/hr/insertHrContract', { amount: 1 });
      expect(missing.body.code).toBe(100);
      const byField = Object.fromEntries((missing.body.data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
      expect(byField.userId).toBe('Employee：This field is required');
      expect(byField.endDate).toBe('End date：This field is required');
      expect(missing.body.message).toContain('The form is not valid');
      const rule = await postEn(s, hr, '/set/hr/insertHrContract', contract({ startDate: '2024-05-02', endDate: '2024-05-01' }));
      expect(rule.body.data.errors).toEqual([{ field: 'endDate', message: 'End date：The end date cannot be before the start date' }]);
      const renew = await postEn(s, hr, '/set/hr/insertHrContract', contract({ renewFlag: 1 }));
      expect(renew.body.data.errors[0].message).toBe('Renewal note：A renewal note is required when renewing');
      const notFound = await rawCall(s, hr, 'GET', '/get/hr/getHrContractById', { query: { id: 'nope' }, headers: { 'X-Lang': 'en' } });
      expect(notFound.status).toBe(404);
      expect(notFound.body.message).toBe('The record does not exist or was deleted');
      const denied = await postEn(s, lina, '/set/hr/insertHrContract', contract());
      expect(denied.status).toBe(403);
      // What the user could not do, in words; the permission code only in the data, for developers.
      expect(denied.body.message).toBe('You may not create Employment contract records');
      expect(denied.body.data).toEqual({ permission: 'hr:HrContract:insert' });
      const deniedZh = await s.post(lina, '/set/hr/insertHrContract', contract());
      expect(deniedZh.body.message).toBe('没有权限：新增劳动合同');
      // Accept-Language works for plain clients too.
      const viaAccept = await rawCall(s, hr, 'GET', '/get/hr/getHrContractById', { query: { id: 'nope' }, headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
      expect(viaAccept.body.message).toBe('The record does not exist or was deleted');
    });
  });
});
