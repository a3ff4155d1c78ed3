import Fastify from 'fastify';
import { sql } from 'kysely';
import { connectDatabase } from '../../server/db/connect';

/**
 * The baseline: a bare Fastify route running the SQL the generic list call ends up running
 * (count + money sum, then one sorted page) with the same filter and the same scope condition,
 * and no authentication, permission, validation or display-name work.
 */
const dataDir = process.env.DATA_DIR!;
const unitId = process.env.BENCH_UNIT_ID!;
const database = await connectDatabase({ dataDir });
const app = Fastify();
app.get('/bare/contracts', async (request) => {
  const q = request.query as { page?: string; pageSize?: string; type?: string };
  const pageSize = Number(q.pageSize ?? 15);
  const page = Number(q.page ?? 1);
  const where = sql`"unitId" = ${unitId} and "contractType" in (${q.type ?? 'fixed'})`;
  const totals = await sql<{ total: number; amount: number }>`select count(*) as total, sum("amount") as amount from "hr_contract" where ${where}`.execute(database.db);
  const rows = await sql`select * from "hr_contract" where ${where} order by "startDate" desc, "contractId" desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(database.db);
  return { code: 200, message: 'ok', data: { list: rows.rows, total: totals.rows[0].total, summary: { amount: totals.rows[0].amount } } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
