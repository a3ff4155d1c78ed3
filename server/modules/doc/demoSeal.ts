import { crc32, deflateSync } from 'node:zlib';

const SEAL_RED = [204, 0, 0] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Whether (x, y) — centred, radius 1 — is inside the five-pointed star of radius 0.38 pointing up. */
function inStar(x: number, y: number): boolean {
  const outer = 0.38;
  const inner = outer * 0.382;
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? outer : inner;
    return [r * Math.cos(angle), r * Math.sin(angle)] as const;
  });
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The demo's 公章: a red ring with a thin inner ring and a star, on a transparent ground (it is
 * printed over the issuing authority's name), as an RGBA PNG made here — no font, no image
 * library, no binary file in the repository. Edges are smoothed by 3×3 sampling.
 */
export function demoSealPng(size = 240): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const covered = (x: number, y: number) => {
    const d = Math.hypot(x, y);
    return (d <= 0.98 && d >= 0.86) || (d <= 0.8 && d >= 0.77) || inStar(x, y);
  };
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px += 1) {
      let hits = 0;
      for (let sy = 0; sy < 3; sy += 1) {
        for (let sx = 0; sx < 3; sx += 1) {
          if (covered(((px + (sx + 0.5) / 3) / size) * 2 - 1, ((py + (sy + 0.5) / 3) / size) * 2 - 1)) hits += 1;
        }
      }
      raw.set([...SEAL_RED, Math.round((hits / 9) * 230)], row + 1 + px * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}
