import { sql } from 'kysely';
import type { CallHandler } from '../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { attachDisplayNames } from '../../entity/displayNames';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { rowToApi } from '../../entity/rowValues';
import { insertNewRow } from '../../entity/insertNewRow';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { knowledgeEntity, knowledgeReadScope, readableKnowledge } from './knowledgeReaders';

/** Readers of the knowledge base: anyone holding a read permission of its documents. */
function requireReader(ctx: ServerContext, principal: Principal): void {
  const { permissions } = knowledgeEntity(ctx, 'Knowledge');
  if (!hasAnyPermission(principal, [permissions.list, permissions.view, permissions.my])) {
    throw ApiError.forbidden('error.noPermission', { permission: permissions.view });
  }
}

/** GET getKnowledgeSortTree: the unit's categories in their order, each with the number of documents the caller may read in it. */
export const getKnowledgeSortTreeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireReader(ctx, principal);
    const sorts = knowledgeEntity(ctx, 'KnowledgeSort');
    const docs = knowledgeEntity(ctx, 'Knowledge');
    const rows = await ctx.database.db.selectFrom(sorts.table).select(['sortId', 'sortName', 'parentId', 'sort'])
      .where('unitId', '=', principal.unitId).orderBy('sort').orderBy('sortId').execute();
    const scope = await knowledgeReadScope(ctx, principal);
    let counting = ctx.database.db.selectFrom(docs.table).select(['sortId', sql<number>`count(*)`.as('n')]).groupBy('sortId');
    if (scope.condition) counting = counting.where(scope.condition);
    const counts = new Map((await counting.execute()).map((r) => [String(r.sortId), Number(r.n)]));
    return rows.map((r) => ({ ...r, count: counts.get(String(r.sortId)) ?? 0 }));
  },
};

/** A category and every category below it. */
async function sortSubtree(ctx: ServerContext, sortId: string): Promise<string[]> {
  const sorts = knowledgeEntity(ctx, 'KnowledgeSort');
  const rows = await ctx.database.db.selectFrom(sorts.table).select(['sortId', 'parentId']).execute();
  const children = new Map<string, string[]>();
  for (const r of rows) {
    const parent = String(r.parentId ?? '');
    children.set(parent, [...(children.get(parent) ?? []), String(r.sortId)]);
  }
  const out = new Set<string>();
  const walk = (id: string) => { if (out.has(id)) return; out.add(id); for (const c of children.get(id) ?? []) walk(c); };
  walk(sortId);
  return [...out];
}

/**
 * GET getKnowledgeReadList: the documents the caller may read (published ones visible to them,
 * their own, and everything their manage scope reaches), in a category and those below it
 * (`sortId`), with the list's paging, sort and keyword. The content stays on the reading page.
 */
export const getKnowledgeReadListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireReader(ctx, principal);
    const entity = knowledgeEntity(ctx, 'Knowledge');
    const { sortId, ...params } = request.params;
    const readable = await knowledgeReadScope(ctx, principal);
    const inSorts = typeof sortId === 'string' && sortId !== '' ? await sortSubtree(ctx, sortId) : null;
    const scope: RowScope = inSorts ? {
      condition: (eb) => (readable.condition ? eb.and([readable.condition(eb), eb('sortId', 'in', inSorts)]) : eb('sortId', 'in', inSorts)),
      allows: (row) => readable.allows(row) && inSorts.includes(String(row.sortId)),
    } : readable;
    const page = await listRows(ctx, entity, scope, readListQuery(entity, params), request.lang);
    return { ...page, list: page.list.map(({ content: _content, ...row }) => row) };
  },
};

/**
 * GET getKnowledgeDetailForRead: one document for reading. Counts the view and writes the
 * reader's learning record (学习记录), whose id the page sends back with the time spent
 * (finishKnowledgeLearn). The view count is written alone: reading changes neither the
 * document's version (an editor's save is not refused for it) nor its indexed text.
 */
export const getKnowledgeDetailForReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireReader(ctx, principal);
    const entity = knowledgeEntity(ctx, 'Knowledge');
    const row = await readableKnowledge(ctx, principal, request.params.id ?? request.params.knowledgeId);
    const id = String(row[entity.key]);
    await ctx.database.db.updateTable(entity.table).set({ viewCount: sql`coalesce(${sql.ref('viewCount')}, 0) + 1` }).where(entity.key, '=', id).execute();
    const learnId = await insertNewRow(ctx, ctx.database.db, knowledgeEntity(ctx, 'KnowledgeLearnRecord'),
      { knowledge: id, learner: principal.userId, startTime: nowText(), duration: 0 },
      { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
    const answer = rowToApi(entity, { ...row, viewCount: Number(row.viewCount ?? 0) + 1 });
    await attachDisplayNames(ctx, entity, [answer], request.lang);
    return { ...answer, learnId };
  },
};

/** GET getKnowledgeCommentsOf: a readable document's comments, oldest first. */
export const getKnowledgeCommentsOfCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireReader(ctx, principal);
    const row = await readableKnowledge(ctx, principal, request.params.knowledge ?? request.params.id);
    const comments = knowledgeEntity(ctx, 'KnowledgeComment');
    const rows = await ctx.database.db.selectFrom(comments.table).selectAll()
      .where('knowledge', '=', String(row.knowledgeId)).orderBy('createTime').orderBy(comments.key).limit(500).execute();
    const list = rows.map((r) => rowToApi(comments, r));
    await attachDisplayNames(ctx, comments, list, request.lang);
    return list;
  },
};

/**
 * POST finishKnowledgeLearn {learnId, seconds}: the time the reader spent on the page, on their
 * own learning record only, never more than has passed since it began.
 */
export const finishKnowledgeLearnCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const learn = knowledgeEntity(ctx, 'KnowledgeLearnRecord');
    const seconds = Number(request.params.seconds);
    if (!Number.isInteger(seconds) || seconds < 0) throw ApiError.business('knowledge.error.badSeconds');
    const row = await ctx.database.db.selectFrom(learn.table).select(['learnId', 'startTime'])
      .where(learn.key, '=', String(request.params.learnId ?? '')).where('learner', '=', principal.userId).executeTakeFirst();
    if (!row) throw ApiError.business('knowledge.error.learnNotFound');
    const elapsed = Math.max(0, Math.ceil((Date.now() - new Date(String(row.startTime).replace(' ', 'T')).getTime()) / 1000));
    const duration = Math.min(seconds, elapsed, 86400);
    await ctx.database.db.updateTable(learn.table).set({ duration }).where(learn.key, '=', String(row.learnId)).execute();
    return { learnId: row.learnId, duration };
  },
};
