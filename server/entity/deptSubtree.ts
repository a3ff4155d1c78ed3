import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { memoWithPrincipals } from '../auth/principalCache';

/** A department and all departments below it, by one recursive query (same SQL on both databases). */
export async function deptSubtree(ctx: ServerContext, deptId: string): Promise<string[]> {
  if (!deptId) return [];
  // Asked on every call of a user scoped to their department and below: kept until a department changes.
  return memoWithPrincipals(ctx, `deptSubtree:${deptId}`, () => readSubtree(ctx, deptId));
}

async function readSubtree(ctx: ServerContext, deptId: string): Promise<string[]> {
  const dept = systemEntity(ctx, 'Dept');
  const table = sql.table(dept.table);
  const result = await sql<{ deptId: string }>`
    with recursive sub("deptId") as (
      select "deptId" from ${table} where "deptId" = ${deptId}
      union
      select d."deptId" from ${table} d join sub on d."parentId" = sub."deptId"
    )
    select "deptId" from sub`.execute(ctx.database.db);
  return result.rows.map((r) => r.deptId);
}
