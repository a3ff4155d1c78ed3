import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { ServerContext } from '../../context';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import type { RowOwner } from '../../seed/insertRow';
import { newId } from '../../http/newId';

const escapeXml = (text: string) => text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** The smallest Word document: one paragraph per line (what mammoth reads back). */
export async function docxOf(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A workbook of one sheet with these rows. */
export async function xlsxOf(sheetName: string, rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Stores a generated file as an attachment of `owner`, as an upload would. */
export async function storeDemoFile(ctx: ServerContext, owner: RowOwner, name: string, content: Buffer): Promise<string> {
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await fs.promises.writeFile(absolute, content);
  const extName = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  await recordAttachment(ctx.database.db, owner, { attachId, name, extName, fileSize: content.length, storedPath, contentType: null }, 'knowledge');
  return attachId;
}
