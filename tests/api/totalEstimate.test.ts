import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers } from './helpers';

const databases = await databasesUnderTest();

/** Large enough to be sampled (4 × the 10,000 cap); 40 % of the others in the HR user's unit (45,600). */
const ROWS = 120_000;
/** Of the unit's rows, these are written together at the end: a scope below the cap, on pages of their own. */
const CLUSTER_ROWS = 6_000;
const CONTRACT_TYPES = ['fixed', 'open', 'service', 'intern'];

/**
 * A full page of an unselective list in a large table: its total is judged from a sample of the
 * table (server/entity/totalEstimate.ts) and answered "10000+" without counting; a list whose rows
 * are fewer than the cap is never claimed to be more, and is counted exactly as before.
 */
describe.each(databases)('totals judged from a sample on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let admin: string;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    hr = await s.login('zhangwei');
    admin = await s.login('admin');
    const users = await demoUsers(s);
    for (let start = 0; start < ROWS; start += 1000) {
      const rows = [];
      for (let i = start; i < start + 1000; i += 1) {
        const clustered = i >= ROWS - CLUSTER_ROWS;
        const inUnit = !clustered && i % 5 < 2;
        rows.push({
          contractId: `te-${i}`, contractNo: clustered ? `CL-${i}` : `TE-${i}`, userId: users.lina.userId, contractType: CONTRACT_TYPES[i % 4],
          startDate: `20${10 + (i % 16)}-0${1 + (i % 9)}-1${i % 10}`, endDate: null, amount: 5000 + (i % 1000) * 10, renewFlag: i % 2,
          rowVersion: 0, createUser: users.zhangwei.userId, createDept: users.zhangwei.deptId,
          unitId: inUnit ? users.zhangwei.unitId : clustered ? 'unit-cluster' : `unit-${i % 3}`,
          createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
        });
      }
      await db().insertInto('hr_contract').values(rows).execute();
    }
    await sql.raw(database.name === 'postgres' ? 'analyze hr_contract' : 'analyze').execute(db());
  });
  afterAll(async () => { await s.stop(); });

  async function listOf(token: string, params: Record<string, unknown>): Promise<{ answer: any; statements: CompiledQuery[] }> {
    const statements: CompiledQuery[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query); });
    try {
      const res = await s.get(token, '/get/hr/getHrContractList', { pageSize: 15, ...params });
      expect(res.body.code, res.body.message).toBe(200);
      return { answer: res.body.data, statements: statements.filter((q) => /"hr_contract"/.test(q.sql)) };
    } finally {
      stop();
    }
  }
  const sampled = (statements: CompiledQuery[]) => statements.filter((q) => /json_each|tablesample/i.test(q.sql));
  const capped = (statements: CompiledQuery[]) => statements.filter((q) => /count\(/i.test(q.sql) && /limit/i.test(q.sql));
  const truth = async (where: (qb: any) => any) => Number((await where(db().selectFrom('hr_contract')).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers "10000+" from the sample for an unselective filter or keyword, without counting', async () => {
    // The scope alone is counted through its index, capped: no sample.
    const unfiltered = await listOf(hr, {});
    expect(unfiltered.answer).toMatchObject({ total: 10_000, totalCapped: true });
    expect(sampled(unfiltered.statements)).toEqual([]);
    expect(capped(unfiltered.statements)).toHaveLength(1);
    // The first call samples; the claim is then remembered: the next pages neither sample nor count.
    for (let i = 0; i < 5; i += 1) {
      const { answer, statements } = await listOf(hr, { filterObj: JSON.stringify({ amount: { value: 5000, operator: 'ge' } }) });
      expect(answer).toMatchObject({ total: 10_000, totalCapped: true });
      expect(sampled(statements)).toHaveLength(i === 0 ? 1 : 0);
      expect(capped(statements)).toEqual([]);
    }
    const filtered = await listOf(hr, { filterObj: JSON.stringify({ contractType: { value: ['fixed', 'open', 'service'], operator: 'include' } }) });
    expect(filtered.answer).toMatchObject({ total: 10_000, totalCapped: true });
    expect(capped(filtered.statements)).toEqual([]);
    const keyword = await listOf(admin, { keyword: 'TE-' });
    expect(keyword.answer).toMatchObject({ total: 10_000, totalCapped: true });
    expect(capped(keyword.statements)).toEqual([]);
  });

  it('remembers a claim through inserts, and samples again once rows of the table are changed', async () => {
    const users = await demoUsers(s);
    const filterObj = JSON.stringify({ amount: { value: 6000, operator: 'ge' } });
    const samples = async () => {
      const { answer, statements } = await listOf(hr, { filterObj });
      expect(answer).toMatchObject({ total: 10_000, totalCapped: true });
      return sampled(statements).length;
    };
    expect(await samples()).toBe(1);
    expect(await samples()).toBe(0);
    // An insert only adds matches: the claim stands.
    await db().insertInto('hr_contract').values({
      contractId: 'te-extra', contractNo: 'TE-extra', userId: users.lina.userId, contractType: 'fixed', startDate: '2020-01-01',
      amount: 100, renewFlag: 0, rowVersion: 0, createUser: users.zhangwei.userId, createDept: users.zhangwei.deptId,
      unitId: 'unit-0', createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
    }).execute();
    expect(await samples()).toBe(0);
    // A change may remove matches: judged afresh.
    await db().updateTable('hr_contract').set({ remark: 'changed' }).where('contractId', '=', 'te-extra').execute();
    expect(await samples()).toBe(1);
  });

  it('never claims more than the cap for fewer rows: they are counted exactly', async () => {
    // 4,560 of the unit's rows (a selective filter); 6,000 rows written together on pages of their own (a keyword).
    const users = await demoUsers(s);
    const expected = await truth((qb) => qb.where('unitId', '=', users.zhangwei.unitId).where('amount', '>=', 14_000));
    expect(expected).toBeLessThan(10_000);
    for (let i = 0; i < 30; i += 1) {
      const { answer, statements } = await listOf(hr, { filterObj: JSON.stringify({ amount: { value: 14_000, operator: 'ge' } }) });
      expect(answer).toMatchObject({ total: expected, totalCapped: false });
      expect(capped(statements)).toHaveLength(1);
    }
    const cluster = await truth((qb) => qb.where('contractNo', 'like', 'CL-%'));
    expect(cluster).toBe(CLUSTER_ROWS);
    for (let i = 0; i < 30; i += 1) {
      const { answer } = await listOf(admin, { keyword: 'CL-' });
      expect(answer).toMatchObject({ total: CLUSTER_ROWS, totalCapped: false });
    }
  });

  it('counts every row when asked, sample or not', async () => {
    const users = await demoUsers(s);
    const unitRows = await truth((qb) => qb.where('unitId', '=', users.zhangwei.unitId));
    const { answer, statements } = await listOf(hr, { exactTotal: 1 });
    expect(answer).toMatchObject({ total: unitRows, totalCapped: false });
    expect(sampled(statements)).toEqual([]);
  });
});
