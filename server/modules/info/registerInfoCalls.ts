import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import type { ServerContext } from '../../context';
import { registerInfoReadRules } from './infoReadRules';
import { getDeskNewsPicturesCall, getNewsDetailForReadCall, getNewsReadStatusCall, getPublishedNewsListCall, newsByIdForReaders } from './newsCalls';
import {
  getMyNoticeListCall, getNoticeDetailForReadCall, getNoticeReadStatusCall, getNoticeTemplateListByTypeCall, noticeByIdMarksRead,
  sendNoticeCall, setNoticeStatusCall,
} from './noticeCalls';
import { withNoticeMessages } from './noticeMessages';

/**
 * The module's named calls under its base (`/get/info/…`, `/set/info/…`). Two replace generic
 * ones: the my lists of News and Notice are the reader's lists (published news; notices addressed
 * to the caller), and the by-id calls record a reader's read. Who reads a published news item or
 * notice — by id, in the search, its files — is one rule (infoReadRules.ts). The notice's approve,
 * reject and restore send their messages after the generic transition (noticeMessages.ts).
 */
export function registerInfoCalls(table: CallTable, ctx: ServerContext): void {
  const base = ctx.registry.modules.get('info')?.base ?? 'info';
  const set = (method: 'get' | 'set', name: string, handler: CallHandler) => table.set(callKey(method, base, name), handler);
  const wrap = (name: string, wrapper: (generic: CallHandler) => CallHandler) => {
    const generic = table.get(callKey('get', base, name));
    if (generic) table.set(callKey('get', base, name), wrapper(generic));
  };
  set('get', 'getPublishedNewsList', getPublishedNewsListCall);
  set('get', 'getMyNewsList', getPublishedNewsListCall);
  set('get', 'getNewsDetailForRead', getNewsDetailForReadCall);
  set('get', 'getNewsReadStatus', getNewsReadStatusCall);
  set('get', 'getDeskNewsPictures', getDeskNewsPicturesCall);
  set('set', 'sendNotice', sendNoticeCall);
  set('set', 'setNoticeStatus', setNoticeStatusCall(table, base));
  set('get', 'getMyNoticeList', getMyNoticeListCall);
  set('get', 'getNoticeDetailForRead', getNoticeDetailForReadCall);
  set('get', 'getNoticeReadStatus', getNoticeReadStatusCall);
  set('get', 'getNoticeTemplateListByType', getNoticeTemplateListByTypeCall);
  wrap('getNewsById', newsByIdForReaders);
  wrap('getNoticeById', noticeByIdMarksRead);
  // The notice's generic transitions that end in a message (setNoticeStatus finds restore here too).
  const noticeFlow = ctx.registry.entities.get('Notice')?.flow;
  for (const transition of ['approve', 'reject', 'restore'] as const) {
    const call = noticeFlow?.transitions.find((t) => t.name === transition)?.call;
    const generic = call ? table.get(callKey('set', base, call)) : undefined;
    if (!call || !generic) throw new Error(`schemas/info/Notice.json: the transition ${transition} and its call are missing`);
    table.set(callKey('set', base, call), withNoticeMessages(transition, generic));
  }
  registerInfoReadRules();
}
