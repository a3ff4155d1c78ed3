import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readSheetRows } from './readSheetRows';

/** A small sheet with text, a number and a date cell, as an import template would be filled in. */
async function sheetFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow(['姓名', '编制人数', '入职日期']);
  sheet.addRow(['李娜', 6, new Date(Date.UTC(2026, 1, 3))]);
  sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same file with its zip entries in another order: `first` go first, in that order; the rest keep theirs. */
async function reordered(buffer: Buffer, first: string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(buffer);
  const names = Object.keys(source.files).filter((name) => !source.files[name].dir);
  const order = [...first, ...names.filter((n) => !first.includes(n))];
  const out = new JSZip();
  for (const name of order) out.file(name, await source.file(name)!.async('uint8array'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const columns = () => new Map([[1, 'name'], [2, 'headcount'], [3, 'joined']]);

/**
 * The zip writer decides the order of an xlsx's parts, and ExcelJS's own writer varies it under
 * load. Its streaming reader parsed a sheet as soon as the shared strings and relations had been
 * read, before the workbook (a TypeError: the import refused a good file as unreadable, now and
 * then) or the styles (dates read as plain numbers); and a sheet it put aside in a temporary file
 * lost the workbook when that came last. patches/ mends both.
 */
describe('reading an uploaded sheet whatever the order of its parts', () => {
  it('reads the sheet the same with the workbook, the styles or the sheet first', async () => {
    const plain = await sheetFile();
    const expected = await readSheetRows(plain, { maxRows: 10, columnsOf: columns });
    expect(expected).toMatchObject([{ row: 2, cells: { name: '李娜', headcount: '6' } }]);
    const [rels, strings, sheet, workbook, styles] = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/workbook.xml', 'xl/styles.xml'];
    const others = ['[Content_Types].xml', '_rels/.rels', 'xl/theme/theme1.xml', 'docProps/app.xml', 'docProps/core.xml'];
    for (const first of [[sheet], [rels, strings, sheet], [rels, strings, workbook, sheet], [workbook, rels, strings, sheet, styles], [styles, workbook, rels, strings, sheet],
      // The sheet put aside, then one last entry: the unzipper had said 'end' with that entry still in its buffer.
      [...others, rels, strings, styles, sheet]]) {
      const file = await reordered(plain, first);
      expect(await readSheetRows(file, { maxRows: 10, columnsOf: columns }), first.join(' ')).toEqual(expected);
    }
  });

  it('leaves no open file or temporary file behind when it stops at the first sheet', async () => {
    // The sheet first: the reader keeps it in a temporary file until the rest has been read.
    const file = await reordered(await sheetFile(), ['xl/worksheets/sheet1.xml']);
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const temporary = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`)).length;
    await readSheetRows(file, { maxRows: 10, columnsOf: columns });
    const [files, temps] = [openFiles(), temporary()];
    for (let i = 0; i < 20; i += 1) await readSheetRows(file, { maxRows: 10, columnsOf: columns });
    expect(openFiles()).toBeLessThanOrEqual(files + 2);
    expect(temporary()).toBe(temps);
  });
});
