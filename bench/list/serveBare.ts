import fs from 'node:fs';
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { connectDatabase } from '../../server/db/connect';
import { hashToken } from '../../server/auth/sessions';
import type { CapturedStatement } from './captureSql';

/**
 * The baseline: a bare Fastify route doing the same authenticated work as the generic list — the
 * session looked up by the token's hash, then the very statements the generic call ran for this
 * variant (captured from it, bench/list/captureSql.ts), with their parameters — and nothing else:
 * no call table, no principal, permission, parameter checks, row mapping or envelope translation.
 */
const statements = JSON.parse(fs.readFileSync(process.env.BENCH_SQL_FILE!, 'utf8')) as Record<string, CapturedStatement[]>;
const database = await connectDatabase({
  dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL || undefined, pgSchema: process.env.BENCH_PG_SCHEMA || undefined,
});
const app = Fastify();
app.get('/bare/:variant', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const session = token ? await database.db.selectFrom('sys_session').select('userId')
    .where('tokenHash', '=', hashToken(token)).where('expiresAt', '>', Date.now()).executeTakeFirst() : undefined;
  if (!session) return reply.status(401).send({ code: 401, message: 'unauthenticated', data: null });
  const list = statements[(request.params as { variant: string }).variant];
  if (!list) return reply.status(404).send({ code: 404, message: 'unknown variant', data: null });
  const results: unknown[][] = [];
  for (const statement of list) results.push((await database.db.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters))).rows);
  return { code: 200, message: 'ok', data: results };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Stopped by the benchmark with SIGTERM: exit normally, so that a --cpu-prof run writes its profile.
process.on('SIGTERM', () => { void app.close().then(() => database.close()).then(() => process.exit(0)); });
console.log('ready');
