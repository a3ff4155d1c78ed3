import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { translatedText } from '../entity/translatedText';

/** Options of a dictionary: the children of the node whose code is `code`, in sort order, labelled in the reader's language. */
const dicByCodeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePrincipal(request);
    const code = String(request.params.code ?? request.params.name ?? '').trim();
    if (!code) return [];
    const dic = systemEntity(request.ctx, 'Dic');
    const { db } = request.ctx.database;
    const parent = await db.selectFrom(dic.table).select('dicId').where('code', '=', code).executeTakeFirst();
    if (!parent) return [];
    const rows = await db.selectFrom(dic.table).select(['label', 'value', 'tagType', 'cssClass'])
      .where('parentId', '=', parent.dicId).where('status', '=', 1)
      .orderBy('sort', 'asc').orderBy('dicId', 'asc').execute();
    // Labels in the reader's language: seeded items hold keys (dic.sex.item.1), others their text as typed.
    return rows.map((r) => ({ label: translatedText(request.ctx.i18n, request.lang, String(r.label ?? '')), value: r.value, tagType: r.tagType ?? '', cssClass: r.cssClass ?? '' }));
  },
};

export function registerDictionaryCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getDicByCode'), dicByCodeCall);
}
