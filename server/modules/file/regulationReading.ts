import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { RowScope } from '../../entity/dataScope';
import { registerExtraReadRule } from '../../entity/extraReadRules';
import { ApiError } from '../../http/ApiError';
import { splitIds } from '../../entity/rowValues';
import { fileEntity, textParam } from './fileEntities';

/**
 * 规章制度 as staff read them: every signed-in person of the unit reads the published ones (and
 * their attachments), whatever their roles; drafts, files in approval and abolished ones stay
 * with the generic screens' permissions and scopes.
 */
const PUBLISHED = 'published';
const PAGE_MAX = 100;

/** getPublishedRegulations {keyword, sortId, pageNum, pageSize}: newest effective first, without the body. */
const listCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const files = fileEntity(ctx, 'RegulationFile');
    const sorts = fileEntity(ctx, 'RegulationSort');
    const keyword = textParam(params, 'keyword', 50);
    const sortId = textParam(params, 'sortId', 64);
    const pageSize = Math.min(PAGE_MAX, Math.max(1, Number(params.pageSize) || 20));
    const pageNum = Math.max(1, Number(params.pageNum) || 1);
    let query = ctx.database.db.selectFrom(files.table).leftJoin(sorts.table, `${sorts.table}.${sorts.key}`, `${files.table}.sortId`)
      .where(`${files.table}.status`, '=', PUBLISHED).where(`${files.table}.unitId`, '=', principal.unitId);
    if (sortId) query = query.where(`${files.table}.sortId`, '=', sortId);
    if (keyword) {
      // A % or _ typed in the keyword only widens the reader's own search.
      const like = `%${keyword}%`;
      query = query.where((eb) => eb.or([eb(`${files.table}.title`, 'like', like), eb(`${files.table}.fileNo`, 'like', like)]));
    }
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const list = await query.select([`${files.table}.regulationId as regulationId`, `${files.table}.title as title`, `${files.table}.fileNo as fileNo`,
      `${files.table}.effectiveDate as effectiveDate`, `${files.table}.sortId as sortId`, `${sorts.table}.sortName as sortName`])
      .orderBy(`${files.table}.effectiveDate`, 'desc').orderBy(`${files.table}.regulationId`, 'desc')
      .limit(pageSize).offset((pageNum - 1) * pageSize).execute();
    return { list, total, pageNum, pageSize };
  },
};

/**
 * The readers' rule: a published regulation of the reader's unit. Registered as the entity's
 * reading rule (entity/extraReadRules.ts), so its files and the full-text search's hits follow
 * it as getPublishedRegulation does.
 */
export function publishedRegulationScope(principal: Principal): RowScope {
  return {
    condition: (eb) => eb.and([eb('status', '=', PUBLISHED), eb('unitId', '=', principal.unitId)]),
    allows: (row) => row.status === PUBLISHED && row.unitId === principal.unitId,
  };
}

/** getPublishedRegulation {id}: one published file with its (server-cleaned) HTML and attachments. */
const byIdCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const files = fileEntity(ctx, 'RegulationFile');
    const sorts = fileEntity(ctx, 'RegulationSort');
    const row = await ctx.database.db.selectFrom(files.table).leftJoin(sorts.table, `${sorts.table}.${sorts.key}`, `${files.table}.sortId`)
      .leftJoin('sys_dept', 'sys_dept.deptId', `${files.table}.dept`)
      .select([`${files.table}.regulationId as regulationId`, `${files.table}.title as title`, `${files.table}.fileNo as fileNo`, `${files.table}.content as content`,
        `${files.table}.files as files`, `${files.table}.effectiveDate as effectiveDate`, `${sorts.table}.sortName as sortName`, 'sys_dept.deptName as deptName',
        `${files.table}.status as status`, `${files.table}.unitId as unitId`])
      .where(`${files.table}.regulationId`, '=', textParam(params, 'id', 64)).executeTakeFirst();
    if (!row || !publishedRegulationScope(principal).allows(row)) throw ApiError.notFound('error.recordNotFound');
    const { status: _status, unitId: _unitId, ...answer } = row;
    const ids = splitIds(row.files);
    const attachments = ids.length ? await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'name', 'extName', 'fileSize']).where('attachId', 'in', ids).execute() : [];
    return { ...answer, attachments };
  },
};

export function registerRegulationReading(table: CallTable): void {
  table.set(callKey('get', 'file', 'getPublishedRegulations'), listCall);
  table.set(callKey('get', 'file', 'getPublishedRegulation'), byIdCall);
  registerExtraReadRule('RegulationFile', async (_ctx, principal) => publishedRegulationScope(principal));
}
