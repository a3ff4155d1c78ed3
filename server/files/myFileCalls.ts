import type { TFunction } from 'i18next';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../entity/listQuery';
import { containsCi } from '../entity/predicatesToSql';
import { AVATAR_MODULE } from '../people/avatarCalls';
import { LINK_TABLE } from './attachmentLinks';

/**
 * 我的文件 (spec §7 "Generic": `GET /file/menu`, `GET /file/list`): the files the caller uploaded,
 * by the folder (`module`) they were uploaded under. Only the caller's own uploads, the
 * superuser's too: a file someone else uploaded is reached through the record that holds it
 * (getAttachList, getFileDown), never by browsing their folders.
 */

/** Folders the suite itself uploads into, with a title; any other module reads as it was sent. */
const FOLDER_TITLES: Record<string, string> = {
  fixedattach: 'genericCalls.folder.fixedattach',
  [AVATAR_MODULE]: 'genericCalls.folder.avatar',
  enterprise: 'genericCalls.folder.enterprise',
};

const SORTABLE = new Set(['createTime', 'name', 'fileSize']);

function folderTitle(t: TFunction, module: string): string {
  if (!module) return t('genericCalls.folder.none');
  // Own keys only: a module text never reaches i18next (`a:b` would read as a namespace).
  return Object.hasOwn(FOLDER_TITLES, module) ? t(FOLDER_TITLES[module]) : module;
}

/** A text parameter, or undefined when absent; anything else (a list, an object) is refused naming it. */
function textParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw ApiError.business('genericCalls.badParam', { param: name }, { field: name });
  return String(value).trim();
}

function wholeNumber(params: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const text = textParam(params, name);
  if (text === undefined || text === '') return fallback;
  const n = Math.floor(Number(text));
  if (Number.isNaN(n)) throw ApiError.business('genericCalls.badParam', { param: name }, { field: name });
  return Math.min(max, Math.max(1, n));
}

/** `{folders: [{module, title, count, fileSize}], count, fileSize, quotaBytes}` (quotaBytes 0: no quota). */
export const myFileMenuCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, t } = request;
    const rows = await ctx.database.db.selectFrom('sys_attach')
      .select((eb) => ['module', eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('fileSize'), eb.lit(0)).as('fileSize')])
      .where('createUser', '=', principal.userId)
      .groupBy('module').orderBy('module').execute();
    const folders = rows.map((r) => {
      const module = String(r.module ?? '');
      return { module, title: folderTitle(t, module), count: Number(r.count), fileSize: Number(r.fileSize) };
    });
    return {
      folders,
      count: folders.reduce((sum, f) => sum + f.count, 0),
      fileSize: folders.reduce((sum, f) => sum + f.fileSize, 0),
      quotaBytes: Math.max(0, ctx.config.uploadQuotaBytes),
    };
  },
};

/**
 * `?module&keyword&page&pageSize&prop&order` → `{list: [{attachId, name, extName, fileSize,
 * module, createTime, linked}], total}`, newest first by default (by name: A to Z). `module` names
 * one folder (empty: all, as an empty filter means), `keyword` searches the file name; `linked`
 * says whether a record holds the file (an unlinked one is removed by purgeUnlinkedAttachments
 * after a day).
 */
export const myFileListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const module = textParam(params, 'module');
    const keyword = (textParam(params, 'keyword') ?? '').slice(0, 100);
    const page = wholeNumber(params, 'page', 1, PAGE_MAX);
    const pageSize = wholeNumber(params, 'pageSize', PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
    const prop = textParam(params, 'prop') || 'createTime';
    if (!SORTABLE.has(prop)) throw ApiError.business('list.sortRefused', { field: prop.slice(0, 100) }, { field: prop.slice(0, 100) });
    const orderText = textParam(params, 'order');
    const order = !orderText ? (prop === 'name' ? 'asc' : 'desc')
      : orderText === 'ascending' || orderText === 'asc' ? 'asc'
        : orderText === 'descending' || orderText === 'desc' ? 'desc' : undefined;
    if (!order) throw ApiError.business('genericCalls.badParam', { param: 'order' }, { field: 'order' });

    const { db, dialect } = ctx.database;
    let query = db.selectFrom('sys_attach').where('createUser', '=', principal.userId);
    if (module) query = query.where('module', '=', module);
    if (keyword) query = query.where((eb) => containsCi(eb, dialect, 'name', keyword));
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const rows = await query.select(['attachId', 'name', 'extName', 'fileSize', 'module', 'createTime'])
      .orderBy(prop, order).orderBy('attachId', order)
      .limit(pageSize).offset((page - 1) * pageSize).execute();
    const ids = rows.map((r) => String(r.attachId));
    const linked = new Set(ids.length === 0 ? [] : (await db.selectFrom(LINK_TABLE).select('attachId').distinct()
      .where('attachId', 'in', ids).execute()).map((r) => String(r.attachId)));
    return {
      list: rows.map((r) => ({
        attachId: String(r.attachId), name: r.name, extName: r.extName, fileSize: Number(r.fileSize), module: String(r.module ?? ''),
        createTime: r.createTime, linked: linked.has(String(r.attachId)),
      })),
      total: Number(counted?.total ?? 0),
    };
  },
};
