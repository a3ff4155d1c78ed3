import { SHEET_SLICE_ROWS } from '../../server/entity/importWorkbook';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { generateContracts } from '../../bench/import/generateContracts';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();
const ROWS = 20_000;
/** A 20,000-row import takes seconds on a quiet machine; a busy CI runner may take many times that. */
const SCALE_TIMEOUT_MS = 300_000;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-import-scale-'));

/** An HrContract import file (accounts, labels, 是/否) of `rows` rows, as bytes. */
async function contracts(name: string, rows: number, options: { prefix: string; badRow?: number }): Promise<Buffer> {
  const file = path.join(workDir, `${name}.xlsx`);
  await generateContracts(file, rows, options);
  return fs.readFileSync(file);
}

const good = await contracts('good', ROWS, { prefix: 'SC' });
const lastBad = await contracts('last-bad', ROWS, { prefix: 'LB', badRow: ROWS - 1 });
afterAll(() => { fs.rmSync(workDir, { recursive: true, force: true }); });

/**
 * Imports at scale (issue 11): a 20,000-row file is read as a stream, checked by set queries and
 * written in one transaction of multi-row INSERTs — all of it or nothing; a file over the cap is
 * refused at its first extra row; the phases are readable by the importer alone.
 */
describe.each(databases)('imports at scale on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const countLike = async (prefix: string) => Number((await db().selectFrom('hr_contract')
    .select((eb) => eb.fn.countAll().as('n')).where('contractNo', 'like', `${prefix}-%`).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    s = await startTestServer(database);
    hr = await s.login('zhangwei');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('imports 20,000 rows at once, with owner columns, resolved names and one log line, writing slices as they pass', async () => {
    const statements: string[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query.sql); });
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: good }).finally(stop);
    // Written as checked, in the one transaction: INSERTs (200 rows each on SQLite, up to the
    // parameter limit on PostgreSQL) come before the last slice's uniqueness check.
    const firstInsert = statements.findIndex((q) => /^insert into "hr_contract"/i.test(q));
    const lastCheck = statements.map((q) => /from "hr_contract" where "contractNo" in/.test(q)).lastIndexOf(true);
    expect(firstInsert).toBeGreaterThan(-1);
    expect(firstInsert).toBeLessThan(lastCheck);
    expect(res.body.code, JSON.stringify(res.body.data)?.slice(0, 500)).toBe(200);
    expect(res.body.data).toEqual({ inserted: ROWS });
    expect(await countLike('SC')).toBe(ROWS);
    // Row 1 of the generator: signer liuyang by account, 无固定期限劳动合同 by label.
    const row = await db().selectFrom('hr_contract').selectAll().where('contractNo', '=', 'SC-0000001').executeTakeFirstOrThrow();
    expect({ userId: row.userId, contractType: row.contractType, startDate: row.startDate, endDate: row.endDate, renewFlag: Number(row.renewFlag) })
      .toEqual({ userId: users.liuyang.userId, contractType: 'open', startDate: '2021-02-01', endDate: '2024-02-01', renewFlag: 0 });
    expect(row.createUser).toBe(users.zhangwei.userId);
    expect(row.unitId).toBe(users.zhangwei.unitId);
    expect(row.createDept).toBeTruthy();
    expect(String(row.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(row.rowVersion)).toBeGreaterThanOrEqual(0);
    const log = await db().selectFrom('sys_operation_log').select(['action', 'detail']).where('entity', '=', 'HrContract').where('action', '=', 'import').execute();
    expect(log).toEqual([{ action: 'import', detail: String(ROWS) }]);
    // Unique also against stored rows: the same file again is refused whole, row by row.
    const again = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: good });
    expect(again.body.code).toBe(100);
    expect(again.body.data.errors).toHaveLength(ROWS);
    expect(again.body.data.errors[0]).toEqual({ row: 2, field: 'contractNo', message: '合同编号：SC-0000000 已存在，不能重复' });
    expect(await countLike('SC')).toBe(ROWS);
  }, SCALE_TIMEOUT_MS);

  it('refuses everything for one bad row in the last chunk, with its report, and writes nothing', async () => {
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: lastBad });
    expect(res.body.code).toBe(100);
    expect(res.body.message).toBe('导入失败：共 1 处错误，未写入任何数据');
    expect(res.body.data.errors).toEqual([{ row: ROWS + 1, field: 'endDate', message: expect.stringContaining('结束日期') }]);
    expect(await countLike('LB')).toBe(0);
  }, SCALE_TIMEOUT_MS);

  it('resolves signers and types by set queries: a few statements for the whole file, not one per row', async () => {
    const statements: string[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query.sql); });
    try {
      const file = await contracts('lookups', 3000, { prefix: 'LK' });
      const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: file });
      expect(res.body.code, JSON.stringify(res.body.data)?.slice(0, 500)).toBe(200);
    } finally {
      stop();
    }
    const lookups = statements.filter((q) => /^\s*select/i.test(q));
    // The file is checked 250 rows at a time: per slice one query for its unique contract numbers;
    // everything else once per file (the signers, the dictionaries, the caller's principal).
    const perSlice = lookups.filter((q) => /from "hr_contract" where "contractNo" in/.test(q));
    expect(perSlice).toHaveLength(Math.ceil(3000 / SHEET_SLICE_ROWS));
    expect(lookups.length - perSlice.length).toBeLessThan(15);
    const signers = await db().selectFrom('hr_contract').select('userId').distinct().where('contractNo', 'like', 'LK-%').execute();
    expect(new Set(signers.map((r) => r.userId))).toEqual(new Set(['lina', 'liuyang', 'chenjing', 'zhaomin', 'wangfang', 'xuming'].map((a) => users[a].userId)));
  }, SCALE_TIMEOUT_MS);

  it('reports the phases of an import to its owner only', async () => {
    const job = `job-progress-${database.name}-${Date.now()}`;
    const progress = (token: string) => s.get(token, '/get/hr/getHrContractImportProgress', { importJob: job });
    expect((await progress(hr)).body.data).toMatchObject({ phase: 'uploading' });
    const file = await contracts('progress', 500, { prefix: 'PG' });
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: file }, { importJob: job });
    expect(res.body.code).toBe(200);
    expect((await progress(hr)).body.data).toMatchObject({ phase: 'done', parsed: 500, checked: 500, written: 500, inserted: 500 });
    // Another HR user may import too, but not read someone else's job; a user who may not import gets 403 as well.
    const other = await s.login('zhaomin');
    expect((await progress(other)).status).toBe(403);
    expect((await progress(await s.login('lina'))).status).toBe(403);
    expect((await s.get(hr, '/get/hr/getHrContractImportProgress', { importJob: 'bad id!' })).body.code).toBe(100);
  });
});

describe.each(databases)('the import cap on $name', (database) => {
  let s: TestServer;
  let hr: string;
  beforeAll(async () => {
    s = await startTestServer(database, { IMPORT_MAX_ROWS: '1000' });
    hr = await s.login('zhangwei');
  });
  afterAll(async () => { await s.stop(); });

  it('refuses a file over the cap at its first extra row, in the caller\'s language, writing nothing', async () => {
    const job = `job-cap-${database.name}-${Date.now()}`;
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: good }, { importJob: job });
    expect(res.body).toMatchObject({ code: 100, message: '一次最多导入 1000 行' });
    // Reading stopped at row 1,001 of 20,000: the progress never counted further.
    const progress = await s.get(hr, '/get/hr/getHrContractImportProgress', { importJob: job });
    expect(progress.body.data).toMatchObject({ phase: 'failed', parsed: 1000, written: 0 });
    const english = await fetch(`${s.baseUrl}/capi/set/hr/importHrContract`, {
      method: 'POST', headers: { Authorization: `Bearer ${hr}`, 'X-Lang': 'en' }, body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(good)]), 'contracts.xlsx');
        return form;
      })(),
    });
    expect(await english.json()).toMatchObject({ code: 100, message: 'At most 1000 rows per import' });
    const stored = await s.server.ctx.database.db.selectFrom('hr_contract').select('contractId').where('contractNo', 'like', 'SC-%').execute();
    expect(stored).toHaveLength(0);
  }, SCALE_TIMEOUT_MS);
});
