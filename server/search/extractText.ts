import fs from 'node:fs';
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

async function pdfText(buffer: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(buffer), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const parts: string[] = [];
    let length = 0;
    for (let page = 1; page <= doc.numPages && length < MAX_FILE_TEXT; page++) {
      const content = await (await doc.getPage(page)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
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
