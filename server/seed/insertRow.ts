import { resolveFieldDefault, type EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { insertNewRow, type RowOwner } from '../entity/insertNewRow';
import type { Db } from '../db/connect';

export type { RowOwner };

/** Seed rows go in like inserted ones, with the schema's defaults for what the seed leaves out. */
export async function insertRow(ctx: ServerContext, entity: EntityDef, values: Record<string, unknown>, owner: RowOwner, db: Db = ctx.database.db): Promise<string> {
  const defaults = Object.fromEntries(entity.fields.map((f) => [f.name, resolveFieldDefault(f, owner)]).filter(([, value]) => value !== undefined));
  return insertNewRow(ctx, db, entity, { ...defaults, ...values }, owner);
}
