import { resolveFieldDefault, type EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { insertSeededRow, type RowOwner } from '../entity/insertNewRow';
import type { Db } from '../db/connect';

export type { RowOwner };

/**
 * Seed rows go in like inserted ones, with the schema's defaults for what the seed leaves out. A
 * request of a flow gets no submission here: seedFlowHistory (seedFlowHistory.ts) writes the
 * history its state implies, at the end of the seeding or by the seeder that knows it.
 */
export async function insertRow(ctx: ServerContext, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, db: Db = ctx.database.db): Promise<string> {
  const defaults = Object.fromEntries(entity.fields.map((f) => [f.name, resolveFieldDefault(f, owner)]).filter(([, value]) => value !== undefined));
  return insertSeededRow(ctx, db, entity, { ...defaults, ...values }, owner);
}
