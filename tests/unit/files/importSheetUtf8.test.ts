import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readImportSheet } from '../../../server/entity/importWorkbook';

/**
 * ExcelJS's streaming reader decoded each inflated chunk on its own, so a Chinese character
 * split across two chunks became U+FFFD — a large import stored garbled text. patches/ fixes it
 * (one streaming decoder per document); this reads back a sheet big enough to split characters.
 */
describe('reading an uploaded sheet', () => {
  it('keeps every Chinese character of a large sheet intact', async () => {
    const names = ['固定期限劳动合同', '无固定期限劳动合同', '以完成一定工作任务为期限', '实习协议（华东智联）', '劳务派遣·上海'];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['备注', '序号']);
    const rows = 40_000;
    for (let i = 0; i < rows; i += 1) sheet.addRow([`${names[i % names.length]}第${i}号`, i]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const { rows: read } = await readImportSheet(buffer, { maxRows: rows, columnsOf: () => new Map([[1, 'remark']]) });
    expect(read).toHaveLength(rows);
    const garbled = read.filter((r) => r.cells.remark.includes('\uFFFD'));
    expect(garbled).toEqual([]);
    expect(read.every((r, i) => r.cells.remark === `${names[i % names.length]}第${i}号`)).toBe(true);
  }, 120_000);
});
