import type { EntityDef } from '../../../runtime/core/schema';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
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
 * A link joins two different tasks, once, and never closes a loop (A before B before … before A
 * can never be scheduled): that the writer may read both is checked before (readableReferences.ts).
 * Written for any Gantt link entity (fields source and target referring to the task entity), so a
 * module that gives another task entity the chart registers the same hook for its links.
 */
export const checkGanttLink: BeforeWriteHook = async ({ ctx, trx, entity, record, id }) => {
  const source = String(record.source);
  const target = String(record.target);
  if (source === target) throw ApiError.business('entity.OfficeGanttLink.rule.selfLink');
  const tasks = linkedTasks(ctx, entity);
  // Two writers linking the same tasks take turns, so of A→B and B→A written at once the second
  // sees the first. (A loop closed by two links written at the same instant between four
  // different tasks is not serialised: the walk below then runs on what each writer can see.)
  for (const taskId of [source, target].sort()) await lockRow(trx, tasks.table, tasks.key, taskId);
  let same = trx.selectFrom(entity.table).select(entity.key).where('source', '=', source).where('target', '=', target);
  if (id) same = same.where(entity.key, '<>', id);
  if (await same.executeTakeFirst()) throw ApiError.business('entity.OfficeGanttLink.rule.duplicate');
  if (await reaches(trx, entity, target, source, id)) {
    const titles = await trx.selectFrom(tasks.table).select([tasks.key, tasks.labelField]).where(tasks.key, 'in', [source, target]).execute();
    const title = (taskId: string) => String(titles.find((row) => String(row[tasks.key]) === taskId)?.[tasks.labelField] ?? taskId);
    throw ApiError.business('entity.OfficeGanttLink.rule.cycle', { source: title(source), target: title(target) });
  }
};

/** The task entity a link entity's `source` refers to. */
function linkedTasks(ctx: ServerContext, links: EntityDef): EntityDef {
  const name = links.fields.find((field) => field.name === 'source')?.entity;
  return requireEntity(ctx, name ?? '');
}

/**
 * Whether `to` can be reached from `from` along the stored links, leaving out `skip` (the link an
 * update rewrites). Breadth first, one query per step, on both databases alike; every task is
 * visited once, so stored loops (there should be none) cannot make it run forever.
 */
async function reaches(trx: Db, links: EntityDef, from: string, to: string, skip: string | undefined): Promise<boolean> {
  const seen = new Set([from]);
  let frontier = [from];
  while (frontier.length > 0) {
    let step = trx.selectFrom(links.table).select('target').where('source', 'in', frontier);
    if (skip) step = step.where(links.key, '<>', skip);
    const next: string[] = [];
    for (const row of await step.execute()) {
      const task = String(row.target);
      if (task === to) return true;
      if (!seen.has(task)) { seen.add(task); next.push(task); }
    }
    frontier = next;
  }
  return false;
}
