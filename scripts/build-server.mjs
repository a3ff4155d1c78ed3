#!/usr/bin/env node
// Compiles the server into one ES module for `npm start`: `node scripts/build-server.mjs`
// writes dist-server/main.mjs from server/main.ts; `buildServerEntry(entry, outfile)` does the
// same for another entry (the benchmarks' servers, so they measure what `npm start` runs).
//
// Why compile: run through tsx, the server holds its TypeScript transforms and their source
// maps for its whole life — ~230 MB resident after start against ~160 MB compiled (measured on
// the demo database), and every MB of that is a MB an export or an import cannot use.
// Packages stay outside the bundle (they load from node_modules as they would under tsx); the
// output lives under the project so they resolve, and every path the server opens is relative
// to the working directory (server/config.ts), not to its source file.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node flags the compiled server runs with — `npm start` (package.json repeats them; a unit test
 * holds the two together), the benchmarks' servers and the tests' child servers.
 *
 * `--heap-growing-percent=50`: after each full collection V8 lets the heap grow to 1.5 × what
 * survived before the next one, instead of up to 4 × when collections look cheap. An import keeps
 * its slices alive across awaits, so the young-generation passes move them to the old space, dead
 * soon after: with the default the heap filled to ~250 MB of such garbage before a full
 * collection (bench/import, 100,000 rows: peak RSS on PostgreSQL 420–437 → 286 MB, SQLite
 * 354 → 305 MB). The price is more frequent full collections, mostly marked on another thread.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50'];

/** Bundles `entry` (relative to the project) into `outfile` (relative to the project). */
export async function buildServerEntry(entry, outfile) {
  await build({
    entryPoints: [join(root, entry)],
    outfile: join(root, outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces in the log name the bundle's lines; the map beside it translates them.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerEntry('server/main.ts', 'dist-server/main.mjs');
}
