import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';

export type CellValue = string | number;

export interface XlsxStream {
  /** The file's bytes as they are made: the answer's body. */
  body: Readable;
  addRow(values: CellValue[]): void;
  /**
   * Resolves once the rows added so far have moved on to compression, so memory holds about one
   * slice of rows whatever the size of the file; rejects when `signal` aborts (client gone).
   */
  flushed(signal: AbortSignal): Promise<void>;
  /** Closes the data sheet and adds a second sheet of lines, opened first when the file is. */
  addNoticeSheet(name: string, lines: string[]): void;
  /** Writes the rest of the file; resolves when its last byte is in `body`. */
  finish(): Promise<void>;
  /** Stops the file mid-way (client gone, or an error): the answer ends without a valid file. */
  abort(error?: Error): void;
}

/**
 * Why not ExcelJS's streaming writer, which this replaced: it builds a row object, a cell object
 * per cell and a style object per cell for every row, ~20 KB of short-lived objects a row. At the
 * 28,000 rows/s an export runs, the young generation filled every ~20 ms, so each slice's rows
 * lived through two scavenges and were promoted: the old space grew by ~90 MB between full
 * collections, and a 1,000,000-row export peaked at 330–340 MB RSS (bench/export). Here a row is
 * one string of its cells' XML, gathered into ~64 KB writes. The zip is archiver's (ExcelJS's own
 * zip writer); the parts are those of a plain workbook (ECMA-376 SpreadsheetML): inline strings,
 * no shared-string table and no styles, both of which a writer must hold until the end.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CHUNK_CHARS = 64 * 1024;

/**
 * What a cell's text cannot hold as typed: the characters XML escapes, and those XML 1.0 cannot
 * hold at all (a control character pasted into a remark), which are dropped.
 */
const NOT_AS_TYPED = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xmlText(text: string): string {
  return text.replace(NOT_AS_TYPED, (c) => ENTITIES[c] ?? '');
}

/** A, B, … Z, AA, AB, …: the column part of a cell reference. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(ref: string, value: CellValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value === '') return '';
  // Spaces at either end are part of the text only when the element says so.
  const space = value.trim() === value ? '' : ' xml:space="preserve"';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

interface Sheet { name: string; xml: PassThrough; rows: number; letters: string[]; pending: string }

function sheetStart(widths: number[]): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><cols>${cols}</cols><sheetData>`;
}

function workbookXml(names: string[], activeTab: number): string {
  const sheets = names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="${activeTab}"/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

function workbookRelsXml(count: number): string {
  const rels = Array.from({ length: count }, (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  return `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rels}</Relationships>`;
}

function contentTypesXml(count: number): string {
  const sheets = Array.from({ length: count }, (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + `${sheets}</Types>`;
}

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/**
 * An xlsx file written row by row into a stream: the first sheet is the data (a header row, then
 * one row per `addRow`), optionally followed by a notice sheet. The sheet's XML is a stream the
 * zip compresses as it comes, so `flushed` can wait for compression to catch up; the workbook
 * parts, which name the sheets, follow the sheets in the archive (a zip's order is free).
 */
export function openXlsxStream(sheetName: string, columns: { header: string; width: number }[]): XlsxStream {
  const body = new PassThrough();
  const zip = archiver('zip', { zlib: { level: 6 } });
  zip.on('error', (error) => body.destroy(error));
  zip.pipe(body);
  const sheets: Sheet[] = [];
  const open = (name: string, widths: number[]): Sheet => {
    const sheet: Sheet = { name, xml: new PassThrough(), rows: 0, letters: widths.map((_, i) => columnLetters(i)), pending: sheetStart(widths) };
    zip.append(sheet.xml, { name: `xl/worksheets/sheet${sheets.length + 1}.xml` });
    sheets.push(sheet);
    return sheet;
  };
  const add = (sheet: Sheet, values: CellValue[]) => {
    const number = sheet.rows + 1;
    let xml = `<row r="${number}">`;
    for (let i = 0; i < values.length; i += 1) xml += cellXml(sheet.letters[i] + number, values[i]);
    sheet.rows = number;
    sheet.pending += `${xml}</row>`;
    if (sheet.pending.length >= CHUNK_CHARS) {
      sheet.xml.write(sheet.pending);
      sheet.pending = '';
    }
  };
  const close = (sheet: Sheet) => {
    sheet.xml.end(`${sheet.pending}</sheetData></worksheet>`);
    sheet.pending = '';
  };
  let current = open(sheetName, columns.map((c) => c.width));
  add(current, columns.map((c) => c.header));
  let activeTab = 0;
  return {
    body,
    addRow(values) {
      add(current, values);
    },
    async flushed(signal) {
      if (current.pending) {
        current.xml.write(current.pending);
        current.pending = '';
      }
      if (current.xml.writableNeedDrain) await once(current.xml, 'drain', { signal });
    },
    addNoticeSheet(name, lines) {
      close(current);
      current = open(name, [100]);
      for (const line of lines) add(current, [line]);
      // The notice tab is the one shown when the file opens.
      activeTab = sheets.length - 1;
    },
    async finish() {
      close(current);
      zip.append(workbookXml(sheets.map((s) => s.name), activeTab), { name: 'xl/workbook.xml' });
      zip.append(workbookRelsXml(sheets.length), { name: 'xl/_rels/workbook.xml.rels' });
      zip.append(ROOT_RELS, { name: '_rels/.rels' });
      zip.append(contentTypesXml(sheets.length), { name: '[Content_Types].xml' });
      // Resolves once the archive's last byte has gone into `body`.
      await zip.finalize();
    },
    abort(error) {
      zip.abort();
      for (const sheet of sheets) sheet.xml.destroy();
      body.destroy(error);
    },
  };
}
