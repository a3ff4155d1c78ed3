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
