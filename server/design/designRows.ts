import type { ServerContext } from '../context';
import { insertNewRow } from '../entity/insertNewRow';
import { nowText } from '../http/newId';

/** What the designer's index (SysDesign, table sys_design) shows of one entity or new design. */
export interface DesignRow {
  name: string;
  title: string;
  module: string;
  origin: 'file' | 'designed';
  /** file: the file runs; published: a design runs; draft: a draft differs from what runs. */
  status: 'file' | 'draft' | 'published';
  publishedVersion: number | null;
  fileChanged: boolean;
}

const SYSTEM_OWNER = { userId: '', deptId: '', unitId: '' };
const COMPARED = ['title', 'module', 'origin', 'status', 'publishedVersion', 'fileChanged'] as const;

/** Keeps sys_design one row per entity: adds the missing, updates the changed, never deletes (an index, not data). */
export async function syncDesignRows(ctx: ServerContext, rows: DesignRow[]): Promise<void> {
  const entity = ctx.registry.entities.get('SysDesign');
  if (!entity) return;
  const { db } = ctx.database;
  const stored = new Map((await db.selectFrom(entity.table).select(['name', ...COMPARED]).execute()).map((r) => [String(r.name), r]));
  const changes = rows.map((row) => ({ row, values: { ...row, fileChanged: row.fileChanged ? 1 : 0 }, before: stored.get(row.name) }))
    .filter(({ values, before }) => !before || COMPARED.some((k) => String(before[k] ?? '') !== String(values[k] ?? '')));
  if (changes.length === 0) return;
  // One transaction: a new database gets its hundred-odd rows in one commit.
  await db.transaction().execute(async (trx) => {
    for (const { row, values, before } of changes) {
      if (!before) await insertNewRow(ctx, trx, entity, values, SYSTEM_OWNER, undefined, row.name);
      else await trx.updateTable(entity.table).set({ ...values, updateTime: nowText() }).where('name', '=', row.name).execute();
    }
  });
}
