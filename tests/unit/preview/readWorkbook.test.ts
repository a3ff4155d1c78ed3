import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  MAX_RENDERED_ROWS, colorToCss, columnLetters, columnWidthPx, parseRange, readWorkbook, workbookView,
} from '../../../src/pages/preview/excel/readWorkbook';
import { UnreadableFileError } from '../../../src/pages/preview/xml';
import { FIXTURE_TEXT, makeXlsx } from '../../fixtures/preview/previewFixtures';

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

describe('reading .xlsx workbooks for the preview', () => {
  it('gives every sheet with formatted values, merges, widths and styles', async () => {
    const view = await readWorkbook(toArrayBuffer(await makeXlsx()));
    expect(view.sheets.map((s) => s.name)).toEqual(['销售数据', FIXTURE_TEXT.xlsxSheet2]);
    const [sheet] = view.sheets;
    expect(sheet.columns).toEqual([1, 2, 3, 4]);
    expect(sheet.widths).toEqual([columnWidthPx(14), columnWidthPx(18), columnWidthPx(10), columnWidthPx(14)]);
    const title = sheet.rows[0].cells;
    expect(title[0]).toMatchObject({ text: FIXTURE_TEXT.xlsxTitle, colSpan: 4, style: { bold: true, align: 'center', fontSize: 14 } });
    expect(title.slice(1)).toEqual([null, null, null]);
    expect(sheet.rows[2].cells.map((c) => c?.text)).toEqual([FIXTURE_TEXT.xlsxRegion, FIXTURE_TEXT.xlsxAmount, FIXTURE_TEXT.xlsxPercent, FIXTURE_TEXT.xlsxDate]);
    expect(sheet.rows[2].cells[1]?.style.align).toBe('right');
    expect(sheet.rows[4].cells[1]?.text).toBe(FIXTURE_TEXT.xlsxSum);
    expect(sheet.rows[1].cells[0]?.style).toMatchObject({ bold: true, color: '#ffffff', background: '#00c6ae' });
    expect(sheet.truncated).toBe(false);
    expect(view.sheets[1].rows[0].cells[0]?.text).toBe(FIXTURE_TEXT.xlsxSheet2Text);
  });

  it('sizes columns the sheet did not size by the sheet\'s own default width, not a fixed one (issue 12.9)', () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('宽列', { properties: { defaultColWidth: 22 } });
    sheet.getColumn(2).width = 40;
    sheet.addRow(['一个比较长的单元格内容', '更长的说明文字放在第二列', '第三列']);
    const [view] = workbookView(workbook).sheets;
    expect(view.widths).toEqual([columnWidthPx(22), columnWidthPx(40), columnWidthPx(22)]);
    expect(columnWidthPx(22)).toBe(159);
    // A sheet naming no default is drawn as Excel draws it: 8.43 characters, 64 px.
    expect(columnWidthPx(undefined)).toBe(64);
  });

  it('caps very large sheets and says so', async () => {
    const view = await readWorkbook(toArrayBuffer(await makeXlsx({ rows: MAX_RENDERED_ROWS + 20 })));
    const [sheet] = view.sheets;
    expect(sheet.rows).toHaveLength(MAX_RENDERED_ROWS);
    expect(sheet.totalRows).toBe(MAX_RENDERED_ROWS + 25);
    expect(sheet.truncated).toBe(true);
  });

  it('leaves hidden sheets, rows and columns out, and clips merges to what is shown', () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('可见');
    workbook.addWorksheet('隐藏').state = 'hidden';
    sheet.getCell('A1').value = 'a';
    sheet.getCell('C3').value = 'c';
    sheet.getColumn(2).hidden = true;
    sheet.getRow(2).hidden = true;
    sheet.mergeCells('A1:C3');
    const view = workbookView(workbook);
    expect(view.sheets.map((s) => s.name)).toEqual(['可见']);
    expect(view.sheets[0].columns).toEqual([1, 3]);
    expect(view.sheets[0].rows.map((r) => r.number)).toEqual([1, 3]);
    expect(view.sheets[0].rows[0].cells[0]).toMatchObject({ text: 'a', rowSpan: 2, colSpan: 2 });
  });

  it('shows formula results, rich text, hyperlinks and errors', () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('s');
    sheet.getCell('A1').value = { formula: 'A2*2', result: 4 } as ExcelJS.CellFormulaValue;
    sheet.getCell('A2').value = { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] };
    sheet.getCell('A3').value = { text: '链接', hyperlink: 'https://example.cn' };
    sheet.getCell('A4').value = { error: '#DIV/0!' } as ExcelJS.CellErrorValue;
    sheet.getCell('A5').value = true;
    const rows = workbookView(workbook).sheets[0].rows.map((r) => r.cells[0]?.text);
    expect(rows).toEqual(['4', '富文本', '链接', '#DIV/0!', 'TRUE']);
  });

  it('refuses bytes that are no workbook', async () => {
    await expect(readWorkbook(new TextEncoder().encode('plain text').buffer as ArrayBuffer)).rejects.toBeInstanceOf(UnreadableFileError);
  });

  it('helpers: ranges, column letters, theme colours with tint', () => {
    expect(parseRange('B2:$D$10')).toEqual({ top: 2, left: 2, bottom: 10, right: 4 });
    expect(parseRange('AA1')).toEqual({ top: 1, left: 27, bottom: 1, right: 27 });
    expect([1, 26, 27, 52, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(colorToCss({ argb: 'FF112233' })).toBe('#112233');
    expect(colorToCss({ theme: 4 })).toBe('#4472c4');
    expect(colorToCss({ theme: 0, tint: -0.5 } as never)).toBe('#808080');
    expect(colorToCss(undefined)).toBeUndefined();
  });
});
