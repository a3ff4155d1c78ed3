import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers } from './helpers';

const databases = await databasesUnderTest();

/** Rows in the HR user's unit: more than the count cap (10,000), so the total is capped. */
const UNIT_ROWS = 12_000;
/** Rows of other units, so the unit scope is a part of the table as in a real one. */
const OTHER_ROWS = 18_000;
const CONTRACT_TYPES = ['fixed', 'open', 'service', 'intern'];

/**
 * The list's page query walks an index in the list's order instead of sorting the scope (the
 * indexes derived from the schema: server/db/listIndexes.ts), its total is counted up to a cap
 * unless the caller asks for the exact number, and the money sums are computed only on request.
 */
describe.each(databases)('list indexes, capped totals and sums on request on $name', (database) => {
  let s: TestServer;
  let schemaDir: string;
  let hr: string;
  let unitId: string;
  let unitTotal: number;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    // The schema author's own index: declared in the schema file, created by the sync at start.
    schemaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-index-schemas-'));
    fs.cpSync(path.resolve('schemas'), schemaDir, { recursive: true });
    const file = path.join(schemaDir, 'hr', 'HrContract.json');
    const contract = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...contract, indexes: [{ columns: ['contractType', 'endDate'] }] }));
    s = await startTestServer(database, { SCHEMA_DIR: schemaDir });
    hr = await s.login('zhangwei');
    const users = await demoUsers(s);
    unitId = users.zhangwei.unitId;

    // A bulk load by direct SQL, like a real one; some amounts and end dates empty.
    for (let start = 0; start < UNIT_ROWS + OTHER_ROWS; start += 1000) {
      const rows = [];
      for (let i = start; i < start + 1000; i += 1) {
        const inUnit = i % 5 < 2;
        const day = String(1 + (i % 28)).padStart(2, '0');
        const month = String(1 + ((i * 7) % 12)).padStart(2, '0');
        rows.push({
          contractId: `ix-${i}`, contractNo: `IX-${i}`, userId: users.lina.userId, contractType: CONTRACT_TYPES[i % 4],
          startDate: `20${10 + ((i * 13) % 16)}-${month}-${day}`, endDate: i % 50 === 0 ? null : `20${30 + (i % 9)}-${month}-${day}`,
          amount: i % 97 === 0 ? null : 5000 + ((i * 31) % 1000) * 10, renewFlag: i % 2, rowVersion: 0,
          createUser: users.zhangwei.userId, createDept: inUnit ? users.zhangwei.deptId : `dept-${i % 7}`,
          unitId: inUnit ? unitId : `unit-${i % 3}`, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
        });
      }
      await db().insertInto('hr_contract').values(rows).execute();
    }
    await sql.raw(database.name === 'postgres' ? 'analyze hr_contract' : 'analyze').execute(db());
    unitTotal = Number((await db().selectFrom('hr_contract').select((eb) => eb.fn.countAll<number>().as('n')).where('unitId', '=', unitId).executeTakeFirstOrThrow()).n);
  });
  afterAll(async () => {
    await s.stop();
    fs.rmSync(schemaDir, { recursive: true, force: true });
  });

  /** The statements one list call runs, as the database received them. */
  async function statementsOf(params: Record<string, unknown>): Promise<{ answer: any; statements: CompiledQuery[] }> {
    const statements: CompiledQuery[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query); });
    try {
      const res = await s.get(hr, '/get/hr/getHrContractList', { pageSize: 15, ...params });
      expect(res.body.code, res.body.message).toBe(200);
      return { answer: res.body.data, statements: statements.filter((q) => /"hr_contract"/.test(q.sql)) };
    } finally {
      stop();
    }
  }

  /** The database's plan of one captured statement, with its own parameters. */
  async function planOf(query: CompiledQuery): Promise<string> {
    if (database.name === 'sqlite') {
      const plan = await db().executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      return plan.rows.map((r) => r.detail).join('\n');
    }
    // A test table is small enough that PostgreSQL might read it whole whatever the indexes; with
    // sequential scans priced out, a plan still sorts unless an index gives the list's order.
    return db().transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  const pageQuery = (statements: CompiledQuery[]) => {
    const page = statements.find((q) => /order by/i.test(q.sql));
    expect(page, statements.map((q) => q.sql).join('\n')).toBeDefined();
    return page!;
  };

  it.each([
    ['the default sort (start date, newest first)', {}],
    ['a sortable column ascending (amount)', { prop: 'amount', order: 'ascending' }],
    ['a sortable column descending (end date)', { prop: 'endDate', order: 'descending' }],
  ])('reads a page of the unit scope sorted by %s from an index, without sorting the scope', async (_name, params) => {
    const { answer, statements } = await statementsOf(params);
    expect(answer.list).toHaveLength(15);
    const page = pageQuery(statements);
    expect(page.sql).toMatch(/"unitId" = /);
    const plan = await planOf(page);
    if (database.name === 'sqlite') {
      expect(plan).toMatch(/USING (COVERING )?INDEX ix_hr_contract_unitId_/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).toMatch(/Index Scan( Backward)? using "?ix_hr_contract_unitId_/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('reads the whole table in the default order from an index too (superuser, all-data scope)', async () => {
    const admin = await s.login('admin');
    const statements: CompiledQuery[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query); });
    const res = await s.get(admin, '/get/hr/getHrContractList', { pageSize: 15 });
    stop();
    expect(res.body.data.list).toHaveLength(15);
    const plan = await planOf(pageQuery(statements.filter((q) => /"hr_contract"/.test(q.sql))));
    expect(plan).not.toMatch(database.name === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
  });

  it('creates the schema\'s own index and records the step in sys_migration', async () => {
    const step = await db().selectFrom('sys_migration').select('migrationId')
      .where('migrationId', '=', 'create index ix_hr_contract_contractType_endDate').execute();
    expect(step).toHaveLength(1);
    const indexes = database.name === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'hr_contract'`.execute(db())).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'hr_contract'`.execute(db())).rows.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining([
      'ix_hr_contract_contractType_endDate', 'ix_hr_contract_unitId_startDate_contractId', 'ix_hr_contract_unitId_amount_contractId', 'ix_hr_contract_startDate_contractId',
    ]));
  });

  it('counts up to the cap and says so; counts every row when asked; pages past the cap', async () => {
    expect(unitTotal).toBeGreaterThan(10_000);
    const { answer, statements } = await statementsOf({});
    expect(answer).toMatchObject({ total: 10_000, totalCapped: true });
    // The count stops early: a LIMIT inside it, never a full count.
    const count = statements.find((q) => /count\(/i.test(q.sql));
    expect(count?.sql).toMatch(/limit/i);

    const exact = await statementsOf({ exactTotal: 1 });
    expect(exact.answer).toMatchObject({ total: unitTotal, totalCapped: false });

    // The last page the capped total shows still offers the next one, and that one has rows.
    const edge = await statementsOf({ page: 667 });
    expect(edge.answer.list).toHaveLength(15);
    expect(edge.answer.totalCapped).toBe(true);
    expect(edge.answer.total).toBeGreaterThanOrEqual(668 * 15);
    const beyond = await statementsOf({ page: 668 });
    expect(beyond.answer.list).toHaveLength(15);
    // Near the end the count reaches the last row: exact again.
    const lastPage = Math.ceil(unitTotal / 15);
    const last = await statementsOf({ page: lastPage });
    expect(last.answer).toMatchObject({ total: unitTotal, totalCapped: false });
    expect(last.answer.list).toHaveLength(unitTotal - (lastPage - 1) * 15);
    // Every row is reached exactly once across the pages at both ends of the cap.
    const ids = new Set([...edge.answer.list, ...beyond.answer.list].map((r: any) => r.contractId));
    expect(ids.size).toBe(30);
  });

  it('answers a small list\'s exact total without a count when its only page is not full', async () => {
    const { answer, statements } = await statementsOf({ filterObj: JSON.stringify({ contractNo: { value: 'IX-1235', operator: 'eq' } }) });
    expect(answer).toMatchObject({ total: 1, totalCapped: false });
    expect(statements.filter((q) => /count\(/i.test(q.sql))).toEqual([]);
  });

  it('sums the money fields only when asked, over every matching row', async () => {
    const plain = await statementsOf({});
    expect(plain.answer.summary).toEqual({});
    expect(plain.statements.filter((q) => /sum\(/i.test(q.sql))).toEqual([]);

    const filterObj = JSON.stringify({ contractType: { value: ['fixed'], operator: 'include' } });
    const asked = await statementsOf({ summary: 1, filterObj });
    const expected = await db().selectFrom('hr_contract').select((eb) => eb.fn.sum<number>('amount').as('amount'))
      .where('unitId', '=', unitId).where('contractType', '=', 'fixed').executeTakeFirstOrThrow();
    expect(asked.answer.summary.amount).toBeCloseTo(Number(expected.amount), 2);
  });
});
