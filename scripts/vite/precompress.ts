import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts (woff2), archives and pdf.js's binary cmaps already are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|wasm|map)$/;
/** Smaller files gain a few bytes at most and cost a file-system probe each. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * output file, for the server to send by content negotiation (server/http/staticApp.ts) without
 * compressing per request. A sibling is kept only when it is smaller than the file.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(async (file) => {
        const body = await fs.readFile(file);
        if (body.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
      }));
    },
  };
}
