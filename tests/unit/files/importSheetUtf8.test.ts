import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readSheetRows } from './readSheetRows';
import { readImportSheet, SHEET_SLICE_ROWS } from '../../../server/entity/importWorkbook';

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
    const read = await readSheetRows(buffer, { maxRows: rows, columnsOf: () => new Map([[1, 'remark']]) });
    expect(read).toHaveLength(rows);
    const garbled = read.filter((r) => r.cells.remark.includes('\uFFFD'));
    expect(garbled).toEqual([]);
    expect(read.every((r, i) => r.cells.remark === `${names[i % names.length]}第${i}号`)).toBe(true);
  }, 120_000);

  it('hands the rows on in slices, in order, and a failing slice fails as itself', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['备注']);
    const rows = SHEET_SLICE_ROWS * 12 + 7;
    for (let i = 0; i < rows; i += 1) sheet.addRow([`第${i}行`]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const sizes: number[] = [];
    const first: string[] = [];
    const reads: (number | undefined)[] = [];
    const count = await readImportSheet(buffer, {
      maxRows: rows, columnsOf: () => new Map([[1, 'remark']]),
      async onRows(slice) { sizes.push(slice.length); first.push(slice[0].cells.remark); },
      onCount: (_count, read) => reads.push(read),
    });
    expect(count).toBe(rows);
    // The workbook writer declares the sheet's size (<dimension>): the share read grows to the whole.
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.every((r, i) => r !== undefined && r > 0 && r <= 1 && (i === 0 || r >= reads[i - 1]!))).toBe(true);
    expect(reads[0]).toBeLessThan(0.5);
    expect(reads.at(-1)).toBe(1);
    expect(sizes).toEqual([...Array(12).fill(SHEET_SLICE_ROWS), 7]);
    expect(first).toEqual(Array.from({ length: 13 }, (_, i) => `第${i * SHEET_SLICE_ROWS}行`));
    // A fault of the consumer is not reported as a bad spreadsheet.
    const fault = new TypeError('checking failed');
    await expect(readImportSheet(buffer, {
      maxRows: rows, columnsOf: () => new Map([[1, 'remark']]), async onRows() { throw fault; },
    })).rejects.toBe(fault);
  }, 60_000);
});
