import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { insertNewRow } from '../../entity/insertNewRow';

/** The code rule of 发文 sequence numbers: no prefix or date part, restarting every year. */
export const DOC_SEND_RULE = { ruleCode: 'docSendNo', ruleName: '发文字号', prefix: '', datePattern: 'none', separator: '', seqLength: 1, resetCycle: 'year' };
/** 收文编号 SW-2026-0001 (DocReceive.receiveNo's autoCode). */
export const DOC_RECEIVE_RULE = { ruleCode: 'docReceiveNo', ruleName: '收文编号', prefix: 'SW', datePattern: 'YYYY', separator: '-', seqLength: 4, resetCycle: 'year' };

/**
 * The module's numbering rules exist before they are first used — on a database that was not
 * seeded with the demo too. An administrator may change them afterwards in 编号规则 (a rule that
 * exists is never touched).
 */
export async function ensureCodeRule(ctx: ServerContext, db: Db, rule: typeof DOC_SEND_RULE, unitId: string): Promise<void> {
  const table = systemEntity(ctx, 'CodeRule');
  const found = await db.selectFrom(table.table).select(table.key).where('ruleCode', '=', rule.ruleCode).executeTakeFirst();
  if (!found) await insertNewRow(ctx, db, table, rule, { userId: '', deptId: '', unitId });
}
