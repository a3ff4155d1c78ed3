import { CompiledQuery } from 'kysely';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { BENCH_ACCOUNT } from './seedContracts';
import { serverEnv, type BenchTarget } from './target';
import { LIST_CALL, VARIANTS, variantQuery } from './variants';

export interface CapturedStatement { sql: string; parameters: unknown[] }

export interface Capture {
  token: string;
  /** Per variant id: the statements one generic list call runs, in order, once its principal is cached. */
  statements: Record<string, CapturedStatement[]>;
  /** Per variant id: the generic answer's total (what the pager shows). */
  totals: Record<string, unknown>;
}

/** Statements are told apart by their text: a sampled total's parameters (random rowids) differ on every call. */
const key = (s: CapturedStatement) => s.sql;

/** Each statement's median time over five runs, with its start: where a variant's time goes. */
async function printStatementTimes(server: Awaited<ReturnType<typeof buildServer>>, label: string, statements: CapturedStatement[]): Promise<void> {
  for (const statement of statements) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await server.ctx.database.db.executeQuery(CompiledQuery.raw(statement.sql, statement.parameters));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.error(`  ${label}: ${times[2].toFixed(1).padStart(7)} ms  ${statement.sql.slice(0, 160)}`);
  }
}

/**
 * Signs the HR user in and records, from the database layer's statement hook, the SQL the generic
 * list runs for each variant today — so the bare route replays what the list executes at the time
 * of the run (indexes, totals and keyword search are changing), never a copy that drifts. Two
 * calls are recorded and only statements in both are kept: the list's own work, without the
 * one-second caches (settings, maintenance) that refill now and then.
 */
export async function captureListSql(target: BenchTarget): Promise<Capture> {
  const server = await buildServer({ ...readConfig({ ...process.env, ...serverEnv(target) }), staticDir: undefined }, { pgSchema: target.pgSchema });
  try {
    const login = await server.app.inject({
      method: 'POST', url: '/capi/get/system/login',
      payload: { accountId: BENCH_ACCOUNT, password: process.env.DEMO_PASSWORD ?? server.ctx.config.demoPassword },
    });
    const token = (login.json() as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`bench/list: ${BENCH_ACCOUNT} cannot sign in: ${login.body}`);
    const statements: Capture['statements'] = {};
    const totals: Capture['totals'] = {};
    for (const variant of VARIANTS) {
      const call = async () => {
        const seen: CapturedStatement[] = [];
        const stop = server.ctx.database.watch.onStatement((q) => seen.push({ sql: q.sql, parameters: [...q.parameters] }));
        const answer = await server.app.inject({ method: 'GET', url: `${LIST_CALL}?${variantQuery(variant)}`, headers: { authorization: `Bearer ${token}` } });
        stop();
        const body = answer.json() as { code: number; message: string; data: { total: unknown } };
        if (body.code !== 200) throw new Error(`bench/list: ${variant.label} answers ${body.code} ${body.message}`);
        return { seen, total: body.data.total };
      };
      await call();
      const first = await call();
      const second = await call();
      const inFirst = new Set(first.seen.map(key));
      statements[variant.id] = second.seen.filter((s) => inFirst.has(key(s)) && !s.sql.includes('"sys_session"'));
      totals[variant.id] = second.total;
      if (process.env.BENCH_STATEMENT_TIMES === '1') await printStatementTimes(server, variant.label, statements[variant.id]);
    }
    return { token, statements, totals };
  } finally {
    await server.close();
  }
}
