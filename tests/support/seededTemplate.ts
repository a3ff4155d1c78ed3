import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import Sqlite from 'better-sqlite3';
import { inject } from 'vitest';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { SQLITE_FILE } from '../../server/db/connect';
import type { TestDatabase } from './databases';
import { dropTemplatesOfEndedRuns, PG_TEMPLATE_PREFIX, templateRoot } from './templateRun';

/**
 * The demo database, seeded once per test run and copied for each test server. A first start
 * creates every table and index of the registry and seeds the demo organisation of every module:
 * seconds on SQLite, tens of seconds on PostgreSQL under load, paid by each of a hundred servers
 * a run starts. A copy (a folder on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL) is the
 * same database the first start would make, and the server then starts as it does on an existing
 * database — the path every real restart takes. Tests of the first start itself pass an
 * environment and get a fresh database (startTestServer).
 *
 * One run's workers share the template: it is keyed by the run's id (tests/support/templateRun.ts,
 * the global setup, which also removes it when the run ends) and built by whichever worker asks
 * first, the others waiting for its READY file.
 */
export interface SeededCopy {
  /** PostgreSQL only: the URL of this server's own database, a copy of the template. */
  databaseUrl?: string;
  /** Removes the copy's database (its data folder is the caller's). */
  drop(): Promise<void>;
}

interface Template { dataDir: string; pgDatabase?: string }

/**
 * Settings read while serving, never while the first start creates and seeds the database: a
 * server with only these starts from the template. Any other setting (another schema folder,
 * keys, a licence, chat apps) gets a first start of its own.
 */
const SERVING_ONLY_SETTINGS = new Set([
  'SECURITY_REVIEW', 'SEND_INTERVAL_SECONDS', 'TRUST_PROXY', 'UPLOAD_QUOTA_MB', 'MAX_UPLOAD_MB', 'IMPORT_MAX_ROWS',
  'EXPORT_MAX_ROWS',
  // config.geo is read by the geo calls only; config.account's by the account calls only.
  'WEATHER_API_URL', 'WEATHER_API_KEY', 'WEATHER_CACHE_SECONDS', 'LOCATION_API_URL', 'GEO_TIMEOUT_MS', 'DEFAULT_CITY_CODE',
  'ENTERPRISE_PREFIX', 'CODE_SECONDS', 'LICENSE_KEY',
]);

/**
 * Settings a first start writes into the configuration rows and nothing else (rowFromEnvironment
 * in server/sysConfig, OPLOG_RETENTION_DAYS in server/audit/securityConfig.ts): a server with
 * these starts from a template copy whose two rows are removed, and writes them from its settings
 * as a first start does (ensureSysConfig, ensureSecurityConfig). Messaging and chat-app settings
 * are not here: the demo seed already sends through them.
 */
const CONFIG_ROW_SETTINGS = new Set([
  'APP_NAME', 'APP_COLOR', 'DASHBOARD_URL', 'GREY_END_TIME', 'WATER_MARK', 'WATER_MARK_CONTENT', 'WATER_MARK_SUBTEXT',
  'ENCRYPTION_TYPE', 'SM4_KEY', 'OFFICE_TYPE', 'OFD_TYPE', 'OPEN_ON_LINE_FLAG', 'ATTACH_HOST', 'OPLOG_RETENTION_DAYS',
]);
const CONFIG_ROW_TABLES = ['sys_config', 'sys_security_config'];

export function startsFromTemplate(env: Record<string, string>): boolean {
  return Object.keys(env).every((key) => SERVING_ONLY_SETTINGS.has(key) || CONFIG_ROW_SETTINGS.has(key));
}

function writesConfigRows(env: Record<string, string>): boolean {
  return Object.keys(env).some((key) => CONFIG_ROW_SETTINGS.has(key));
}

const RUN = inject('templateRun');
const ROOT = templateRoot(RUN);
const WAIT_MS = 240_000;

/**
 * Copies the run's seeded template into `dataDir` (and a database of its own on PostgreSQL);
 * `env` (startsFromTemplate) says whether the copy loses its configuration rows.
 */
export async function copySeededTemplate(database: TestDatabase, dataDir: string, env: Record<string, string> = {}): Promise<SeededCopy> {
  const template = await templateFor(database);
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const clearRows = writesConfigRows(env) ? CONFIG_ROW_TABLES.map((table) => `DELETE FROM ${table}`) : [];
  if (database.name !== 'postgres' || !template.pgDatabase) {
    if (clearRows.length > 0) {
      const db = new Sqlite(path.join(dataDir, SQLITE_FILE));
      try {
        for (const statement of clearRows) db.exec(statement);
      } finally {
        db.close();
      }
    }
    return { drop: async () => undefined };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(database.url, `CREATE DATABASE "${name}" TEMPLATE "${template.pgDatabase}"`);
  const databaseUrl = withDatabase(database.url, name);
  for (const statement of clearRows) await adminQuery(databaseUrl, statement);
  return {
    databaseUrl,
    drop: () => adminQuery(database.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function templateFor(database: TestDatabase): Promise<Template> {
  const dir = path.join(ROOT, database.name);
  const ready = path.join(dir, 'READY');
  fs.mkdirSync(ROOT, { recursive: true });
  try {
    fs.mkdirSync(dir);
  } catch {
    return waitFor(ready);
  }
  try {
    const template = await buildTemplate(database, path.join(dir, 'data'));
    fs.writeFileSync(ready, JSON.stringify(template));
    return template;
  } catch (error) {
    fs.writeFileSync(ready, JSON.stringify({ failed: String((error as Error).stack ?? error) }));
    throw error;
  }
}

async function waitFor(ready: string): Promise<Template> {
  const until = Date.now() + WAIT_MS;
  while (!fs.existsSync(ready)) {
    if (Date.now() > until) throw new Error(`the seeded test template was not ready after ${WAIT_MS / 1000} s (${ready})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const template = JSON.parse(fs.readFileSync(ready, 'utf8')) as Template & { failed?: string };
  if (template.failed) throw new Error(`building the seeded test template failed in another worker:\n${template.failed}`);
  return template;
}

async function buildTemplate(database: TestDatabase, dataDir: string): Promise<Template> {
  let pgDatabase: string | undefined;
  await dropTemplatesOfEndedRuns(database.name === 'postgres' ? database.url : undefined, RUN);
  if (database.name === 'postgres') {
    pgDatabase = `${PG_TEMPLATE_PREFIX}${RUN}`;
    await adminQuery(database.url, `DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`);
    await adminQuery(database.url, `CREATE DATABASE "${pgDatabase}"`);
  }
  const server = await buildServer({
    ...readConfig({ SCHEDULER: '0', SECURITY_REVIEW: '0', DATA_DIR: dataDir }),
    databaseUrl: pgDatabase && database.name === 'postgres' ? withDatabase(database.url, pgDatabase) : undefined,
    staticDir: undefined,
  });
  await server.close();
  return { dataDir, pgDatabase };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
