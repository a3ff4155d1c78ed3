import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { createOtherUnitAdmin } from '../support/hostileActors';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * 文件地图 (server/modules/gallery/fileMapCalls.ts): opening an entry answers its link and records
 * who opened it when; an entry of another unit, or none, is not found and records nothing.
 */
describe.each(databases)('the document map on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina] = await Promise.all([s.login('admin'), s.login('lina')]);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s?.stop(); });
  const db = () => s.server.ctx.database.db;
  const openings = async (item: string) => (await db().selectFrom('gallery_file_map_record').selectAll().where('item', '=', item).execute());

  it('answers an entry\'s link to a reader and records the opening as theirs', async () => {
    const items = await s.get(lina, '/get/file/getFileMapItemList', { pageSize: 100 });
    expect(items.body.code, items.body.message).toBe(200);
    const entry = (items.body.data.list as Record<string, unknown>[]).find((row) => row.link);
    expect(entry, 'a demo entry with a link').toBeDefined();
    const itemId = String(entry!.itemId);
    const before = await openings(itemId);

    const opened = await s.post(lina, '/set/file/openFileMapItem', { id: itemId });
    expect(opened.body.code, opened.body.message).toBe(200);
    expect(opened.body.data).toMatchObject({ itemId, title: entry!.title, link: entry!.link });
    const after = await openings(itemId);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((row) => !before.some((old) => old.recordId === row.recordId))!;
    expect(added).toMatchObject({ reader: users.lina.userId, openTime: opened.body.data.openTime, unitId: users.lina.unitId });

    // The administrator's 打开记录 list shows it under the reader's name.
    const records = await s.get(admin, '/get/file/getFileMapRecordList', { pageSize: 100 });
    expect(records.body.code, records.body.message).toBe(200);
    expect((records.body.data.list as Record<string, unknown>[]).map((r) => r.recordId)).toContain(added.recordId);
  });

  it('finds no entry that is missing or of another unit, and records nothing for it', async () => {
    for (const id of ['', 'no-such-entry']) {
      const res = await s.post(lina, '/set/file/openFileMapItem', { id });
      expect(res.status, `id ${JSON.stringify(id)}`).toBe(404);
    }
    const other = await createOtherUnitAdmin(s, admin);
    const entry = await db().selectFrom('gallery_file_map_item').select(['itemId', 'unitId']).executeTakeFirstOrThrow();
    expect(entry.unitId).not.toBe(other.unitId);
    const before = await openings(String(entry.itemId));
    const res = await s.post(other.token, '/set/file/openFileMapItem', { id: entry.itemId });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body.data ?? null)).not.toContain(String(entry.itemId));
    expect(await openings(String(entry.itemId))).toHaveLength(before.length);
  });
});
