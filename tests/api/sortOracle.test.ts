import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

type Row = Record<string, unknown>;

/**
 * Sorting, filtering or searching by a field the caller cannot read tells them its values all
 * the same: sort the open user picker by phone, insert users with chosen phone numbers, and each
 * answer's order pins someone's number down further. A list is sorted, filtered and searched by
 * the fields its answer holds, and by nothing else.
 */
describe.each(databases)('sort, filter and keyword only by fields the answer holds, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let liuyang: string;
  let hr: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, liuyang, hr] = await Promise.all([s.login('admin'), s.login('liuyang'), s.login('zhangwei')]);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const picker = (token: string, params: Record<string, unknown>) => s.get(token, '/get/system/getUserListForSelect', { page: 1, pageSize: 100, ...params });

  describe('the open user picker, to a user who may not read the user list', () => {
    it('refuses a sort by phone or e-mail, naming the field, in either language', async () => {
      for (const prop of ['phone', 'email', 'createTime', 'roleIds']) {
        for (const order of ['ascending', 'descending']) {
          const res = await picker(liuyang, { prop, order });
          expect(res.status).toBe(200);
          expect(res.body, `${prop} ${order}`).toMatchObject({ code: 100, message: `不能按字段 ${prop} 排序`, data: { field: prop } });
        }
      }
      const en = await postEn(s, liuyang, '/get/system/getUserListForSelect', { prop: 'phone', order: 'ascending' });
      expect(en.body).toMatchObject({ code: 100, message: 'Cannot sort by field phone' });
    });

    it('answers no rows at all to a refused sort: no order to read anything from', async () => {
      // Before the rule, the ascending and descending answers ranked everyone by phone number.
      for (const order of ['ascending', 'descending']) {
        const res = await picker(liuyang, { prop: 'phone', order });
        expect(res.body.data).toEqual({ field: 'phone' });
        expect(JSON.stringify(res.body)).not.toContain(users.lina.userId);
      }
    });

    it('refuses filters on hidden fields and on the system columns it does not answer', async () => {
      for (const [field, value] of [['phone', '13800000003'], ['email', 'lina@example.com'], ['createUser', users.admin.userId], ['createTime', '2020-01-01 00:00:00']]) {
        const res = await picker(liuyang, { filterObj: JSON.stringify({ [field]: { value, operator: field === 'createTime' ? 'gt' : 'eq' } }) });
        expect(res.body, field).toMatchObject({ code: 100, message: `不能按字段 ${field} 筛选`, data: { field } });
      }
    });

    it('sorts and filters by the picker\'s own fields, in the order those fields give', async () => {
      for (const prop of ['accountId', 'userName', 'sort', 'deptId', 'status', 'userId']) {
        const res = await picker(liuyang, { prop, order: 'descending' });
        expect(res.body.code, `${prop}: ${res.body.message}`).toBe(200);
        expect((res.body.data.list as Row[]).length).toBeGreaterThan(3);
      }
      const byAccount = (await picker(liuyang, { prop: 'accountId', order: 'ascending' })).body.data.list as Row[];
      const accounts = byAccount.map((r) => String(r.accountId));
      expect(accounts).toEqual([...accounts].sort());
      const inDept = await picker(liuyang, { filterObj: { deptId: { value: [users.lina.deptId], operator: 'include' } } });
      expect(inDept.body.code).toBe(200);
      expect((inDept.body.data.list as Row[]).every((r) => r.deptId === users.lina.deptId)).toBe(true);
    });

    it('searches the label only: a phone number typed as a keyword finds no one', async () => {
      const byPhone = await picker(liuyang, { keyword: '13800000003' });
      expect(byPhone.body.code).toBe(200);
      expect(byPhone.body.data.total).toBe(0);
      const byName = await picker(liuyang, { keyword: '李娜' });
      expect((byName.body.data.list as Row[]).map((r) => r.value)).toEqual([users.lina.userId]);
      expect(JSON.stringify(byName.body.data)).not.toContain('13800000003');
    });
  });

  describe('a caller whose answer holds every field', () => {
    it('sorts the user picker and the user list by phone when they may read the list', async () => {
      for (const call of ['/get/system/getUserListForSelect', '/get/system/getUserList']) {
        const res = await s.get(admin, call, { page: 1, pageSize: 200, prop: 'phone', order: 'ascending' });
        expect(res.body.code, `${call}: ${res.body.message}`).toBe(200);
        const phones = (res.body.data.list as Row[]).map((r) => r.phone).filter((p): p is string => typeof p === 'string' && p !== '');
        expect(phones.length).toBeGreaterThan(3);
        expect(phones).toEqual([...phones].sort());
      }
      const filtered = await s.get(admin, '/get/system/getUserList', { filterObj: { phone: { value: '13800000003', operator: 'eq' } } });
      expect((filtered.body.data.list as Row[]).map((r) => r.accountId)).toEqual(['lina']);
    });

    it('sorts a module list by its fields and system columns, and refuses a field the entity does not have', async () => {
      for (const prop of ['amount', 'contractNo', 'createTime', 'updateTime', 'createUser']) {
        const res = await s.get(hr, '/get/hr/getHrContractList', { prop, order: 'descending' });
        expect(res.body.code, `${prop}: ${res.body.message}`).toBe(200);
      }
      for (const prop of ['no_such_column', 'amount; drop table hr_contract', 'password']) {
        const res = await s.get(hr, '/get/hr/getHrContractList', { prop, order: 'ascending' });
        expect(res.status).toBe(200);
        expect(res.body, prop).toMatchObject({ code: 100, message: `不能按字段 ${prop} 排序` });
      }
      // No prop is the list's default order, as before.
      expect((await s.get(hr, '/get/hr/getHrContractList', {})).body.code).toBe(200);
    });

    it('applies the same rule to the my list and the export', async () => {
      const my = await s.get(liuyang, '/get/hr/getMyHrContractList', { prop: 'nope', order: 'ascending' });
      expect(my.body).toMatchObject({ code: 100, message: '不能按字段 nope 排序' });
      expect((await s.get(liuyang, '/get/hr/getMyHrContractList', { prop: 'endDate', order: 'ascending' })).body.code).toBe(200);
      const exported = await s.get(hr, '/get/hr/exportHrContract', { prop: 'nope', order: 'ascending' });
      expect(exported.body).toMatchObject({ code: 100, message: '不能按字段 nope 排序' });
    });
  });
});
