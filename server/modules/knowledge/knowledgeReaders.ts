import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../../runtime/core/schema';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { readableScope } from '../../entity/readCalls';
import { ApiError } from '../../http/ApiError';

/** A knowledge entity this module's code relies on; its schema missing is a broken installation. */
export function knowledgeEntity(ctx: ServerContext, name: 'Knowledge' | 'KnowledgeSort' | 'KnowledgeComment' | 'KnowledgeLearnRecord' | 'KnowledgeSearchKeyword'): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/knowledge/`);
  return entity;
}

/** `,a,b,` holds `,id,`: a member of a comma-joined users or departments column. */
function listHolds(column: string, id: string) {
  return sql<SqlBool>`(',' || ${sql.ref(column)} || ',') LIKE ${`%,${id.replace(/[\\%_]/g, '')},%`}`;
}

const listHas = (value: unknown, id: string) => String(value ?? '').split(',').includes(id);

/**
 * The readers' rule of the knowledge base, beside the generic by-id rule (the administrator's
 * scope, one's own documents): a published document of the reader's unit is read by everyone
 * (visibility `all`), by the people of the chosen departments (`depts`), or by the chosen people
 * (`users`). Drafts are their author's and the administrator's alone.
 */
export function publishedVisibleScope(principal: Principal): RowScope {
  return {
    condition: (eb: ExpressionBuilder<any, any>) => eb.and([
      eb('unitId', '=', principal.unitId),
      eb('status', '=', 'published'),
      eb.or([
        eb('visibility', '=', 'all'),
        eb.and([eb('visibility', '=', 'depts'), listHolds('visibleDepts', principal.deptId ?? '')]),
        eb.and([eb('visibility', '=', 'users'), listHolds('visibleUsers', principal.userId)]),
      ]),
    ]),
    allows: (row) => row.unitId === principal.unitId && row.status === 'published' && (
      row.visibility === 'all'
      || (row.visibility === 'depts' && listHas(row.visibleDepts, principal.deptId ?? ''))
      || (row.visibility === 'users' && listHas(row.visibleUsers, principal.userId))),
  };
}

/** Everything the principal may read of the knowledge base: the generic rule or the readers' rule. */
export async function knowledgeReadScope(ctx: ServerContext, principal: Principal): Promise<RowScope> {
  const visible = publishedVisibleScope(principal);
  const own = await readableScope(ctx, knowledgeEntity(ctx, 'Knowledge'), principal);
  if (!own) return visible;
  if (!own.condition) return own;
  return {
    condition: (eb) => eb.or([own.condition!(eb), visible.condition!(eb)]),
    allows: (row) => own.allows(row) || visible.allows(row),
  };
}

/** The document, when the principal may read it; otherwise code 100 saying it is gone or hidden (the same words: which one is not told). */
export async function readableKnowledge(ctx: ServerContext, principal: Principal, id: unknown, db = ctx.database.db): Promise<Record<string, unknown>> {
  const entity = knowledgeEntity(ctx, 'Knowledge');
  if (typeof id !== 'string' || id === '') throw ApiError.business('knowledge.error.notReadable');
  const scope = await knowledgeReadScope(ctx, principal);
  let query = db.selectFrom(entity.table).selectAll().where(entity.key, '=', id);
  if (scope.condition) query = query.where(scope.condition);
  const row = await query.executeTakeFirst();
  if (!row) throw ApiError.business('knowledge.error.notReadable');
  return row;
}
