import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** One database the benchmark runs on: a SQLite data folder, or a PostgreSQL schema of DATABASE_URL. */
export interface BenchTarget {
  name: 'sqlite' | 'postgres';
  /** SQLite's file, and the uploads folder of either. */
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
}

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty target: a new temporary folder, and for PostgreSQL a schema of its own (dropped first). */
export async function createTarget(name: BenchTarget['name'], rows: number): Promise<BenchTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-list-'));
  if (name === 'sqlite') return { name, dataDir };
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_PG_URL;
  const pgSchema = `bench_list_${rows}`;
  await pgQuery(databaseUrl, `drop schema if exists "${pgSchema}" cascade`).catch((error: Error) => {
    throw new Error(`bench/list: PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, '//')} is not reachable (${error.message}); set DATABASE_URL or BENCH_DB=sqlite`);
  });
  return { name, dataDir, databaseUrl, pgSchema };
}

export async function dropTarget(target: BenchTarget): Promise<void> {
  fs.rmSync(target.dataDir, { recursive: true, force: true });
  if (target.databaseUrl && target.pgSchema) await pgQuery(target.databaseUrl, `drop schema if exists "${target.pgSchema}" cascade`);
}

/** The environment a server process of this target starts with. */
export function serverEnv(target: BenchTarget): Record<string, string> {
  return {
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    BENCH_PG_SCHEMA: target.pgSchema ?? '',
    SEED_DEMO_DATA: '0',
    SCHEDULER: '0',
    LOG_REQUESTS: '0',
  };
}
