import { deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { buildDocx } from '../doc/docxFiles';

/** Small real files for the demo disks and cabinets: each opens in its previewer. */

export const docxFile = (paragraphs: readonly string[]): Buffer => buildDocx(paragraphs.map((text, i) => ({ text, size: i === 0 ? 36 : 28, bold: i === 0, align: i === 0 ? 'center' : undefined })));

export async function xlsxFile(sheet: string, rows: readonly (readonly (string | number)[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const row of rows) ws.addRow([...row]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((column) => { column.width = 16; });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width`×`height` with a vertical gradient between two RGB colours (a stand-in for a design mock-up). */
export function pngFile(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const mix = height > 1 ? y / (height - 1) : 0;
    const rgb = from.map((c, i) => Math.round(c + (to[i] - c) * mix));
    const rowStart = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) raw.set(rgb, rowStart + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
