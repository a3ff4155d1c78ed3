import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { lockRow } from '../../entity/lockRow';
import { requireEntity } from './requireEntity';

/**
 * A progress report (任务进度 on a task, 计划进展 on a work plan) sets its parent's progress in the
 * report's transaction (that the reporter may read the parent is checked before it:
 * readableReferences.ts). The parent's rowVersion moves too, so a Gantt drag or a form opened
 * before the report is told the record changed instead of writing the old progress back.
 */
function progressReport(parentEntity: string, parentField: string): BeforeWriteHook {
  return async ({ ctx, trx, record }) => {
    const parent = requireEntity(ctx, parentEntity);
    const parentId = String(record[parentField]);
    await lockRow(trx, parent.table, parent.key, parentId);
    await trx.updateTable(parent.table)
      .set((eb) => ({ progress: Number(record.progress), rowVersion: eb('rowVersion', '+', 1), updateTime: nowText() }))
      .where(parent.key, '=', parentId).execute();
  };
}

export const reportTaskProgress = progressReport('OfficeTask', 'task');
export const reportPlanProgress = progressReport('OfficeWorkPlan', 'plan');

/**
 * A link joins two different tasks, once: the chart cannot draw a task depending on itself (that
 * the writer may read both is checked before: readableReferences.ts).
 */
export const checkGanttLink: BeforeWriteHook = async ({ ctx, trx, record, id }) => {
  const links = requireEntity(ctx, 'OfficeGanttLink');
  if (String(record.source) === String(record.target)) throw ApiError.business('entity.OfficeGanttLink.rule.selfLink');
  let same = trx.selectFrom(links.table).select(links.key).where('source', '=', String(record.source)).where('target', '=', String(record.target));
  if (id) same = same.where(links.key, '<>', id);
  if (await same.executeTakeFirst()) throw ApiError.business('entity.OfficeGanttLink.rule.duplicate');
};
