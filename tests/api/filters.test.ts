import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFilterObj, matchesPredicates } from '../../runtime/core/filter';
import type { EntityDef } from '../../runtime/core/schema';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, registerAttachment } from './helpers';

const databases = await databasesUnderTest();

type Row = Record<string, any>;
type FilterObj = Record<string, { value: unknown; operator?: string }>;

const TYPES = ['fixed', 'open', 'service', 'intern'];
const AMOUNTS = [null, 5000, 4999.99, 5000.01, 123.45, 100000, 0];
const NOS = (i: number) => [`F-${i}`, `f-low-${i}`, `Fx_${i}`, `合同-F-${i}`, `ZZ-${i}`][i % 5];

describe.each(databases)('list filters (filterObj) on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let entity: EntityDef;
  let accounts: string[];
  let userIdOf: Record<string, string>;
  /** The ~40 rows inserted here, as the insert call answered them. */
  const mine: Row[] = [];

  beforeAll(async () => {
    s = await startTestServer(database);
    hr = await s.login('zhangwei');
    entity = s.server.ctx.registry.entities.get('HrContract')!;
    const users = await demoUsers(s);
    accounts = ['lina', 'liuyang', 'chenjing', 'yanglei'];
    userIdOf = Object.fromEntries(accounts.map((a) => [a, users[a].userId]));
    for (let i = 0; i < 40; i++) {
      const year = 2023 + (i % 3);
      const month = String((i % 12) + 1).padStart(2, '0');
      const day = String((i % 27) + 1).padStart(2, '0');
      const body: Record<string, unknown> = {
        contractNo: NOS(i), userId: userIdOf[accounts[i % 4]], contractType: TYPES[i % 4],
        startDate: `${year}-${month}-${day}`,
        endDate: i % 6 === 0 ? '2025-06-30' : `${year + 1 + (i % 2)}-${month}-${day}`,
      };
      const amount = AMOUNTS[i % 7];
      if (amount !== null) body.amount = amount;
      if (i % 3 === 0) Object.assign(body, { renewFlag: 1, renewRemark: '续签' });
      if (i % 3 === 1) body.renewFlag = 0;
      if (i % 4 !== 0) body.remark = i % 8 === 1 ? `Remark X ${i}` : `备注 ${i}`;
      // startDate of row 6 is 2023-07-07 and endDate 2025-06-30 — still end >= start.
      const res = await s.post(hr, '/set/hr/insertHrContract', body);
      expect(res.body.code, `${NOS(i)}: ${res.body.message}`).toBe(200);
      mine.push(res.body.data);
    }
  });
  afterAll(async () => { await s.stop(); });

  async function list(filterObj: unknown): Promise<Row[]> {
    const res = await s.get(hr, '/get/hr/getHrContractList', { filterObj, pageSize: 500 });
    expect(res.status, JSON.stringify(filterObj)).toBe(200);
    expect(res.body.code, `${JSON.stringify(filterObj)}: ${res.body.message}`).toBe(200);
    expect(res.body.data.total).toBe(res.body.data.list.length);
    return res.body.data.list;
  }
  const ids = (rows: Row[]) => rows.map((r) => String(r.contractId)).sort();
  /** The server's answer restricted to the rows inserted here. */
  async function mineMatching(filterObj: FilterObj): Promise<string[]> {
    const mineIds = new Set(mine.map((r) => r.contractId));
    return ids((await list(filterObj)).filter((r) => mineIds.has(r.contractId)));
  }
  const expectMine = (predicate: (r: Row) => boolean) => ids(mine.filter(predicate));

  describe('each operator by filter type', () => {
    it('text: include / notInclude (case-insensitive) and eq / ne on contractNo', async () => {
      const expected = expectMine((r) => r.contractNo.toLowerCase().includes('f-'));
      expect(expected.length).toBeGreaterThan(10);
      expect(await mineMatching({ contractNo: { value: 'F-', operator: 'include' } })).toEqual(expected);
      expect(await mineMatching({ contractNo: { value: 'f-', operator: 'include' } })).toEqual(expected);
      expect(await mineMatching({ contractNo: { value: 'f-', operator: 'notInclude' } }))
        .toEqual(expectMine((r) => !r.contractNo.toLowerCase().includes('f-')));
      // _ is a literal character, not a LIKE wildcard.
      expect(await mineMatching({ contractNo: { value: 'x_', operator: 'include' } })).toEqual(expectMine((r) => r.contractNo.startsWith('Fx_')));
      expect(await mineMatching({ contractNo: { value: 'F-10', operator: 'eq' } })).toEqual(expectMine((r) => r.contractNo === 'F-10'));
      expect(await mineMatching({ contractNo: { value: 'F-10', operator: 'ne' } })).toEqual(expectMine((r) => r.contractNo !== 'F-10'));
      // No operator: a text field means include.
      expect(await mineMatching({ contractNo: { value: '合同' } })).toEqual(expectMine((r) => r.contractNo.includes('合同')));
    });

    it('numeric: amount gt / ge / lt / le / eq / ne, empty amounts only in the negative', async () => {
      const has = (r: Row) => r.amount !== null;
      const cases: [string, unknown, (r: Row) => boolean][] = [
        ['gt', 5000, (r) => has(r) && r.amount > 5000],
        ['ge', 5000, (r) => has(r) && r.amount >= 5000],
        ['lt', 5000, (r) => has(r) && r.amount < 5000],
        ['le', '5000', (r) => has(r) && r.amount <= 5000],
        ['eq', 5000, (r) => has(r) && r.amount === 5000],
        ['eq', '4999.99', (r) => has(r) && r.amount === 4999.99],
        ['ne', 5000, (r) => !has(r) || r.amount !== 5000],
        ['le', 0, (r) => has(r) && r.amount <= 0],
      ];
      for (const [operator, value, predicate] of cases) {
        const got = await mineMatching({ amount: { value, operator } });
        expect(got, `${operator} ${String(value)}`).toEqual(expectMine(predicate));
      }
      expect(mine.some((r) => r.amount === null)).toBe(true);
    });

    it('select: contractType include / notInclude with arrays, eq and ne', async () => {
      expect(await mineMatching({ contractType: { value: ['fixed', 'open'], operator: 'include' } }))
        .toEqual(expectMine((r) => r.contractType === 'fixed' || r.contractType === 'open'));
      expect(await mineMatching({ contractType: { value: ['fixed', 'intern'], operator: 'notInclude' } }))
        .toEqual(expectMine((r) => r.contractType !== 'fixed' && r.contractType !== 'intern'));
      expect(await mineMatching({ contractType: { value: 'service', operator: 'eq' } })).toEqual(expectMine((r) => r.contractType === 'service'));
      expect(await mineMatching({ contractType: { value: ['service'], operator: 'ne' } })).toEqual(expectMine((r) => r.contractType !== 'service'));
      expect(await mineMatching({ userId: { value: [userIdOf.lina, userIdOf.yanglei], operator: 'include' } }))
        .toEqual(expectMine((r) => r.userId === userIdOf.lina || r.userId === userIdOf.yanglei));
    });

    it('date: endDate eq / gt / lt / ge / le / ne', async () => {
      const d = '2025-06-30';
      expect(await mineMatching({ endDate: { value: d, operator: 'eq' } })).toEqual(expectMine((r) => r.endDate === d));
      expect(await mineMatching({ endDate: { value: d, operator: 'gt' } })).toEqual(expectMine((r) => r.endDate > d));
      expect(await mineMatching({ endDate: { value: d, operator: 'lt' } })).toEqual(expectMine((r) => r.endDate < d));
      expect(await mineMatching({ endDate: { value: d, operator: 'ge' } })).toEqual(expectMine((r) => r.endDate >= d));
      expect(await mineMatching({ endDate: { value: d, operator: 'le' } })).toEqual(expectMine((r) => r.endDate <= d));
      expect(await mineMatching({ endDate: { value: d, operator: 'ne' } })).toEqual(expectMine((r) => r.endDate !== d));
      expect(mine.filter((r) => r.endDate === d).length).toBeGreaterThan(3);
    });

    it('daterange: startDate include [from, to] (ends inclusive) and notInclude, also as "from,to" text', async () => {
      const inside = (r: Row) => r.startDate >= '2024-01-01' && r.startDate <= '2024-12-31';
      expect(await mineMatching({ startDate: { value: ['2024-01-01', '2024-12-31'], operator: 'include' } })).toEqual(expectMine(inside));
      expect(await mineMatching({ startDate: { value: ['2024-01-01', '2024-12-31'], operator: 'notInclude' } })).toEqual(expectMine((r) => !inside(r)));
      expect(await mineMatching({ startDate: { value: '2024-01-01,2024-12-31' } })).toEqual(expectMine(inside));
      // Both ends inclusive: a one-day range finds exactly the rows of that day.
      const day = mine[5].startDate as string;
      expect(await mineMatching({ startDate: { value: [day, day], operator: 'include' } })).toEqual(expectMine((r) => r.startDate === day));
    });

    it('switch: renewFlag eq 1 / eq 0 / ne 1', async () => {
      expect(await mineMatching({ renewFlag: { value: 1, operator: 'eq' } })).toEqual(expectMine((r) => r.renewFlag === 1));
      expect(await mineMatching({ renewFlag: { value: '1', operator: 'eq' } })).toEqual(expectMine((r) => r.renewFlag === 1));
      expect(await mineMatching({ renewFlag: { value: 0, operator: 'eq' } })).toEqual(expectMine((r) => r.renewFlag === 0));
      expect(await mineMatching({ renewFlag: { value: 1, operator: 'ne' } })).toEqual(expectMine((r) => r.renewFlag !== 1));
    });

    it('combines several fields with AND, and ignores cleared entries', async () => {
      const got = await mineMatching({
        contractType: { value: ['fixed', 'open', 'service'], operator: 'include' },
        amount: { value: 100, operator: 'ge' },
        renewFlag: { value: 1, operator: 'eq' },
        contractNo: { value: '', operator: 'include' },
        startDate: { value: ['', ''], operator: 'include' },
      });
      expect(got).toEqual(expectMine((r) => r.contractType !== 'intern' && r.amount !== null && r.amount >= 100 && r.renewFlag === 1));
      // total and summary are computed over the same filtered rows.
      const filtered = await s.get(hr, '/get/hr/getHrContractList', { filterObj: { amount: { value: 5000, operator: 'ge' }, contractType: { value: ['fixed', 'open'] } }, pageSize: 2, summary: 1 });
      const all = await list(undefined);
      const matching = all.filter((r) => r.amount !== null && r.amount >= 5000 && (r.contractType === 'fixed' || r.contractType === 'open'));
      expect(filtered.body.data.total).toBe(matching.length);
      expect(filtered.body.data.summary.amount).toBeCloseTo(matching.reduce((a, r) => a + r.amount, 0), 2);
      const everything = await list({ amount: { value: '', operator: 'gt' }, contractType: { value: [], operator: 'include' } });
      const unfiltered = await list(undefined);
      expect(ids(everything)).toEqual(ids(unfiltered));
    });
  });

  describe('SQL and the in-memory reference semantics agree', () => {
    const PREDICATES: FilterObj[] = [
      { contractNo: { value: 'f-', operator: 'include' } },
      { contractNo: { value: 'HT-2026', operator: 'include' } },
      { contractNo: { value: 'F-', operator: 'notInclude' } },
      { contractNo: { value: 'F-10', operator: 'eq' } },
      { contractNo: { value: 'F-10', operator: 'ne' } },
      { contractNo: { value: '%', operator: 'include' } },
      { contractNo: { value: '_', operator: 'notInclude' } },
      { amount: { value: 5000, operator: 'gt' } },
      { amount: { value: 5000, operator: 'ge' } },
      { amount: { value: 5000, operator: 'lt' } },
      { amount: { value: 5000, operator: 'le' } },
      { amount: { value: 5000, operator: 'eq' } },
      { amount: { value: 5000, operator: 'ne' } },
      { amount: { value: '0', operator: 'le' } },
      { amount: { value: 12500, operator: 'ge' } },
      { contractType: { value: ['fixed', 'open'], operator: 'include' } },
      { contractType: { value: ['fixed'], operator: 'notInclude' } },
      { contractType: { value: 'intern', operator: 'eq' } },
      { contractType: { value: 'intern', operator: 'ne' } },
      { contractType: { value: 'service' } },
      { endDate: { value: '2025-06-30', operator: 'eq' } },
      { endDate: { value: '2025-06-30', operator: 'gt' } },
      { endDate: { value: '2025-06-30', operator: 'lt' } },
      { endDate: { value: '2026-01-01', operator: 'ge' } },
      { endDate: { value: '2026-01-01', operator: 'le' } },
      { endDate: { value: '2025-06-30', operator: 'ne' } },
      { startDate: { value: ['2024-01-01', '2024-12-31'], operator: 'include' } },
      { startDate: { value: ['2024-01-01', '2024-12-31'], operator: 'notInclude' } },
      { startDate: { value: '2023-03-01,2025-02-28' } },
      { endDate: { value: ['2025-01-01', '2026-12-31'], operator: 'include' } },
      { renewFlag: { value: 1, operator: 'eq' } },
      { renewFlag: { value: 0, operator: 'eq' } },
      { renewFlag: { value: '1', operator: 'ne' } },
      { renewFlag: { value: false, operator: 'ne' } },
      { remark: { value: 'x', operator: 'include' } },
      { remark: { value: 'x', operator: 'notInclude' } },
      { remark: { value: '备注 2', operator: 'eq' } },
      { remark: { value: '备注 2', operator: 'ne' } },
      { renewRemark: { value: '续', operator: 'notInclude' } },
      { userId: { value: 'LINA', operator: 'include' } },
      { createUser: { value: 'nobody', operator: 'ne' } },
      { createTime: { value: '2000-01-01', operator: 'gt' } },
      { createTime: { value: ['2000-01-01', '2100-12-31'], operator: 'notInclude' } },
      { contractType: { value: ['open', 'service'], operator: 'include' }, amount: { value: 1000, operator: 'lt' } },
      { renewFlag: { value: 1, operator: 'ne' }, endDate: { value: '2025-06-30', operator: 'ge' }, contractNo: { value: 'f', operator: 'include' } },
      { amount: { value: 5000, operator: 'ne' }, remark: { value: '备注', operator: 'notInclude' }, startDate: { value: ['2023-01-01', '2024-06-30'], operator: 'notInclude' } },
    ];

    it('returns exactly the rows matchesPredicates accepts, for every predicate', async () => {
      const all = await list(undefined);
      expect(all.length).toBeGreaterThanOrEqual(50);
      // The data must exercise empty cells: amount, remark, renewFlag and renewRemark have nulls.
      for (const f of ['amount', 'remark', 'renewRemark']) expect(all.some((r) => r[f] === null), f).toBe(true);
      let nonTrivial = 0;
      for (const filterObj of PREDICATES) {
        const predicates = parseFilterObj(entity, JSON.stringify(filterObj));
        const expected = ids(all.filter((r) => matchesPredicates(r, predicates)));
        const got = ids(await list(filterObj));
        expect(got, JSON.stringify(filterObj)).toEqual(expected);
        if (expected.length > 0 && expected.length < all.length) nonTrivial++;
      }
      // Most predicates must split the rows: an always-empty or always-full answer proves little.
      expect(nonTrivial).toBeGreaterThanOrEqual(PREDICATES.length - 6);
    });

    it('agrees on the my-list and the select list too', async () => {
      const lina = await s.login('lina');
      const filterObj = { amount: { value: 5000, operator: 'ne' }, renewFlag: { value: 1, operator: 'ne' } };
      const res = await s.get(lina, '/get/hr/getMyHrContractList', { filterObj, pageSize: 500 });
      expect(res.body.code).toBe(200);
      const all = await list(undefined);
      const predicates = parseFilterObj(entity, filterObj);
      expect(ids(res.body.data.list)).toEqual(ids(all.filter((r) => r.userId === userIdOf.lina && matchesPredicates(r, predicates))));
      const select = await s.get(hr, '/get/hr/getHrContractListForSelect', { filterObj, pageSize: 500 });
      expect(ids(select.body.data.list)).toEqual(ids(all.filter((r) => matchesPredicates(r, predicates))));
    });

    it('folds case beyond ASCII the way the reference does (Ä/ä, full-width Ｆ/ｆ)', async () => {
      const rows: Row[] = [];
      for (const contractNo of ['ÄRGER-1', 'ärger-2', 'ＦＷ-ＡＢＣ', 'fw-abc-ascii']) {
        const res = await s.post(hr, '/set/hr/insertHrContract', {
          contractNo, userId: userIdOf.lina, contractType: 'fixed', startDate: '2024-01-01', endDate: '2024-12-31',
        });
        expect(res.body.code).toBe(200);
        rows.push(res.body.data);
      }
      const all = await list(undefined);
      for (const filterObj of [
        { contractNo: { value: 'ärger', operator: 'include' } },
        { contractNo: { value: 'ÄRGER', operator: 'include' } },
        { contractNo: { value: 'ｆｗ-ａｂｃ', operator: 'include' } },
        { contractNo: { value: 'ärger', operator: 'notInclude' } },
      ]) {
        const predicates = parseFilterObj(entity, filterObj);
        expect(ids(await list(filterObj)), JSON.stringify(filterObj)).toEqual(ids(all.filter((r) => matchesPredicates(r, predicates))));
      }
      const both = await list({ contractNo: { value: 'ärger', operator: 'include' } });
      expect(both.map((r) => r.contractNo).sort()).toEqual(['ÄRGER-1', 'ärger-2']);
    });

    it('matches comma-joined ids (attachIds, a tags filter) exactly as the reference does', async () => {
      const hrUserId = (await demoUsers(s)).zhangwei.userId;
      for (const attachId of ['AbC1', 'x2', 'abc1', 'abc10']) await registerAttachment(s, attachId, hrUserId);
      for (const [contractNo, attachIds] of [['TAG-1', 'AbC1,x2'], ['TAG-2', 'abc1'], ['TAG-3', 'x2,abc10'], ['TAG-4', null]] as const) {
        const res = await s.post(hr, '/set/hr/insertHrContract', {
          contractNo, userId: userIdOf.lina, contractType: 'fixed', startDate: '2024-01-01', endDate: '2024-12-31', attachIds,
        });
        expect(res.body.code).toBe(200);
      }
      const all = await list(undefined);
      for (const filterObj of [
        { attachIds: { value: ['x2'], operator: 'include' } },
        { attachIds: { value: 'abc1', operator: 'include' } },
        { attachIds: { value: ['abc1', 'x2'], operator: 'include' } },
        { attachIds: { value: ['abc1'], operator: 'notInclude' } },
        { attachIds: { value: ['AbC1'], operator: 'include' } },
      ]) {
        const predicates = parseFilterObj(entity, filterObj);
        expect(ids(await list(filterObj)), JSON.stringify(filterObj)).toEqual(ids(all.filter((r) => matchesPredicates(r, predicates))));
      }
    });
  });

  describe('malformed filterObj is a clear code 100, never a 500', () => {
    const cases: [string, unknown, string][] = [
      ['bad JSON', '{"amount": {', '筛选条件格式不正确'],
      ['not an object', '[1,2]', '筛选条件格式不正确'],
      ['a scalar', '42', '筛选条件格式不正确'],
      ['entry not an object', { amount: 5 }, '筛选条件格式不正确'],
      ['unknown field', { noSuchField: { value: 1, operator: 'eq' } }, '不能按字段 noSuchField 筛选'],
      ['SQL in the field name', { 'amount" = 1 or "1': { value: 1, operator: 'eq' } }, '筛选'],
      ['prototype key', '{"__proto__": {"value": 1, "operator": "eq"}}', '不能按字段 __proto__ 筛选'],
      ['unknown operator', { amount: { value: 1, operator: 'like' } }, '字段 amount 不支持该筛选运算符'],
      ['ordering a text field', { contractNo: { value: 'F', operator: 'gt' } }, '字段 contractNo 不支持该筛选运算符'],
      ['substring of a number', { amount: { value: '5', operator: 'include' } }, '字段 amount 不支持该筛选运算符'],
      ['ordering a switch', { renewFlag: { value: 1, operator: 'gt' } }, '字段 renewFlag 不支持该筛选运算符'],
      ['a number that is not', { amount: { value: '12abc', operator: 'gt' } }, '字段 amount 的筛选值无效'],
      ['an impossible date', { endDate: { value: '2024-13-45', operator: 'eq' } }, '字段 endDate 的筛选值无效'],
      ['a date that is text', { endDate: { value: 'tomorrow', operator: 'lt' } }, '字段 endDate 的筛选值无效'],
      ['a reversed range', { startDate: { value: ['2024-12-31', '2024-01-01'], operator: 'include' } }, '字段 startDate 的筛选值无效'],
      ['a half-open range', { startDate: { value: ['2024-01-01', ''], operator: 'include' } }, '字段 startDate 的筛选值无效'],
      ['a three-part range', { startDate: { value: ['2024-01-01', '2024-02-01', '2024-03-01'], operator: 'include' } }, '字段 startDate 的筛选值无效'],
      ['a switch that is not 1/0', { renewFlag: { value: 'yes', operator: 'eq' } }, '字段 renewFlag 的筛选值无效'],
      ['an object as a value', { contractType: { value: { a: 1 }, operator: 'eq' } }, '字段 contractType 的筛选值无效'],
    ];
    for (const [name, filterObj, message] of cases) {
      it(`refuses ${name}`, async () => {
        const res = await s.get(hr, '/get/hr/getHrContractList', { filterObj });
        expect(res.status).toBe(200);
        expect(res.body.code).toBe(100);
        expect(res.body.message).toContain(message);
      });
    }

    it('says the same in English', async () => {
      const res = await fetch(`${s.baseUrl}/capi/get/hr/getHrContractList?${new URLSearchParams({ filterObj: JSON.stringify({ amount: { value: 'x', operator: 'gt' } }) })}`, {
        headers: { Authorization: `Bearer ${hr}`, 'X-Lang': 'en' },
      });
      expect(await res.json()).toMatchObject({ code: 100, message: 'The filter value for field amount is not valid' });
    });
  });
});
