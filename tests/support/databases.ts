import pg from 'pg';

export type TestDatabase = { name: 'sqlite' } | { name: 'postgres'; url: string };

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The databases every API test runs on: SQLite always; PostgreSQL when DATABASE_URL (or the
 * machine's default server) answers. In CI (CI=true or REQUIRE_POSTGRES=1) an unreachable
 * PostgreSQL is a failure, never a skip; on a developer machine it is skipped, loudly.
 */
export async function databasesUnderTest(): Promise<TestDatabase[]> {
  const url = process.env.DATABASE_URL || DEFAULT_PG_URL;
  const required = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';
  if (await reachable(url)) return [{ name: 'sqlite' }, { name: 'postgres', url }];
  if (required) throw new Error(`PostgreSQL is required in CI but ${url.replace(/\/\/[^@]*@/, '//')} is not reachable`);
  console.warn('\n!!! PostgreSQL is not reachable: API tests run on SQLite ONLY on this machine. CI will run them on PostgreSQL. !!!\n');
  return [{ name: 'sqlite' }];
}
