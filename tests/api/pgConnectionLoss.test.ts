import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer } from '../support/testServer';

const databases = await databasesUnderTest();
// databasesUnderTest says loudly when PostgreSQL is missing on a developer machine; CI requires it.
const postgres = databases.find((d) => d.name === 'postgres');

/**
 * PostgreSQL ends the server's idle pooled connections (a restart, an administrator's terminate):
 * the pool reports it as an 'error' event, which unheard ends the whole process
 * (server/db/connect.ts). The server logs it and goes on serving on new connections.
 */
describe.skipIf(!postgres)('connections PostgreSQL ends under the server', () => {
  it('keeps serving after its idle connections are terminated', async () => {
    const s = await startTestServer(postgres!);
    try {
      const token = await s.login('admin');
      // Several calls at once, so the pool holds several idle connections afterwards.
      const calls = await Promise.all(Array.from({ length: 6 }, () => s.get(token, '/get/system/getUserInfo')));
      for (const call of calls) expect(call.body.code).toBe(200);
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(s.server.ctx.database.db);
      const admin = new pg.Client({ connectionString: (postgres as { url: string }).url });
      await admin.connect();
      try {
        const ended = await admin.query('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [rows[0].name]);
        expect(ended.rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // The pool hears of the ends and drops those connections; the next calls open new ones.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await s.get(token, '/get/system/getUserInfo');
      expect(after.body.code).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
