import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readSheetRows } from './readSheetRows';

/**
 * Excel turns a typed 2026-02-03 into a date cell. The reader gave its text as Date.toString()
 * ("Tue Feb 03 2026 00:00:00 GMT+0000 …"), which every date field refused: a template filled in
 * Excel could not be imported. Date cells read as the stored formats of date and date-time fields.
 */
describe('date cells of an uploaded sheet', () => {
  it('reads date and date-time cells as the stored formats, and text cells as typed', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(['开始日期', '开始时间', '备注']);
    sheet.addRow([new Date(Date.UTC(2026, 1, 3)), new Date(Date.UTC(2026, 11, 31, 9, 30, 5)), '2026-02-03']);
    sheet.getCell('A2').numFmt = 'yyyy-mm-dd';
    sheet.getCell('B2').numFmt = 'yyyy-mm-dd hh:mm:ss';
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const rows = await readSheetRows(buffer, { maxRows: 5, columnsOf: () => new Map([[1, 'startDate'], [2, 'startTime'], [3, 'remark']]) });
    expect(rows).toEqual([{ row: 2, cells: { startDate: '2026-02-03', startTime: '2026-12-31 09:30:05', remark: '2026-02-03' } }]);
  });
});
