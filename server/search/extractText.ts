import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ServerContext } from '../context';
import { inspectArchive } from '../files/archiveGuard';

/** Most characters one file lends to the index, and most bytes of a file read to find them. */
export const MAX_FILE_TEXT = 50_000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const EXTRACTABLE = new Set(['txt', 'md', 'csv', 'docx', 'xlsx', 'pdf']);

/** Runs of white space as one space: the snippets read as text, and the index stays small. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * pdf.js's own data files, read from the installed package (offline): the predefined CMaps a
 * Chinese PDF names instead of embedding its font (STSong-Light with UniGB-UCS2-H: without them
 * its text comes out empty), and the standard fonts' metrics. pdf.js in Node reads these "URLs"
 * as file paths; they must end with a separator.
 */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const PDFJS_DATA = {
  cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
  cMapPacked: true,
  standardFontDataUrl: path.join(PDFJS_DIR, 'standard_fonts') + path.sep,
};

async function pdfText(buffer: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(buffer), ...PDFJS_DATA, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0,
  }).promise;
  try {
    const parts: string[] = [];
    let length = 0;
    for (let page = 1; page <= doc.numPages && length < MAX_FILE_TEXT; page++) {
      const content = await (await doc.getPage(page)).getTextContent();
      // Runs of one line joined as they are (Chinese has no spaces), lines apart.
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
      parts.push(text);
      length += text.length;
    }
    return parts.join(' ');
  } finally {
    await doc.destroy();
  }
}

async function docxText(buffer: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  return (await mammoth.extractRawText({ buffer })).value;
}

async function xlsxText(buffer: Buffer): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const parts: string[] = [];
  book.eachSheet((sheet) => {
    parts.push(sheet.name);
    sheet.eachRow((row) => row.eachCell((cell) => { parts.push(cell.text); }));
  });
  return parts.join(' ');
}

/**
 * The text of one stored attachment, for the index (offline: nothing leaves the server). Files of
 * another type, missing, too large, a zip that would inflate past the archive limits, or one the
 * parser cannot read give no text: a file never stops its record from being indexed.
 */
export async function attachmentText(ctx: ServerContext, attach: { storedPath: unknown; extName: unknown; fileSize: unknown }): Promise<string> {
  const ext = String(attach.extName ?? '').toLowerCase();
  if (!EXTRACTABLE.has(ext) || Number(attach.fileSize) > MAX_FILE_BYTES) return '';
  try {
    const buffer = await fs.promises.readFile(path.join(ctx.config.dataDir, String(attach.storedPath)));
    let text: string;
    if (ext === 'pdf') text = await pdfText(buffer);
    else if (ext === 'docx' || ext === 'xlsx') {
      if (!(await inspectArchive(buffer)).ok) return '';
      text = ext === 'docx' ? await docxText(buffer) : await xlsxText(buffer);
    } else text = buffer.toString('utf8');
    return squeeze(text).slice(0, MAX_FILE_TEXT);
  } catch {
    return '';
  }
}
