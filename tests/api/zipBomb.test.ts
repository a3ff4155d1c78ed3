import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildZip, bigSheet, XLSX_FRAME } from '../support/zipBomb';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();

/** A 300 MB sheet in a file of about 450 KB: what exceljs would inflate into the heap whole. */
const bomb = await buildZip([...XLSX_FRAME, bigSheet(300)]);
/** The same, its headers claiming the sheet inflates to 4 KB. */
const liar = await buildZip([...XLSX_FRAME, bigSheet(300, 4096)]);
/** 50 MB, under the total limit, but compressed about 700:1. */
const dense = await buildZip([...XLSX_FRAME, bigSheet(50)]);

/**
 * Imports guard decompression before exceljs parses (server/files/archiveGuard.ts): an xlsx
 * that would inflate past 100 MB, or at an implausible ratio, or further than its own headers
 * say, is refused with code 100 and a message, memory stays flat and the server keeps answering.
 */
describe.each(databases)('zip bomb imports on $name', (database) => {
  let s: TestServer;
  let hr: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    hr = await s.login('zhangwei');
  });
  afterAll(async () => { await s.stop(); });

  const contractCount = async () => (await s.server.ctx.database.db.selectFrom('hr_contract').select('contractId').execute()).length;
  const importBomb = (content: Buffer) => s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content });

  it('refuses four concurrent bomb imports with code 100 while memory stays flat, and still answers', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await contractCount();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    const answers = await Promise.all([1, 2, 3, 4].map(() => importBomb(bomb)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('该文件解压后超过 100 MB 或压缩比异常，已拒绝处理');
    }
    // Parsing even one of them would take well over a gigabyte.
    expect(peak - baseline).toBeLessThan(200 * 1024 * 1024);
    expect(await contractCount()).toBe(before);
    const list = await s.get(hr, '/get/hr/getHrContractList', { pageSize: 5 });
    expect(list.body.code).toBe(200);
  });

  it('catches an entry that inflates further than its headers declare', async () => {
    const res = await importBomb(liar);
    expect(res.body).toMatchObject({ code: 100, message: '该文件解压后超过 100 MB 或压缩比异常，已拒绝处理' });
  });

  it('refuses an implausible compression ratio under the size limit, in the caller\'s language', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(dense)]), '合同.xlsx');
    const res = await rawCall(s, hr, 'POST', '/set/hr/importHrContract', { headers: { 'X-Lang': 'en' }, body: form });
    expect(res.body.code).toBe(100);
    expect(res.body.message).toBe('This file would inflate to more than 100 MB, or is compressed implausibly well, and was refused');
  });

  it('answers a truncated or non-zip file as an unreadable spreadsheet', async () => {
    for (const content of [bomb.subarray(0, bomb.length - 100), Buffer.from('PK\u0003\u0004 not really')]) {
      const res = await importBomb(content);
      expect(res.body).toMatchObject({ code: 100, message: '无法读取该 Excel 文件，请上传 xlsx 格式' });
    }
  });

  it('still imports an ordinary workbook, a date typed into Excel (a date cell) as that date', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['合同编号', '签订人', '合同类型', '开始日期', '结束日期']);
    sheet.addRow(['ZB-0001', 'lina', '劳务合同', new Date(Date.UTC(2026, 0, 1)), '2026-12-31']);
    sheet.getCell('D2').numFmt = 'yyyy-mm-dd';
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: '合同.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    expect(res.body.code, JSON.stringify(res.body.data ?? res.body.message)).toBe(200);
    expect(res.body.data.inserted).toBe(1);
    const stored = await s.server.ctx.database.db.selectFrom('hr_contract').select(['startDate', 'endDate']).where('contractNo', '=', 'ZB-0001').executeTakeFirstOrThrow();
    expect(stored).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
  });
});
