import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A small PNG landscape for the demo albums: a sky gradient of the given hue over a darker ground
 * with a sun, so each album's photos look different without shipping image files.
 */
export function demoLandscapePng(hue: number, seed: number, width = 320, height = 200): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const horizon = Math.round(height * (0.55 + (seed % 3) * 0.08));
  const sunX = 40 + ((seed * 67) % (width - 80));
  const sunY = 30 + ((seed * 29) % 40);
  const rgb = (h: number, s: number, l: number): [number, number, number] => {
    const k = (n: number) => (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
  };
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const ridge = horizon + Math.round(12 * Math.sin((x + seed * 13) / 23));
      let colour: [number, number, number];
      if ((x - sunX) ** 2 + (y - sunY) ** 2 < 18 ** 2) colour = [255, 236, 170];
      else if (y < ridge) colour = rgb(hue, 0.6, 0.75 - (0.25 * y) / height);
      else colour = rgb((hue + 120) % 360, 0.35, 0.38 - (0.12 * (y - ridge)) / height);
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}
