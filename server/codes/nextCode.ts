import { sql } from 'kysely';
import { codePeriod, formatCode, type CodeRuleSpec } from '../../runtime/core/codes';
import type { Db } from '../db/connect';
import { ApiError } from '../http/ApiError';

/**
 * The next number of a code rule. The counter is bumped by one atomic upsert on the rule's
 * period row, inside the caller's transaction: concurrent writers queue on that row (PostgreSQL
 * row lock, SQLite's single writer), and a rolled-back insert rolls its number back too — so
 * numbers are unique and gap-free.
 */
export async function nextCode(db: Db, codeRuleTable: string, ruleCode: string, now = new Date()): Promise<string> {
  const rule = await db.selectFrom(codeRuleTable).selectAll().where('ruleCode', '=', ruleCode).executeTakeFirst();
  if (!rule) throw ApiError.business('entity.CodeRule.error.unknown', { ruleCode });
  const spec = rule as unknown as CodeRuleSpec;
  const period = codePeriod(spec, now);
  const seqId = `${ruleCode}|${period}`;
  const result = await sql<{ value: number }>`
    insert into "sys_code_sequence" ("seqId", "ruleCode", "period", "value") values (${seqId}, ${ruleCode}, ${period}, 1)
    on conflict ("seqId") do update set "value" = "sys_code_sequence"."value" + 1
    returning "value"`.execute(db);
  return formatCode(spec, Number(result.rows[0].value), now);
}
