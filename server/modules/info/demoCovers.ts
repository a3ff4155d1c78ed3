import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { RowOwner } from '../../entity/insertNewRow';
import { recordAttachment, storedPathFor } from '../../files/attachmentStore';
import { newId } from '../../http/newId';

const WIDTH = 480;
const HEIGHT = 270;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A demo cover picture: a diagonal gradient between two colours with soft bands, as a PNG made
 * here (no image library, no binary file in the repository) — enough for the desk's carousel
 * and the news cards to look like pictures.
 */
export function coverPng(from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = Buffer.alloc(1 + WIDTH * 3);
    for (let x = 0; x < WIDTH; x += 1) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      const band = 0.92 + 0.08 * Math.sin((x + y * 1.6) / 38);
      for (let c = 0; c < 3; c += 1) row[1 + x * 3 + c] = Math.round((from[c] + (to[c] - from[c]) * t) * band);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // true colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a generated picture as an uploaded attachment of `owner`; answers its attachId. */
export async function storeDemoPicture(ctx: ServerContext, db: Db, owner: Pick<RowOwner, 'userId' | 'unitId'>, name: string, bytes: Buffer): Promise<string> {
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await fs.promises.writeFile(absolute, bytes);
  await recordAttachment(db, owner, { attachId, name, extName: 'png', fileSize: bytes.length, storedPath, contentType: 'image/png' }, 'info');
  return attachId;
}
