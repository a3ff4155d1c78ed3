import { sql } from 'kysely';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import type { BenchTarget } from './target';

/** The HR user whose list is measured: unit scope, 40% of the rows are in their unit. */
export const BENCH_ACCOUNT = 'zhangwei';

/**
 * What HR writes in a contract's remark: realistic Chinese text, so the keyword variants search
 * what users search (续签 in about one row in seven, 试用期 in about one in ten).
 */
const REMARKS = [
  '劳动合同到期续签，岗位不变', '试用期满转正，签订固定期限合同', '技术研发部软件工程师，三年期', '行政部文员，含保密协议',
  '财务部会计，竞业限制条款另附', '销售部客户经理，绩效考核另行约定', '实习协议，期满评估后决定是否录用', '劳务派遣转正式员工',
  '无固定期限劳动合同', '续签两年，薪资调整见附件', '车辆调度员，驾驶证复印件已归档', '外籍员工，工作许可证有效期内',
  '', '培训服务期协议另签', '项目制聘用，项目结束自动终止', 'Contract for overseas staff, English version attached',
];

/**
 * Prepares a database with the demo organisation plus `count` HrContract rows, written the way
 * a bulk load writes them: one INSERT … SELECT over a generated series per 100,000 rows, by
 * direct SQL (the table's triggers — the keyword index — fire as for any write). 40% of the rows
 * sit in the HR user's unit, the rest in the other units; owners, types, dates, amounts and
 * remarks vary row by row.
 */
export async function seedContracts(target: BenchTarget, count: number, log: (line: string) => void): Promise<void> {
  const server = await buildServer({
    ...readConfig({ DATA_DIR: target.dataDir, SCHEDULER: '0', ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) }),
    staticDir: undefined,
  }, { pgSchema: target.pgSchema });
  try {
    const { db, dialect } = server.ctx.database;
    const entity = server.ctx.registry.entities.get('HrContract')!;
    const hr = await db.selectFrom('sys_user').select(['unitId']).where('accountId', '=', BENCH_ACCOUNT).executeTakeFirstOrThrow();
    const owners = await db.selectFrom('sys_user').select(['userId', 'deptId']).orderBy('accountId').execute();
    const otherUnits = (await db.selectFrom('sys_unit').select('unitId').where('unitId', '<>', hr.unitId).orderBy('unitId').execute())
      .map((u) => String(u.unitId));
    if (otherUnits.length === 0) otherUnits.push('bench-other-unit');

    // Lookup tables the INSERT … SELECT joins by row number (plain tables: a pool's connections share them).
    await sql`drop table if exists bench_owner`.execute(db);
    await sql`drop table if exists bench_unit`.execute(db);
    await sql`drop table if exists bench_remark`.execute(db);
    await sql`create table bench_owner (k integer primary key, "userId" text, "deptId" text)`.execute(db);
    await sql`create table bench_unit (k integer primary key, "unitId" text)`.execute(db);
    await sql`create table bench_remark (k integer primary key, remark text)`.execute(db);
    await db.insertInto('bench_owner').values(owners.map((o, k) => ({ k, userId: o.userId, deptId: o.deptId }))).execute();
    // Of every five rows, two are in the HR unit.
    const units = [hr.unitId, hr.unitId, ...otherUnits.slice(0, 3)];
    while (units.length < 5) units.push(otherUnits[units.length % otherUnits.length]);
    await db.insertInto('bench_unit').values(units.map((unitId, k) => ({ k, unitId }))).execute();
    await db.insertInto('bench_remark').values(REMARKS.map((remark, k) => ({ k, remark: remark || null }))).execute();

    const pg = dialect === 'postgres';
    const pad = (prefix: string) => (pg ? `'${prefix}' || lpad(n.i::text, 8, '0')` : `'${prefix}' || printf('%08d', n.i)`);
    const day = (offset: string) => (pg ? `to_char(date '2010-01-01' + (${offset})::int, 'YYYY-MM-DD')` : `date('2010-01-01', '+' || (${offset}) || ' days')`);
    const columns = ['contractId', 'contractNo', 'userId', 'contractType', 'startDate', 'endDate', 'amount', 'renewFlag', 'remark',
      'createUser', 'createDept', 'unitId', 'createTime', 'updateTime'];
    const values = [
      pad('bc'), pad('HT'), 'o."userId"',
      `case n.i % 4 when 0 then 'fixed' when 1 then 'open' when 2 then 'service' else 'intern' end`,
      day('(n.i * 7919) % 5840'), day('(n.i * 7919) % 5840 + 365 * (1 + n.i % 3)'),
      '5000 + ((n.i * 31) % 1000) * 10', 'n.i % 2', 'r.remark', 'o."userId"', 'o."deptId"', 'u."unitId"',
      `'2026-01-01 08:00:00'`, `'2026-01-01 08:00:00'`,
    ];
    const joins = `join bench_owner o on o.k = (n.i / 7) % ${owners.length} join bench_unit u on u.k = n.i % 5 `
      + `join bench_remark r on r.k = (n.i * 13) % ${REMARKS.length}`;
    const chunk = 100_000;
    const started = Date.now();
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk) - 1;
      // bigint: n.i * 7919 passes int4 above 271,000 rows.
      const series = pg ? `from generate_series(${from}::bigint, ${to}::bigint) as n(i)` : `from n`;
      const cte = pg ? '' : `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}) `;
      await sql.raw(`insert into "${entity.table}" (${columns.map((c) => `"${c}"`).join(', ')}) ${cte}`
        + `select ${values.join(', ')} ${series} ${joins}`).execute(db);
      log(`  ${to + 1} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    for (const table of ['bench_owner', 'bench_unit', 'bench_remark']) await sql.raw(`drop table ${table}`).execute(db);
    // PostgreSQL's autovacuum analyses a freshly loaded table soon after; the benchmark does not wait for it.
    if (pg) await sql.raw(`analyze "${entity.table}"`).execute(db);
  } finally {
    await server.close();
  }
}
