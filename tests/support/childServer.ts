/**
 * The real server as a separate process, compiled as `npm start` runs it (`node
 * dist-server/main.mjs`, made by `npm run build`, which `npm test` runs first; one process, so
 * SIGKILL stops it dead), for tests that kill it and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestDatabase } from './databases';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server's own orderly stop), and wait until the process is gone. */
  stop(): Promise<void>;
}

const COMPILED_SERVER = 'dist-server/main.mjs';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the server on `dataDir` (and `databaseUrl` for PostgreSQL) and resolves once it listens. */
export async function startChildServer(dataDir: string, databaseUrl: string | undefined): Promise<ChildServer> {
  if (!fs.existsSync(COMPILED_SERVER)) throw new Error(`${COMPILED_SERVER} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_SERVER], {
    cwd: process.cwd(),
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO_DATA: '1', SCHEDULER: '0', SECURITY_REVIEW: '0', STATIC_DIR: `${dataDir}/no-app`, LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/**
 * A database of its own for a child server: SQLite needs only a folder; on PostgreSQL the
 * server takes its schema from the URL, so each run gets a fresh database, dropped afterwards.
 */
export async function freshDatabase(database: TestDatabase): Promise<{ url: string | undefined; name?: string; drop(): Promise<void> }> {
  if (database.name === 'sqlite') return { url: undefined, drop: async () => undefined };
  const name = `h7_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
