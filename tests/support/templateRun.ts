import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_PG_URL } from './databases';

/**
 * Vitest's global setup: one id per test run for the seeded template (tests/support/seededTemplate.ts),
 * handed to every worker, and the run's templates removed when it ends. The id is the run's process
 * id (so a later run can tell a killed run's leftovers by it) and random bytes (process ids are reused).
 */
declare module 'vitest' {
  export interface ProvidedContext { templateRun: string }
}

export const TEMPLATE_PREFIX = 'oa-test-template-';
export const PG_TEMPLATE_PREFIX = 'oa_tpl_';

export function templateRoot(run: string): string {
  return path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${run}`);
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  project.provide('templateRun', run);
  return async () => {
    fs.rmSync(templateRoot(run), { recursive: true, force: true });
    // No PostgreSQL on this machine: nothing to drop.
    await dropDatabases(process.env.DATABASE_URL || DEFAULT_PG_URL, (name) => name === `${PG_TEMPLATE_PREFIX}${run}`).catch(() => undefined);
  };
}

/** Templates (folders and PostgreSQL databases) of runs whose vitest process has ended. */
export async function dropTemplatesOfEndedRuns(url: string | undefined, current: string): Promise<void> {
  const ended = (run: string) => run !== current && !alive(Number(run.split('_')[0]));
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(TEMPLATE_PREFIX) && ended(entry.slice(TEMPLATE_PREFIX.length))) {
      fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    }
  }
  if (url) await dropDatabases(url, (name) => name.startsWith(PG_TEMPLATE_PREFIX) && ended(name.slice(PG_TEMPLATE_PREFIX.length)));
}

async function dropDatabases(url: string, which: (name: string) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PG_TEMPLATE_PREFIX}%'`);
    for (const { datname } of rows.filter((r) => which(r.datname))) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
