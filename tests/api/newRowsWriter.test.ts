import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';
import { newRowsWriter } from '../../server/entity/insertNewRow';
import { ApiError } from '../../server/http/ApiError';

const databases = await databasesUnderTest();

/**
 * newRowsWriter (server/entity/insertNewRow.ts) keeps one statement on its way while the next rows
 * are added — an import checks its next slice meanwhile. A statement the database refuses (a
 * unique value another request wrote after the import's check) must still end the write with
 * the user's error and leave nothing behind, whether the refusal comes while rows are still
 * being added (SQLite: 200 rows a statement, on the bulk writer's thread) or at the end.
 */
describe.each(databases)('rows written many at once, on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('turns a duplicate refused in flight into the unique-value error and rolls every row back', async () => {
    const { ctx } = s.server;
    const contracts = ctx.registry.entities.get('HrContract')!;
    const zhangwei = { userId: users.zhangwei.userId, deptId: users.zhangwei.deptId, unitId: users.zhangwei.unitId };
    const t = ctx.i18n.getFixedT('zh-cn');
    const stamp = Date.now().toString(36).toUpperCase();
    const taken = `WR-${stamp}-TAKEN`;
    await ctx.database.db.insertInto(contracts.table).values({
      contractId: `wr-${stamp}`, contractNo: taken, userId: users.lina.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01',
    }).execute();
    const row = (contractNo: string) => ({ contractNo, userId: users.lina.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01' });
    const refusal = await ctx.database.bulk.transaction().execute(async (trx) => {
      const writer = newRowsWriter(ctx, trx, contracts, zhangwei, t);
      // The duplicate sits in the first statement's rows; 1,000 rows in all.
      for (let i = 0; i < 1000; i += 1) await writer.add(row(i === 10 ? taken : `WR-${stamp}-${i}`));
      await writer.finish();
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).data).toEqual({ errors: [{ field: 'contractNo', message: expect.stringContaining('已存在') }] });
    const left = await ctx.database.db.selectFrom(contracts.table).select('contractNo').where('contractNo', 'like', `WR-${stamp}-%`).execute();
    expect(left.map((r) => r.contractNo)).toEqual([taken]);
    // The write lock is free again: a plain insert goes through.
    await ctx.database.db.updateTable(contracts.table).set({ remark: 'after' }).where('contractNo', '=', taken).execute();
  });
});
