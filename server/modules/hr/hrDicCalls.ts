import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { translatedText } from '../../entity/translatedText';
import { rowToApi } from '../../entity/rowValues';
import { hrEntity } from './hrEntities';
import { textParam } from './scopedRows';
import { registerSpecCallNames } from './specCallNames';

/**
 * getDicParentList: the HR dictionaries themselves (top-level rows with a code), by sort, labels
 * read in the caller's language. Open to every signed-in user like the tree: forms pick from it.
 */
const dicParentList: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const dic = hrEntity(request.ctx, 'HrDic');
    const rows = await request.ctx.database.db.selectFrom(dic.table).selectAll().where('parentId', 'is', null)
      .orderBy('sort').orderBy('hrDicId').execute();
    return rows.map((r) => {
      const row = rowToApi(dic, r);
      return { ...row, label: translatedText(request.ctx.i18n, request.lang, String(row.label ?? '')), value: row.code };
    });
  },
};

/** getDicByCode: the enabled values of the HR dictionary `code`, by sort, as {label, value}; an unknown code is code 100. */
const dicByCode: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const code = textParam(request, 'code');
    const dic = hrEntity(request.ctx, 'HrDic');
    const { db } = request.ctx.database;
    const parent = await db.selectFrom(dic.table).select('hrDicId').where('code', '=', code).executeTakeFirst();
    if (!parent) throw ApiError.business('entity.HrDic.rule.unknownCode', { code });
    const items = await db.selectFrom(dic.table).select(['hrDicId', 'label', 'value', 'sort']).where('parentId', '=', String(parent.hrDicId))
      .where('status', '=', 1).orderBy('sort').orderBy('hrDicId').execute();
    return items.map((i) => ({ hrDicId: i.hrDicId, label: translatedText(request.ctx.i18n, request.lang, String(i.label ?? '')), value: i.value, sort: Number(i.sort) }));
  },
};

/** HR's dictionary under the spec's Dic names (getDicTree, getDicList, insertDic …); drag sort keeps its spec name dropHrDic. */
export function registerHrDicCalls(table: CallTable): void {
  registerSpecCallNames(table, 'hr', 'HrDic', 'Dic', ['list', 'tree', 'select', 'view', 'insert', 'update', 'delete', 'deleteByIds', 'export']);
  table.set(callKey('get', 'hr', 'getDicParentList'), dicParentList);
  table.set(callKey('get', 'hr', 'getDicByCode'), dicByCode);
}
