import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { syncTables } from '../../server/db/syncTables';
import type { TableSpec } from '../../server/db/tableSpecs';

const databases = await databasesUnderTest();

/**
 * A field made unique after duplicates were stored must not stop the server: the index waits,
 * reported, and is created at the first start after the duplicates are cleared.
 */
describe.each(databases)('table sync with data that breaks a new unique index on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  const spec = (unique: boolean): TableSpec => ({
    table: 'test_sync_dup', key: 'rowId',
    columns: [{ name: 'rowId', type: 'text' }, { name: 'phone', type: 'text' }],
    indexes: unique ? [{ name: 'ux_test_sync_dup_phone', columns: ['phone'], unique: true }] : [],
  });
  const recorded = async () => (await s.server.ctx.database.db.selectFrom('sys_migration').select('migrationId')
    .where('migrationId', '=', 'create index ux_test_sync_dup_phone').execute()).length;

  it('leaves the index out while rows share a value, keeps every row, and creates it once they no longer do', async () => {
    const db = s.server.ctx.database;
    await syncTables(db, [spec(false)]);
    await db.db.insertInto('test_sync_dup').values([{ rowId: 'a', phone: '13900000001' }, { rowId: 'b', phone: '13900000001' }]).execute();

    const blocked = await syncTables(db, [spec(true)]);
    expect(blocked.blocked.map((b) => b.index)).toEqual(['ux_test_sync_dup_phone']);
    expect(blocked.applied).toEqual([]);
    expect(await recorded()).toBe(0);
    expect(await db.db.selectFrom('test_sync_dup').selectAll().execute()).toHaveLength(2);

    await db.db.updateTable('test_sync_dup').set({ phone: '13900000002' }).where('rowId', '=', 'b').execute();
    const cleared = await syncTables(db, [spec(true)]);
    expect(cleared).toEqual({ applied: ['create index ux_test_sync_dup_phone'], blocked: [] });
    expect(await recorded()).toBe(1);
    // The index is real now: a duplicate is refused by the database itself.
    await expect(db.db.insertInto('test_sync_dup').values({ rowId: 'c', phone: '13900000001' }).execute()).rejects.toThrow();
  });
});
