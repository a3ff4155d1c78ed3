import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openXlsxStream, type XlsxStream } from '../../../server/entity/xlsxStream';

/** The whole file a stream makes, once `write` has added its rows and finished it. */
async function fileOf(file: XlsxStream, write: () => Promise<void>): Promise<ExcelJS.Workbook> {
  const chunks: Buffer[] = [];
  file.body.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => { file.body.on('end', resolve); file.body.on('error', reject); });
  await write();
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return book;
}

const valuesOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
};

describe('openXlsxStream', () => {
  it('writes a header and rows whose texts and numbers read back as given', async () => {
    const file = openXlsxStream('合同 & 协议', [{ header: '名称 <甲>', width: 20 }, { header: 'Amount', width: 12 }, { header: '备注', width: 30 }]);
    const book = await fileOf(file, async () => {
      file.addRow(['A&B "quoted" <tag>', 1234.5, '  两端空格  ']);
      file.addRow(['控制\u0001字符\u0008', -3, '']);
      // Empty and non-finite cells are left out, not written as text.
      file.addRow(['', Number.NaN, '第三行']);
      await file.flushed(new AbortController().signal);
      await file.finish();
    });
    expect(book.worksheets.map((s) => s.name)).toEqual(['合同 & 协议']);
    const sheet = book.worksheets[0];
    expect(valuesOf(sheet)).toEqual([
      ['名称 <甲>', 'Amount', '备注'],
      ['A&B "quoted" <tag>', 1234.5, '  两端空格  '],
      ['控制字符', -3],
      [undefined, undefined, '第三行'],
    ]);
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getColumn(3).width).toBe(30);
  });

  it('writes more rows than one chunk, across many columns (AA, AB …), in order', async () => {
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `列${i + 1}`, width: 10 }));
    const file = openXlsxStream('大表', columns);
    const book = await fileOf(file, async () => {
      for (let r = 0; r < 5_000; r += 1) {
        file.addRow(columns.map((_, c) => (c % 2 ? r * 100 + c : `第${r}行第${c}列`)));
        if (r % 1000 === 999) await file.flushed(new AbortController().signal);
      }
      await file.finish();
    });
    const rows = valuesOf(book.worksheets[0]);
    expect(rows).toHaveLength(5_001);
    expect(rows[4_000][27]).toBe(399_927);
    expect(rows[5_000][28]).toBe('第4999行第28列');
  });

  it('adds a notice sheet that the file opens on', async () => {
    const file = openXlsxStream('数据', [{ header: '编号', width: 20 }]);
    const book = await fileOf(file, async () => {
      file.addRow(['1']);
      file.addNoticeSheet('说明', ['只导出了前 1 行', '其余请分批导出']);
      await file.finish();
    });
    expect(book.worksheets.map((s) => s.name)).toEqual(['数据', '说明']);
    expect(valuesOf(book.worksheets[1])).toEqual([['只导出了前 1 行'], ['其余请分批导出']]);
    expect(book.views[0].activeTab).toBe(1);
  });

  it('ends the body with the error when aborted', async () => {
    const file = openXlsxStream('数据', [{ header: '编号', width: 20 }]);
    const failed = new Promise((resolve) => file.body.on('error', resolve));
    file.body.resume();
    file.addRow(['1']);
    file.abort(new Error('stopped'));
    expect(((await failed) as Error).message).toBe('stopped');
  });
});
