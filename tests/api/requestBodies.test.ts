import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { deptIds, demoUsers, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('request bodies, trees, dictionaries and column settings on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let lina: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all([s.login('zhangwei'), s.login('lina')]);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const count = async () => (await db().selectFrom('hr_contract').select('contractId').execute()).length;
  const contract = (contractNo: string) => ({
    contractNo, userId: users.lina.userId, contractType: 'open', startDate: '2024-03-01', endDate: '2027-02-28',
    amount: 6543.21, renewFlag: 1, renewRemark: '到期续签', remark: '备注',
  });
  const comparable = (row: Record<string, unknown>) => {
    const { contractId: _id, contractNo: _no, createTime: _c, updateTime: _u, ...rest } = row;
    return rest;
  };

  describe('the same insert in every body format', () => {
    it('accepts form data, JSON and JSON with native types, storing the same record', async () => {
      const form = await s.post(hr, '/set/hr/insertHrContract', contract('BODY-FORM'));
      const json = await s.postJson(hr, '/set/hr/insertHrContract', contract('BODY-JSON'));
      const typed = await s.postJson(hr, '/set/hr/insertHrContract', { ...contract('BODY-TYPED'), renewFlag: true, amount: '6543.21' });
      for (const res of [form, json, typed]) {
        expect(res.status).toBe(200);
        expect(res.body.code, res.body.message).toBe(200);
      }
      expect(form.body.data).toMatchObject({ contractNo: 'BODY-FORM', amount: 6543.21, renewFlag: 1, renewRemark: '到期续签' });
      expect(comparable(json.body.data)).toEqual(comparable(form.body.data));
      expect(comparable(typed.body.data)).toEqual(comparable(form.body.data));
      const stored = await db().selectFrom('hr_contract').select(['contractNo', 'amount', 'renewFlag', 'userId'])
        .where('contractNo', 'in', ['BODY-FORM', 'BODY-JSON', 'BODY-TYPED']).orderBy('contractNo').execute();
      expect(stored.map((r) => [r.contractNo, Number(r.amount), Number(r.renewFlag), r.userId])).toEqual(
        ['BODY-FORM', 'BODY-JSON', 'BODY-TYPED'].map((no) => [no, 6543.21, 1, users.lina.userId]),
      );
    });

    it('refuses multipart on the generic insert with a clear code 100, storing nothing', async () => {
      const before = await count();
      const form = new FormData();
      for (const [k, v] of Object.entries(contract('BODY-MULTIPART'))) form.append(k, String(v));
      const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { body: form });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('该接口不接受文件上传');
      expect(await count()).toBe(before);
    });

    it('refuses a multi-valued name[] for a single-valued field instead of joining it', async () => {
      const res = await s.post(hr, '/set/hr/insertHrContract', { ...contract('BODY-ARRAY'), contractType: ['open', 'fixed'] });
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors.map((e: any) => e.field)).toEqual(['contractType']);
      const one = await s.post(hr, '/set/hr/insertHrContract', { ...contract('BODY-ARRAY'), contractType: ['fixed'] });
      expect(one.body.code).toBe(200);
      expect(one.body.data.contractType).toBe('fixed');
    });
  });

  describe('id lists', () => {
    it('deletes by ids sent as ids[] form fields, as a JSON array, and as a comma-joined string', async () => {
      const make = async (n: string) => (await s.post(hr, '/set/hr/insertHrContract', contract(n))).body.data.contractId as string;
      const [a, b, c, d, e] = await Promise.all(['IDS-A', 'IDS-B', 'IDS-C', 'IDS-D', 'IDS-E'].map(make));
      const form = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [a, b] });
      expect(form.body).toMatchObject({ code: 200, data: { deleted: 2 } });
      const json = await s.postJson(hr, '/set/hr/deleteHrContractByIds', { ids: [c] });
      expect(json.body).toMatchObject({ code: 200, data: { deleted: 1 } });
      const joined = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: `${d},${e}` });
      expect(joined.body).toMatchObject({ code: 200, data: { deleted: 2 } });
      const left = await db().selectFrom('hr_contract').select('contractId').where('contractId', 'in', [a, b, c, d, e]).execute();
      expect(left).toEqual([]);
    });

    it('counts a repeated id once', async () => {
      const id = (await s.post(hr, '/set/hr/insertHrContract', contract('IDS-DUP'))).body.data.contractId;
      const res = await s.post(hr, '/set/hr/deleteHrContractByIds', { ids: [id, id] });
      expect(res.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    });
  });

  describe('malformed and oversize bodies', () => {
    it('answers a malformed JSON body with code 100, not 500', async () => {
      for (const body of ['{"contractNo": ', '{bad json}', '[1,2', '']) {
        const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'Content-Type': 'application/json' }, body });
        expect(res.status, body).toBe(200);
        expect(res.body.code, body).toBe(100);
        expect(res.body.message, body).toMatch(/请求内容格式不正确|字段值不可为空/);
      }
      const en = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'Content-Type': 'application/json', 'X-Lang': 'en' }, body: '{bad' });
      expect(en.body).toMatchObject({ code: 100, message: 'The request body is malformed' });
    });

    it('answers a JSON body that is not an object (array, number) with validation, not a crash', async () => {
      for (const body of ['[1,2,3]', '42', '"text"', 'null']) {
        const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'Content-Type': 'application/json' }, body });
        expect(res.status, body).toBe(200);
        expect(res.body.code, body).toBe(100);
      }
    });

    it('answers an unsupported content type with code 100', async () => {
      const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'Content-Type': 'application/xml' }, body: '<a/>' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('不支持的请求格式');
    });

    it('answers a JSON body over 10 MB with code 100 and stores nothing', async () => {
      const before = await count();
      const body = JSON.stringify({ ...contract('BODY-HUGE'), remark: 'x'.repeat(11 * 1024 * 1024) });
      const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('请求内容过大');
      const form = await s.post(hr, '/set/hr/insertHrContract', { ...contract('BODY-HUGE-FORM'), remark: 'y'.repeat(11 * 1024 * 1024) });
      expect(form.body.code).toBe(100);
      expect(await count()).toBe(before);
    });

    it('refuses a too-long text field below the body limit by its maxLength', async () => {
      const res = await s.postJson(hr, '/set/hr/insertHrContract', { ...contract('BODY-LONG'), remark: '长'.repeat(501) });
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toEqual([{ field: 'remark', message: '备注：长度不能超过 500 个字符' }]);
    });
  });

  describe('tree, dictionary and per-user column settings', () => {
    it('getDeptTree answers the department tree nested, with label and value on every node', async () => {
      const res = await s.get(lina, '/get/system/getDeptTree');
      expect(res.body.code).toBe(200);
      const roots = res.body.data as any[];
      expect(roots).toHaveLength(1);
      expect(roots[0]).toMatchObject({ label: '华东智联科技集团', value: roots[0].deptId, deptName: '华东智联科技集团' });
      type Node = { label: string; value: string; deptId: string; parentId: string | null; children: Node[] };
      const all: Node[] = [];
      const walk = (nodes: Node[], parent: string | null) => {
        for (const n of nodes) {
          expect(n.value).toBe(n.deptId);
          expect(typeof n.label).toBe('string');
          expect(Array.isArray(n.children)).toBe(true);
          expect(n.parentId ?? null).toBe(parent);
          all.push(n);
          walk(n.children, n.deptId);
        }
      };
      walk(roots, null);
      const ids = await deptIds(s);
      expect(all.map((n) => n.deptId).sort()).toEqual(Object.values(ids).sort());
      const admin = roots[0].children.find((n: Node) => n.label === '行政部');
      expect(admin.children.map((n: Node) => n.label)).toEqual(['车辆调度组']);
      const tech = roots[0].children.find((n: Node) => n.label === '技术研发部');
      expect(tech.children.map((n: Node) => n.label).sort()).toEqual(['前端开发组', '后端开发组'].sort());
      // Children follow the sort column.
      expect(roots[0].children.map((n: Node) => n.label)).toEqual(['总经理办公室', '人力资源部', '行政部', '技术研发部', '财务部']);
    });

    it('getDicByCode answers the options of a dictionary in order, and [] for an unknown code', async () => {
      const res = await s.get(lina, '/get/system/getDicByCode', { code: 'hrContractType' });
      expect(res.body.code).toBe(200);
      expect(res.body.data).toEqual([
        { label: '固定期限劳动合同', value: 'fixed', tagType: 'processing', cssClass: '' },
        { label: '无固定期限劳动合同', value: 'open', tagType: 'success', cssClass: '' },
        { label: '劳务合同', value: 'service', tagType: 'warning', cssClass: '' },
        { label: '实习协议', value: 'intern', tagType: 'default', cssClass: '' },
      ]);
      expect((await s.get(lina, '/get/system/getDicByCode', { code: 'noSuchDictionary' })).body.data).toEqual([]);
      expect((await s.get(undefined, '/get/system/getDicByCode', { code: 'sex' })).status).toBe(401);
    });

    it('saves and reads column settings per user; another user does not see them', async () => {
      const columns = [{ prop: 'contractNo', width: 200, fixed: 'left', hide: false }, { prop: 'amount', width: 90, hide: true }];
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toBeNull();
      const save = await s.post(hr, '/set/system/saveColumnSetting', { key: 'HrContract', columns: JSON.stringify(columns) });
      expect(save.body.code).toBe(200);
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toEqual(columns);
      expect((await s.get(lina, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toBeNull();
      // lina's own settings do not touch zhangwei's; saving again replaces.
      await s.postJson(lina, '/set/system/saveColumnSetting', { key: 'HrContract', columns: [{ prop: 'endDate', width: 50 }] });
      expect((await s.get(lina, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toEqual([{ prop: 'endDate', width: 50 }]);
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toEqual(columns);
      await s.post(hr, '/set/system/saveColumnSetting', { key: 'HrContract', columns: JSON.stringify([{ prop: 'userId' }]) });
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'HrContract' })).body.data).toEqual([{ prop: 'userId' }]);
      const rows = await db().selectFrom('sys_user_setting').selectAll().where('userId', '=', users.zhangwei.userId).execute();
      expect(rows).toHaveLength(1);
      // Keys are separate.
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'OfficeVehicleApply' })).body.data).toBeNull();
    });

    it('refuses malformed column settings and keys with code 100, keeping what was saved', async () => {
      await s.post(hr, '/set/system/saveColumnSetting', { key: 'Kept', columns: JSON.stringify([{ prop: 'a' }]) });
      for (const columns of ['{bad json', '{"prop":"a"}', '[1,2]', '[{"width":3}]', '"text"', JSON.stringify([{ prop: 'x'.repeat(30000) }])]) {
        const res = await s.post(hr, '/set/system/saveColumnSetting', { key: 'Kept', columns });
        expect(res.status, columns.slice(0, 20)).toBe(200);
        expect(res.body.code, columns.slice(0, 20)).toBe(100);
        expect(res.body.message).toBe('列设置格式不正确');
      }
      expect((await s.post(hr, '/set/system/saveColumnSetting', { key: 'Kept' })).body.code).toBe(100);
      for (const key of ['../etc', '', 'a b', 'x'.repeat(101)]) {
        const res = await s.post(hr, '/set/system/saveColumnSetting', { key, columns: '[]' });
        expect(res.body.code, key).toBe(100);
        expect((await s.get(hr, '/get/system/getColumnSetting', { key })).body.code, key).toBe(100);
      }
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'Kept' })).body.data).toEqual([{ prop: 'a' }]);
    });
  });
});
