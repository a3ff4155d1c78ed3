import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, rawCall, type DemoUser } from './helpers';
import { DEMO_USERS } from '../../server/seed/demoOrganisation';

const databases = await databasesUnderTest();

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** `[[[…"x"…]]]` or `{"a":{"a":…}}` as JSON text, `depth` levels deep (built as text: JSON.stringify would overflow first). */
function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

function expectRefused(res: Answer, message: string | RegExp, what: string): void {
  expect(res.status, what).toBe(200);
  expect(res.body.code, `${what}: ${res.body.message}`).toBe(100);
  if (typeof message === 'string') expect(res.body.message, what).toBe(message);
  else expect(res.body.message, what).toMatch(message);
}

/**
 * Requests that used to end in a server error (HTTP 500) — offsets past any integer, NUL
 * characters PostgreSQL cannot store, values nested 10,000 deep, filters with more values than a
 * statement may bind, duplicate values racing past the checks — each answered with a clear
 * code 100 (or, for paging, the honest empty page), the same on both databases.
 */
describe.each(databases)('hostile list and request parameters on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let admin: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, admin] = await Promise.all([s.login('zhangwei'), s.login('admin')]);
    users = await demoUsers(s);
    for (let i = 0; i < 3; i++) {
      const res = await s.post(hr, '/set/hr/insertHrContract', {
        contractNo: `HOSTILE-${i}`, userId: users.lina.userId, contractType: 'fixed', startDate: '2025-01-01', endDate: '2026-01-01',
      });
      expect(res.body.code, res.body.message).toBe(200);
    }
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const contracts = async () => Number((await db().selectFrom('hr_contract').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const list = (params: Record<string, unknown>) => s.get(hr, '/get/hr/getHrContractList', params);

  describe('paging', () => {
    it('answers a page past any integer (1e18, 1e308, Infinity) with the empty page and the true total', async () => {
      const first = await list({ page: 1 });
      expect(first.body.code).toBe(200);
      const total = first.body.data.total as number;
      expect(total).toBeGreaterThanOrEqual(3);
      const huge = [
        await list({ page: '1e18' }), await list({ page: 'Infinity' }), await list({ page: '1e308' }), await list({ page: String(2 ** 63) }),
        await s.postJson(hr, '/get/hr/getHrContractList', { page: 1e308 }), await s.postJson(hr, '/get/hr/getHrContractList', { page: 1e18, pageSize: 500 }),
      ];
      for (const [i, res] of huge.entries()) {
        expect(res.status, `case ${i}`).toBe(200);
        expect(res.body.code, `case ${i}: ${res.body.message}`).toBe(200);
        expect(res.body.data, `case ${i}`).toMatchObject({ list: [], total });
      }
    });

    it('reads a page that is not a positive number as the first, and keeps pageSize within 1…500', async () => {
      const first = (await list({ page: 1, pageSize: 2 })).body.data.list as { contractId: string }[];
      for (const page of ['-Infinity', 'NaN', '-3', '0', 'abc']) {
        const res = await list({ page, pageSize: 2 });
        expect(res.body.code, page).toBe(200);
        expect((res.body.data.list as { contractId: string }[]).map((r) => r.contractId), page).toEqual(first.map((r) => r.contractId));
      }
      const sizes: [string, number][] = [['1e9', 500], ['Infinity', 500], ['-1', 1], ['0', 15], ['NaN', 15], ['-Infinity', 1]];
      const total = (await list({})).body.data.total as number;
      for (const [pageSize, size] of sizes) {
        const res = await list({ pageSize });
        expect(res.body.code, pageSize).toBe(200);
        expect(res.body.data.list, pageSize).toHaveLength(Math.min(size, total));
      }
    });
  });

  describe('NUL characters', () => {
    const refusedNul = (field: string) => `参数 ${field} 含有不允许的空字符（\\0）`;

    it('refuses a NUL in a keyword, a filter value or a sort, as query, form or JSON', async () => {
      expectRefused(await list({ keyword: 'HOSTILE\u0000' }), refusedNul('keyword'), 'keyword');
      expectRefused(await list({ filterObj: JSON.stringify({ remark: { value: 'a\u0000b', operator: 'include' } }) }), refusedNul('filterObj'), 'filter text');
      // The escape inside JSON text is the same character once parsed.
      expectRefused(await list({ filterObj: '{"remark":{"value":"a\\u0000b","operator":"include"}}' }), refusedNul('filterObj'), 'escaped');
      expectRefused(await s.postJson(hr, '/get/hr/getHrContractList', { filterObj: { contractType: { value: ['fixed', 'x\u0000'] } } }), refusedNul('filterObj'), 'filter list');
      expectRefused(await list({ prop: 'contractNo\u0000' }), refusedNul('prop'), 'prop');
      expectRefused(await s.get(hr, '/get/system/getUserListForSelect', { keyword: '\u0000' }), refusedNul('keyword'), 'picker');
      const en = await postEn(s, hr, '/get/hr/getHrContractList', { keyword: 'a\u0000' });
      expect(en.body).toMatchObject({ code: 100, message: 'Parameter keyword contains a NUL character (\\0), which is not allowed' });
    });

    it('refuses a NUL in any field of a write, in form and JSON bodies and in a key, writing nothing', async () => {
      const before = await contracts();
      const contract = { userId: users.lina.userId, contractType: 'fixed', startDate: '2025-01-01', endDate: '2026-01-01' };
      expectRefused(await s.post(hr, '/set/hr/insertHrContract', { ...contract, contractNo: 'NUL-1', remark: 'a\u0000b' }), refusedNul('remark'), 'form');
      expectRefused(await s.postJson(hr, '/set/hr/insertHrContract', { ...contract, contractNo: 'NUL\u0000-2' }), refusedNul('contractNo'), 'json');
      expectRefused(await s.postJson(hr, '/set/hr/insertHrContract', { ...contract, contractNo: 'NUL-3', ['remark\u0000']: 'x' }), refusedNul('remark\\0'), 'key');
      expectRefused(await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { query: { contractNo: 'NUL\u0000-4' }, headers: JSON_HEADERS, body: JSON.stringify(contract) }), refusedNul('contractNo'), 'query of a post');
      expect(await contracts()).toBe(before);
      const stored = await db().selectFrom('hr_contract').select('contractNo').where('contractNo', 'like', 'NUL%').execute();
      expect(stored).toEqual([]);
    });
  });

  describe('nesting', () => {
    it('refuses column settings nested 10,000 deep, sent as JSON text or as a JSON body, keeping what was saved', async () => {
      const kept = [{ prop: 'contractNo', width: 120 }];
      expect((await s.postJson(hr, '/set/system/saveColumnSetting', { key: 'Deep', columns: kept })).body.code).toBe(200);
      const tooDeep = '参数 columns 嵌套层数过多（最多 32 层）';
      for (const kind of ['array', 'object'] as const) {
        const text = `[{"prop":"a","w":${deepJson(10_000, kind)}}]`;
        expectRefused(await s.post(hr, '/set/system/saveColumnSetting', { key: 'Deep', columns: text }), tooDeep, `form ${kind}`);
        expectRefused(await rawCall(s, hr, 'POST', '/set/system/saveColumnSetting', { headers: JSON_HEADERS, body: `{"key":"Deep","columns":${text}}` }), tooDeep, `json ${kind}`);
      }
      // A nested value well inside the limit is still no column setting.
      expectRefused(await s.postJson(hr, '/set/system/saveColumnSetting', { key: 'Deep', columns: [{ prop: 'a', width: { nested: [1] } }] }), '列设置格式不正确', 'nested');
      expect((await s.get(hr, '/get/system/getColumnSetting', { key: 'Deep' })).body.data).toEqual(kept);
    });

    it('refuses a filter nested 10,000 deep and accepts ordinary nesting', async () => {
      expectRefused(await rawCall(s, hr, 'POST', '/get/hr/getHrContractList', { headers: JSON_HEADERS, body: `{"filterObj":${deepJson(10_000, 'object')}}` }),
        '参数 filterObj 嵌套层数过多（最多 32 层）', 'json body');
      expectRefused(await list({ filterObj: deepJson(33, 'array') }), /嵌套层数过多/, 'text, 33 levels');
      // In a GET query of ~30 KB, over Node's default 16 KB head: read and refused in words, not
      // answered 431 with the connection dropped.
      expectRefused(await list({ filterObj: deepJson(5_000, 'array') }), /嵌套层数过多/, 'query text, 5,000 levels');
      expect((await list({ filterObj: { contractType: { value: ['fixed'], operator: 'include' } } })).body.code).toBe(200);
    });
  });

  describe('filters with very many values', () => {
    it('refuses 200,000 values in one filter, and a total above the cap, before any statement is built', async () => {
      const many = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
      expectRefused(await s.postJson(hr, '/get/hr/getHrContractList', { filterObj: { contractType: { value: many } } }),
        '字段 contractType 的筛选值过多（最多 1000 个）', 'select list');
      expectRefused(await s.postJson(hr, '/get/hr/getHrContractList', { filterObj: { userId: { value: many.slice(0, 1001), operator: 'include' } } }),
        '字段 userId 的筛选值过多（最多 1000 个）', 'user list');
      const en = await postEn(s, hr, '/get/hr/getHrContractList', { filterObj: JSON.stringify({ contractType: { value: many.slice(0, 5000) } }) });
      expect(en.body).toMatchObject({ code: 100, message: 'Too many filter values for field contractType (at most 1000)' });
      const total = await s.postJson(hr, '/get/hr/getHrContractList', {
        filterObj: { contractType: { value: many.slice(0, 1000) }, userId: { value: many.slice(0, 1000), operator: 'include' }, createUser: { value: ['x'], operator: 'include' } },
      });
      expectRefused(total, '筛选值过多（所有筛选项合计最多 2000 个）', 'total');
      expectRefused(await s.postJson(admin, '/get/system/getUserListForSelect', { filterObj: { deptId: { value: many.slice(0, 20_000), operator: 'include' } } }),
        '字段 deptId 的筛选值过多（最多 1000 个）', 'picker');
    });

    it('answers a filter of 1,000 values, the cap, as it means', async () => {
      const values = ['fixed', ...Array.from({ length: 999 }, (_, i) => `none-${i}`)];
      const res = await s.postJson(hr, '/get/hr/getHrContractList', { pageSize: 500, filterObj: { contractType: { value: values } } });
      expect(res.body.code, res.body.message).toBe(200);
      const rows = res.body.data.list as { contractType: string; contractNo: string }[];
      expect(rows.every((r) => r.contractType === 'fixed')).toBe(true);
      expect(rows.map((r) => r.contractNo)).toEqual(expect.arrayContaining(['HOSTILE-0', 'HOSTILE-1', 'HOSTILE-2']));
    });
  });

  describe('duplicate values racing past the checks', () => {
    it('answers 20 concurrent inserts of one dictionary code and one role code with one success and 19 clear refusals', async () => {
      for (const [call, table, column, body] of [
        ['/set/system/insertDic', 'sys_dic', 'code', { code: 'raceCode', label: '竞争' }],
        ['/set/system/insertRole', 'sys_role', 'roleCode', { roleCode: 'raceRole', roleName: '竞争', dataScope: '1' }],
      ] as const) {
        const answers = await Promise.all(Array.from({ length: 20 }, () => s.post(admin, call, body)));
        for (const res of answers) expect(res.status, `${call}: ${res.body.message}`).toBe(200);
        expect(answers.filter((r) => r.body.code === 200), call).toHaveLength(1);
        const refused = answers.filter((r) => r.body.code !== 200);
        expect(refused, call).toHaveLength(19);
        for (const res of refused) {
          expect(res.body.code).toBe(100);
          expect(res.body.message).toContain(`${Object.values(body)[0]} 已存在`);
        }
        const stored = await db().selectFrom(table).select(column).where(column, '=', Object.values(body)[0]).execute();
        expect(stored, call).toHaveLength(1);
      }
    });

    it('answers people taking one phone number at the same moment (updateMyInfo, inside its transaction) with one success and clear refusals', async () => {
      // People of the demo organisation who sign in (the demo's former employees' accounts are disabled).
      const accounts = DEMO_USERS.map(([account]) => account).filter((a) => !['admin', 'secadmin', 'auditor'].includes(a)).slice(0, 10);
      expect(accounts.length).toBeGreaterThan(5);
      const tokens = await Promise.all(accounts.map((a) => s.login(a)));
      for (const round of [0, 1, 2]) {
        const phone = `1391234000${round}`;
        const answers = await Promise.all(tokens.map((token) => s.post(token, '/set/system/updateMyInfo', { phone })));
        for (const res of answers) {
          expect(res.status, res.body.message).toBe(200);
          expect([200, 100], res.body.message).toContain(res.body.code);
        }
        expect(answers.filter((r) => r.body.code === 200), `round ${round}`).toHaveLength(1);
        // Refused by the pre-check (naming the value) or, racing past it, by the unique index (naming the field).
        for (const res of answers.filter((r) => r.body.code === 100)) {
          expect(res.body.message).toMatch(new RegExp(`手机号：${phone} 已存在|^手机号的值已存在，不能重复`));
        }
        expect(await db().selectFrom('sys_user').select('userId').where('phone', '=', phone).execute()).toHaveLength(1);
      }
    });
  });
});
