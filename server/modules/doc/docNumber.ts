import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { nextCode } from '../../codes/nextCode';
import { recordUploadedBody } from './bodyVersions';
import { DOC_SEND_RULE, ensureCodeRule } from './codeRules';


/** GB/T 9704 发文字号: 机关代字, the year in 六角括号, the sequence and 号 — 华智发〔2026〕12号. */
export function formatDocNo(docWord: string, year: number, sequence: string): string {
  return `${docWord}〔${year}〕${sequence}号`;
}

/**
 * 编号: a signed document without a number gets the next one, in the transaction of the first
 * 套红 or 分发 after signing — so drafts and rejected documents take no number, and a failed
 * red header or distribution gives its number back (nextCode's counter rolls back with it).
 * Answers the row as it is now.
 */
export async function numberDocument(ctx: ServerContext, trx: Db, row: Record<string, unknown>, unitId: string): Promise<Record<string, unknown>> {
  const entity = ctx.registry.entities.get('DocSend')!;
  const id = String(row[entity.key]);
  await recordUploadedBody(ctx, trx, id, row.bodyFile);
  if (row.docNo) return row;
  const now = new Date();
  await ensureCodeRule(ctx, trx, DOC_SEND_RULE, unitId);
  const sequence = await nextCode(trx, systemEntity(ctx, 'CodeRule').table, DOC_SEND_RULE.ruleCode, now);
  const docNo = formatDocNo(String(row.docWord ?? ''), now.getFullYear(), sequence);
  await trx.updateTable(entity.table).set({ docNo }).where(entity.key, '=', id).execute();
  return { ...row, docNo };
}
