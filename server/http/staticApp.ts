import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite's assetsDir: every file in it carries a content hash in its name, so it never changes under its URL. */
const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html (also the answer of every client-side route): revalidated on each visit, so a release is picked up at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The built browser app. Each file's brotli and gzip siblings (written at build time,
 * scripts/vite/precompress.ts) are sent in its place when Accept-Encoding allows, with
 * Content-Encoding and Vary set; the siblings have no URL of their own. Hashed assets are cached
 * for a year; everything else is revalidated.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const assetsDir = path.join(path.resolve(staticDir), HASHED_ASSETS_DIR) + path.sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // Cache-Control comes from setHeaders: send's own would be `max-age=0` for every file.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', path.resolve(filePath).startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}
