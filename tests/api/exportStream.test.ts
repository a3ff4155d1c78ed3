import ExcelJS from 'exceljs';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** More rows than the old export's silent 50,000-row cut. */
const MANY = 55_000;
const TYPES = ['fixed', 'open', 'service', 'intern'];
const TYPE_LABELS: Record<string, string> = { fixed: '固定期限劳动合同', open: '无固定期限劳动合同', service: '劳务合同', intern: '实习协议' };

/**
 * Contracts written straight into the table (a bulk load, not the API): several owners and units,
 * many ties on the dates and amounts, and some empty dates and amounts, so the order's ties and
 * its empty-first / empty-last runs all occur; every fifth row belongs to another unit.
 */
async function seedContracts(s: TestServer, owners: DemoUser[], count: number, prefix: string): Promise<void> {
  const { db } = s.server.ctx.database;
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i += 1) {
      const owner = owners[i % owners.length];
      rows.push({
        contractId: `${prefix}${String(i).padStart(7, '0')}`, contractNo: `${prefix}-${i}`, userId: owner.userId, contractType: TYPES[i % 4],
        startDate: i % 37 === 0 ? null : `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`, endDate: '2040-01-01',
        amount: i % 41 === 0 ? null : 5000 + (i % 7) * 100, renewFlag: i % 2, remark: i % 3 === 0 ? `备注 ${i}` : null,
        createUser: owner.userId, createDept: owner.deptId, unitId: i % 5 === 0 ? 'UNIT-ELSEWHERE' : owner.unitId, createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
      });
    }
    await db.insertInto('hr_contract').values(rows).execute();
  }
}

/**
 * Every sheet of an xlsx answer as rows of cell texts. Loaded whole: ExcelJS's streaming reader
 * garbles a multi-byte character split across two chunks (it decodes each chunk alone).
 */
async function readSheets(body: ArrayBuffer): Promise<{ name: string; rows: string[][] }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  return book.worksheets.map((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => { rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))); });
    return { name: sheet.name, rows };
  });
}

/** A list read page by page through the list call, as the screen shows it. */
async function wholeList(s: TestServer, token: string, query: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const res = await s.get(token, '/get/hr/getHrContractList', { ...query, page, pageSize: 500 });
    expect(res.body.code, res.body.message).toBe(200);
    rows.push(...res.body.data.list);
    if (res.body.data.list.length < 500) return rows;
  }
}

/**
 * The export streams every matching row (no silent cut at 50,000), in the list's order, with the
 * names and labels the screen shows; it says beforehand how many rows a file will hold and marks
 * a file that holds fewer than match; a client that goes away stops it.
 */
describe.each(databases)('streamed export on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let hr: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    await seedContracts(s, Object.values(users), MANY, 'EX');
    [admin, hr] = await Promise.all(['admin', 'zhangwei'].map((a) => s.login(a)));
  }, 300_000);
  afterAll(async () => { await s.stop(); });

  const exportFile = (token: string, query: Record<string, unknown> = {}) =>
    fetch(`${s.baseUrl}/capi/get/hr/exportHrContract?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]))}`, { headers: { Authorization: `Bearer ${token}` } });

  it(`exports all ${MANY}+ rows in the list's order with names and labels`, async () => {
    const { db } = s.server.ctx.database;
    // The list's order (server/entity/listRows.ts), straight from the table.
    const stored = await db.selectFrom('hr_contract').select(['contractNo', 'userId', 'contractType', 'renewFlag', 'startDate'])
      .orderBy(sql`"startDate" desc nulls last`).orderBy(sql`"contractId" desc nulls last`).execute();
    expect(stored.length).toBeGreaterThan(MANY);
    const counted = await s.get(admin, '/get/hr/exportHrContract', { count: 1 });
    expect(counted.body.data).toEqual({ rows: stored.length, limit: 1_000_000, overLimit: false });

    const res = await exportFile(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('劳动合同-')}`);
    const sheets = await readSheets(await res.arrayBuffer());
    expect(sheets.map((sheet) => sheet.name)).toEqual(['劳动合同']);
    const [header, ...rows] = sheets[0].rows;
    const at = (label: string) => header.indexOf(label);
    const names = new Map(Object.values(users).map((u) => [u.userId, u.userName]));
    expect(rows.length).toBe(stored.length);
    rows.forEach((row, i) => {
      const one = stored[i];
      expect([row[at('合同编号')], row[at('签订人')], row[at('合同类型')], row[at('是否续签')], row[at('开始日期')]]).toEqual([
        String(one.contractNo), names.get(String(one.userId)), TYPE_LABELS[String(one.contractType)],
        one.renewFlag === null ? '' : Number(one.renewFlag) === 1 ? '是' : '否', String(one.startDate ?? ''),
      ]);
    });
    // The same order the list call pages through: its first page, pages across the end of the
    // dated rows (empty dates come last), and its last page.
    const emptyFrom = stored.findIndex((r) => r.startDate === null);
    for (const page of [1, Math.floor(emptyFrom / 500), Math.floor(emptyFrom / 500) + 1, Math.ceil(stored.length / 500)]) {
      const listed = await s.get(admin, '/get/hr/getHrContractList', { page, pageSize: 500 });
      expect(listed.body.data.list.map((r: Record<string, unknown>) => String(r.contractNo)))
        .toEqual(rows.slice((page - 1) * 500, page * 500).map((r) => r[at('合同编号')]));
    }
  }, 180_000);

  it.each([
    ['amount', 'ascending'], ['startDate', 'ascending'], ['startDate', 'descending'], ['contractId', 'descending'],
  ])('exports a scoped, filtered, searched list sorted by %s %s exactly as the list shows it', async (prop, order) => {
    const query = { prop, order, keyword: 'EX-1', filterObj: { contractType: { value: ['fixed'], operator: 'include' } } };
    const list = await wholeList(s, hr, query);
    // More than one slice of the export, yet only part of the table: the scope and filters bite.
    expect(list.length).toBeGreaterThan(1_000);
    expect(list.length).toBeLessThan(MANY / 4);
    expect(new Set(list.map((r) => r.unitId))).toEqual(new Set([users.zhangwei.unitId]));
    expect(list.length).toBeLessThan((await s.get(admin, '/get/hr/exportHrContract', { ...query, count: 1 })).body.data.rows);
    const counted = await s.get(hr, '/get/hr/exportHrContract', { ...query, count: 1 });
    expect(counted.body.data).toEqual({ rows: list.length, limit: 1_000_000, overLimit: false });
    const [sheet] = await readSheets(await (await exportFile(hr, query)).arrayBuffer());
    const [header, ...rows] = sheet.rows;
    expect(rows.map((r) => r[header.indexOf('合同编号')])).toEqual(list.map((r) => String(r.contractNo)));
  });

  it('stops reading when the client goes away', async () => {
    // Counts the queries the server runs on the contracts table from here on, and holds the
    // export's dictionary lookups (before its first row) 300 ms: a client that has left by then
    // must stop it too. The server once listened for the close only after those lookups, missed
    // an early one and read the whole table for nobody.
    const database = s.server.ctx.database;
    const original = database.db;
    let reads = 0;
    const lookups = new Set<unknown>();
    const counter: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'SelectQueryNode') {
          const text = JSON.stringify(node);
          if (text.includes('"hr_contract"')) reads += 1;
          if (text.includes('"sys_dic"')) lookups.add(queryId);
        }
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (lookups.delete(queryId)) await new Promise((resolve) => setTimeout(resolve, 300));
        return result;
      },
    };
    database.db = original.withPlugin(counter);
    try {
      const aborter = new AbortController();
      const res = await fetch(`${s.baseUrl}/capi/get/hr/exportHrContract`, { headers: { Authorization: `Bearer ${admin}` }, signal: aborter.signal });
      // Gone as soon as the headers came, while the server looks up its dictionaries.
      aborter.abort();
      await res.body!.cancel().catch(() => undefined);
      // Reading stops within a few slices, not after the 60-odd slices of the whole table.
      let settled = -1;
      while (settled !== reads) {
        settled = reads;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(reads).toBeLessThan(20);
      // The server is free for the next export, which is whole.
      const again = await exportFile(admin, { keyword: 'EX-1', filterObj: { contractType: { value: ['fixed'], operator: 'include' } } });
      expect(again.status).toBe(200);
      expect((await readSheets(await again.arrayBuffer()))[0].rows.length).toBeGreaterThan(1_000);
    } finally {
      database.db = original;
    }
  });

  it('refuses to export without the permission, before any byte of a file', async () => {
    const lina = await s.login('lina');
    const res = await exportFile(lina, {});
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe.each(databases)('export over the configured limit on $name', (database) => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer(database, { EXPORT_MAX_ROWS: '100' });
    admin = await s.login('admin');
    await seedContracts(s, Object.values(await demoUsers(s)), 150, 'OV');
  });
  afterAll(async () => { await s.stop(); });

  it('says beforehand that the file will hold the first 100 rows, and the file says so too', async () => {
    const counted = await s.get(admin, '/get/hr/exportHrContract', { count: 1 });
    expect(counted.body.data).toEqual({ rows: 100, limit: 100, overLimit: true });
    const res = await fetch(`${s.baseUrl}/capi/get/hr/exportHrContract`, { headers: { Authorization: `Bearer ${admin}`, 'X-Lang': 'en' } });
    const [data, notice] = await readSheets(await res.arrayBuffer());
    const list = await wholeList(s, admin, {});
    expect(data.rows.length - 1).toBe(100);
    expect(data.rows.slice(1).map((r) => r[0])).toEqual(list.slice(0, 100).map((r) => String(r.contractNo)));
    expect(notice.name).toBe('Export notice');
    expect(notice.rows[0][0]).toBe("More than 100 records match and a file holds at most 100: this file holds the first 100 in the list's order.");
  });

  it('exports a list within the limit whole, without a notice', async () => {
    const query = { keyword: 'OV-1' };
    const counted = await s.get(admin, '/get/hr/exportHrContract', { ...query, count: 1 });
    expect(counted.body.data).toMatchObject({ limit: 100, overLimit: false });
    const res = await fetch(`${s.baseUrl}/capi/get/hr/exportHrContract?keyword=OV-1`, { headers: { Authorization: `Bearer ${admin}` } });
    const sheets = await readSheets(await res.arrayBuffer());
    expect(sheets).toHaveLength(1);
    expect(sheets[0].rows.length - 1).toBe(counted.body.data.rows);
  });
});
