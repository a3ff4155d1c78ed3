import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { CallHandler, CallRequest } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { containsCi } from '../../entity/predicatesToSql';
import { keysWhoseTextContains } from '../../entity/translatedKeys';
import type { ServerContext } from '../../context';
import { optionalText, pageParams } from './bpmParams';
import { batchAgreeAllowed } from '../../../runtime/core/bpm';
import { loadProcessVersion } from './processVersions';

type Query = SelectQueryBuilder<any, any, any>;

/**
 * The keyword in the title or the process name. The demo processes' names are language-pack keys
 * (bpm.process.leave.name), so a row also matches when its key reads, in either language, with
 * the keyword (请假 and Leave both find 请假申请), as a `translated` field's search does.
 */
function keywordMatch(eb: ExpressionBuilder<any, any>, ctx: ServerContext, keyword: string): Expression<SqlBool> {
  const dialect = ctx.database.dialect;
  const keys = keysWhoseTextContains(ctx.i18n, keyword, 'bpm.process.');
  return eb.or([
    containsCi(eb, dialect, 'title', keyword), containsCi(eb, dialect, 'processName', keyword),
    ...(keys.length > 0 ? [eb('processName', 'in', keys)] : []),
  ]);
}

/**
 * Keyword over title and process name (keywordMatch); then one page, newest first, and the
 * total. The page and the count read one table along one index (bpm_task: assignee × box ×
 * status × time).
 */
export async function pageOf(ctx: ServerContext, request: CallRequest, base: Query, columns: string[], timeColumn: string): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const { page, pageSize, keyword } = pageParams(request.params);
  const filtered = keyword ? base.where((eb) => keywordMatch(eb, ctx, keyword)) : base;
  const [rows, count] = await Promise.all([
    filtered.select(columns).orderBy(timeColumn, 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { list: rows as Record<string, unknown>[], total: Number((count as { total?: number } | undefined)?.total ?? 0) };
}

const TASK_COLUMNS = [
  'taskId', 'instanceId', 'processKey', 'processName', 'title', 'nodeId', 'nodeName', 'startUserId', 'startUserName',
  'createTime', 'doneTime', 'status as taskStatus', 'decision', 'owner',
];

/** A list of the caller's tasks in one box, with each request's status and current nodes added. */
function taskList(box: 'todo' | 'draft' | 'cc', status: 'pending' | 'done' | undefined, timeColumn: 'createTime' | 'doneTime'): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const { ctx } = request;
      let base = ctx.database.db.selectFrom('bpm_task').where('assignee', '=', principal.userId).where('box', '=', box) as Query;
      if (status) base = base.where('status', '=', status);
      // One process's tasks only (the desk's pendingInfo widget set to a process).
      const processKey = optionalText(request.params, 'processKey', 60);
      if (processKey) base = base.where('processKey', '=', processKey);
      const answer = await pageOf(ctx, request, base, TASK_COLUMNS, timeColumn);
      const ids = [...new Set(answer.list.map((r) => String(r.instanceId)))];
      const instances = ids.length === 0 ? [] : await ctx.database.db.selectFrom('bpm_instance')
        .select(['instanceId', 'status', 'currentNodes', 'processKey', 'version']).where('instanceId', 'in', ids).execute();
      const byId = new Map(instances.map((i) => [String(i.instanceId), i]));
      // 待办 rows say whether 批量同意 may take them (the definitions are cached per version).
      const batchable = async (row: Record<string, unknown>): Promise<boolean | undefined> => {
        const instance = byId.get(String(row.instanceId));
        if (box !== 'todo' || status !== 'pending' || !instance) return undefined;
        return batchAgreeAllowed(await loadProcessVersion(ctx, ctx.database.db, String(instance.processKey), Number(instance.version)), String(row.nodeId));
      };
      return {
        total: answer.total,
        list: await Promise.all(answer.list.map(async (row) => ({
          ...row, status: byId.get(String(row.instanceId))?.status ?? null, currentNodes: byId.get(String(row.instanceId))?.currentNodes ?? '',
          batchAgree: await batchable(row),
        }))),
      };
    },
  };
}

/** 待办: decisions waiting for the caller (a request returned to its initiator is a draft instead). */
export const getMyTodoListCall = taskList('todo', 'pending', 'createTime');

/** 已办: the caller's decisions, handing a task on included. */
export const getMyDoneListCall = taskList('todo', 'done', 'doneTime');

/** 抄送我的: read and unread (taskStatus pending = unread). */
export const getMyCcListCall = taskList('cc', undefined, 'createTime');

const returnedDraftList = taskList('draft', 'pending', 'createTime');

/**
 * 草稿: the caller's requests waiting for them to resubmit (returned to the initiator, or
 * retracted; rows with a taskId) and the start forms they saved before a first submission (rows
 * with a draftId, bpm_draft). Newest first across both; a person keeps few drafts, so the two
 * sources are read up to the end of the asked page and merged.
 */
export const getMyDraftListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const { page, pageSize, keyword } = pageParams(request.params);
    const upTo = page * pageSize;
    const returned = await returnedDraftList.handle({ ...request, params: { ...request.params, page: 1, pageSize: upTo } }) as { list: Record<string, unknown>[]; total: number };
    let saved = ctx.database.db.selectFrom('bpm_draft').where('userId', '=', principal.userId) as Query;
    if (keyword) saved = saved.where((eb) => keywordMatch(eb, ctx, keyword));
    const [savedRows, savedCount] = await Promise.all([
      saved.select(['draftId', 'processKey', 'processName', 'title', 'updateTime as createTime']).orderBy('updateTime', 'desc').limit(upTo).execute(),
      saved.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ]);
    const savedList: Record<string, unknown>[] = (savedRows as Record<string, unknown>[]).map((row) => ({ ...row, status: 'draft' }));
    const merged = [...returned.list, ...savedList].sort((a, b) => String(b.createTime).localeCompare(String(a.createTime)));
    return { list: merged.slice((page - 1) * pageSize, upTo), total: returned.total + Number((savedCount as { total?: number } | undefined)?.total ?? 0) };
  },
};

/** 我发起的: one row per request (no taskId). */
export const getMyStartedListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const base = request.ctx.database.db.selectFrom('bpm_instance').where('startUserId', '=', principal.userId) as Query;
    return pageOf(request.ctx, request, base, [
      'instanceId', 'processKey', 'processName', 'title', 'currentNodes as nodeName', 'startUserId', 'startUserName', 'createTime', 'endTime', 'status',
    ], 'createTime');
  },
};

/** The desk's and the bell's numbers: pending todo tasks, unread CC, drafts. */
export const getTodoCountCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const rows = await request.ctx.database.db.selectFrom('bpm_task')
      .select(['box', (eb) => eb.fn.countAll<number>().as('n')])
      .where('assignee', '=', principal.userId).where('status', '=', 'pending')
      .groupBy('box').execute();
    const saved = await request.ctx.database.db.selectFrom('bpm_draft').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', principal.userId).executeTakeFirst();
    const count = (box: string) => Number(rows.find((r) => r.box === box)?.n ?? 0);
    return { todo: count('todo'), cc: count('cc'), draft: count('draft') + Number(saved?.n ?? 0) };
  },
};
