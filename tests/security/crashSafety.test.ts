import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { answer, formBody, DEFAULT_DEMO_PASSWORD } from '../support/testServer';
import { freshDatabase, startChildServer, type ChildServer } from '../support/childServer';

const databases = await databasesUnderTest();

const WRITERS = 8;
/** Acknowledged inserts before the kill: the burst is well under way, with requests in flight. */
const ACKS_BEFORE_KILL = 150;
/** Rows of the import that is killed half way: the limit of one import. */
const IMPORT_ROWS = 5_000;

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * Crash safety (issue 17): the server is killed with SIGKILL in the middle of a write burst and
 * in the middle of a large import, then started again on the same data. Every write it
 * acknowledged is there; the import left all its rows or none; SQLite's file is intact.
 */
describe.each(databases)('crash safety on $name', (database) => {
  let dataDir: string;
  let fresh: Fresh;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-crash-'));
    fresh = await freshDatabase(database);
  });
  afterAll(async () => {
    await server?.stop();
    await fresh.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    server = await startChildServer(dataDir, fresh.url);
    return server;
  };
  const call = async (token: string | undefined, route: string, init: RequestInit = {}) => {
    const res = await fetch(`${server!.baseUrl}/capi${route}`, { ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
    return answer(res);
  };
  const login = async (accountId: string) => {
    const res = await call(undefined, '/get/system/login', { method: 'POST', body: formBody({ accountId, password: DEFAULT_DEMO_PASSWORD }) });
    expect(res.body.code, res.body.message).toBe(200);
    return { token: String(res.body.data.token), userId: String(res.body.data.userInfo.userId) };
  };
  /** Contract numbers stored under a prefix, read back through the list. */
  const storedContracts = async (token: string, prefix: string): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    for (let page = 1; ; page += 1) {
      const query = new URLSearchParams({ page: String(page), pageSize: '500', filterObj: JSON.stringify({ contractNo: { value: prefix, operator: 'include' } }) });
      const res = await call(token, `/get/hr/getHrContractList?${query}`);
      expect(res.body.code, res.body.message).toBe(200);
      for (const row of res.body.data.list as { contractId: string; contractNo: string }[]) found.set(row.contractId, row.contractNo);
      if (found.size >= res.body.data.total || res.body.data.list.length === 0) return found;
    }
  };

  it('keeps every acknowledged insert of a burst killed with SIGKILL', async () => {
    await start();
    const hr = await login('zhangwei');
    const acknowledged = new Map<string, string>();
    let failed = 0;
    let killed: Promise<void> | undefined;
    const writer = async (w: number) => {
      for (let i = 0; ; i += 1) {
        const contractNo = `CRASH-${w}-${i}`;
        try {
          const res = await call(hr.token, '/set/hr/insertHrContract', {
            method: 'POST',
            body: formBody({ contractNo, userId: hr.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01', remark: `writer ${w}` }),
          });
          if (res.body.code === 200) acknowledged.set(String(res.body.data.contractId), contractNo);
          else failed += 1;
        } catch {
          return; // The server is gone: this request was never acknowledged.
        }
        if (!killed && acknowledged.size >= ACKS_BEFORE_KILL) killed = server!.kill();
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await killed;
    expect(failed).toBe(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    await start();
    const again = await login('zhangwei');
    const stored = await storedContracts(again.token, 'CRASH-');
    const lost = [...acknowledged].filter(([id, no]) => stored.get(id) !== no);
    console.log(`[crash-safety] ${database.name}: ${acknowledged.size} acknowledged, ${stored.size} stored after the kill, ${lost.length} lost`);
    expect(lost).toEqual([]);
  }, 180_000);

  /** True while a write transaction holds the database: the import is inserting its rows. */
  const importInTransaction = async (): Promise<() => Promise<boolean>> => {
    if (database.name === 'sqlite') {
      const file = new Database(path.join(dataDir, 'oa.sqlite'), { timeout: 0 });
      return async () => {
        try {
          file.prepare('BEGIN IMMEDIATE').run();
          file.prepare('ROLLBACK').run();
          return false;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          file.close();
          return true;
        }
      };
    }
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    return async () => {
      const res = await client.query(`select count(*)::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and xact_start is not null and query ilike 'insert into "hr_contract"%'`, [fresh.name]);
      if (res.rows[0].n === 0) return false;
      await client.end();
      return true;
    };
  };

  it('leaves nothing of an import killed half way, and the database intact', async () => {
    const hr = await login('zhangwei');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['contractNo', 'userId', 'contractType', 'startDate', 'endDate', 'remark']);
    // Varied remarks: a file of one repeated row would compress like a zip bomb.
    for (let i = 0; i < IMPORT_ROWS; i += 1) sheet.addRow([`IMPORT-${i}`, 'zhangwei', 'fixed', '2026-01-01', '2027-01-01', `第 ${i} 行 ${(i * 7919) % 104729}`]);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const writing = await importInTransaction();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'contracts.xlsx');
    const upload = call(hr.token, '/set/hr/importHrContract', { method: 'POST', body: form }).catch(() => undefined);
    let seen = false;
    const deadline = Date.now() + 120_000;
    while (!seen && Date.now() < deadline) {
      seen = await writing();
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(seen, 'the import never began writing').toBe(true);
    await server!.kill();
    const answered = await upload;
    expect(answered?.body.code).not.toBe(200);

    await start();
    const again = await login('zhangwei');
    const stored = await storedContracts(again.token, 'IMPORT-');
    console.log(`[crash-safety] ${database.name}: import of ${IMPORT_ROWS} rows killed while writing; ${stored.size} rows stored`);
    expect(stored.size).toBe(0);
    // The restarted server writes normally.
    const after = await call(again.token, '/set/hr/insertHrContract', {
      method: 'POST', body: formBody({ contractNo: 'AFTER-CRASH', userId: again.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01' }),
    });
    expect(after.body.code, after.body.message).toBe(200);
    await server!.stop();
    server = undefined;
    if (database.name === 'sqlite') {
      const file2 = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
      expect(file2.pragma('integrity_check', { simple: true })).toBe('ok');
      file2.close();
    }
  }, 240_000);
});
