import zlib from 'node:zlib';

/**
 * Zip archives written by hand for the decompression-guard tests: a big entry is one chunk
 * repeated, deflated by a stream, so a file that inflates to hundreds of MB is built without
 * ever holding its inflated text. `declaredSize` lets an entry lie about its inflated size in
 * its headers, as a hostile archive would.
 */
export interface BombEntry {
  name: string;
  /** Repeated `repeat` times (default once), between `head` and `tail`. */
  chunk: string;
  repeat?: number;
  head?: string;
  tail?: string;
  declaredSize?: number;
}

interface Written { name: Buffer; crc: number; compressed: Buffer; size: number; offset: number }

async function deflateEntry(parts: Buffer[], repeat: number): Promise<{ compressed: Buffer; crc: number; size: number }> {
  const [head, chunk, tail] = parts;
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (part: Buffer) => out.push(part));
  const ended = new Promise((resolve, reject) => { deflater.on('end', resolve); deflater.on('error', reject); });
  let crc = 0;
  let size = 0;
  const write = async (part: Buffer) => {
    crc = zlib.crc32(part, crc);
    size += part.length;
    if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(head);
  for (let i = 0; i < repeat; i += 1) await write(chunk);
  await write(tail);
  deflater.end();
  await ended;
  return { compressed: Buffer.concat(out), crc, size };
}

function header(fields: [number, 2 | 4][]): Buffer {
  const out = Buffer.alloc(fields.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [value, size] of fields) {
    if (size === 2) out.writeUInt16LE(value, at);
    else out.writeUInt32LE(value >>> 0, at);
    at += size;
  }
  return out;
}

export async function buildZip(entries: BombEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const parts = [entry.head ?? '', entry.chunk, entry.tail ?? ''].map((text) => Buffer.from(text));
    const inflated = await deflateEntry(parts, entry.repeat ?? 1);
    const { compressed, crc } = inflated;
    const size = entry.declaredSize ?? inflated.size;
    const name = Buffer.from(entry.name);
    const local = header([[0x04034b50, 4], [20, 2], [0x0800, 2], [8, 2], [0, 2], [0, 2], [crc, 4], [compressed.length, 4], [size, 4], [name.length, 2], [0, 2]]);
    chunks.push(local, name, compressed);
    written.push({ name, crc, compressed, size, offset });
    offset += local.length + name.length + compressed.length;
  }
  const directoryStart = offset;
  for (const w of written) {
    const central = header([[0x02014b50, 4], [20, 2], [20, 2], [0x0800, 2], [8, 2], [0, 2], [0, 2], [w.crc, 4], [w.compressed.length, 4], [w.size, 4],
      [w.name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [w.offset, 4]]);
    chunks.push(central, w.name);
    offset += central.length + w.name.length;
  }
  chunks.push(header([[0x06054b50, 4], [0, 2], [0, 2], [written.length, 2], [written.length, 2], [offset - directoryStart, 4], [directoryStart, 4], [0, 2]]));
  return Buffer.concat(chunks);
}

/** The smallest parts of an xlsx besides its sheet, so only the sheet's size makes it hostile. */
export const XLSX_FRAME: BombEntry[] = [
  { name: '[Content_Types].xml', chunk: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
  { name: '_rels/.rels', chunk: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
  { name: 'xl/workbook.xml', chunk: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>' },
  { name: 'xl/_rels/workbook.xml.rels', chunk: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
];

/** A sheet of about `mb` MB: one inline-string row repeated (its text compresses about 700:1). */
export function bigSheet(mb: number, declaredSize?: number): BombEntry {
  const row = `<row><c t="inlineStr"><is><t>${'A'.repeat(65_500)}</t></is></c></row>`;
  return {
    name: 'xl/worksheets/sheet1.xml',
    head: '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    chunk: row,
    repeat: Math.ceil((mb * 1024 * 1024) / row.length),
    tail: '</sheetData></worksheet>',
    declaredSize,
  };
}
