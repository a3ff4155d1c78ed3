import { callKey, type CallHandler } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { getColleagueListByLevelCall, getSharedAddressBookListCall } from './addressBookCalls';
import { insertBigStoryByJsonCall } from './bigStoryJson';
import { getMyBookmarksCall, setMyBookmarksCall } from './bookmarkCalls';
import { seedInfohubDemoData } from './demoData';
import {
  getActiveUserCountCall, getExpiryWarningsCall, getLabDeviceCountCall, getLowStockWarningsCall, getOrgUserCountCall,
  getSellerTradeStatisticsCall, getShopOrderStatisticsCall, getShopStatusNumCall, getUnitCountCall, getUserPointsCall,
} from './deskStatistics';
import { setOpenInfoReadersCall } from './openInfoReaders';
import { allOfUnit, publishedInUnit, widenPublishedReads } from './publishedReads';

const CALLS: ['get' | 'set', string, CallHandler][] = [
  ['get', 'getSharedAddressBookList', getSharedAddressBookListCall],
  ['get', 'getColleagueListByLevel', getColleagueListByLevelCall],
  ['get', 'getMyBookmarks', getMyBookmarksCall],
  ['set', 'setMyBookmarks', setMyBookmarksCall],
  ['set', 'insertBigStoryByJson', insertBigStoryByJsonCall],
  ['get', 'getActiveUserCount', getActiveUserCountCall],
  ['get', 'getUnitCount', getUnitCountCall],
  ['get', 'getOrgUserCount', getOrgUserCountCall],
  ['get', 'getUserPoints', getUserPointsCall],
  ['get', 'getLabDeviceCount', getLabDeviceCountCall],
  ['get', 'getLowStockWarnings', getLowStockWarningsCall],
  ['get', 'getExpiryWarnings', getExpiryWarningsCall],
  ['get', 'getShopOrderStatistics', getShopOrderStatisticsCall],
  ['get', 'getSellerTradeStatistics', getSellerTradeStatisticsCall],
  ['get', 'getShopStatusNum', getShopStatusNumCall],
];

/**
 * 综合信息 (schemas/infohub): address book and colleague directory, bookmarks, open information with
 * reader users, big events as JSON, leaders' public activities, and the desk statistics.
 */
export const infohubModule: ServerModule = {
  name: 'infohub',
  registerCalls(table, ctx) {
    // Under the module's base (/get/info, /set/info); a test's reduced schemas may leave the module out.
    const base = ctx.registry.modules.get('infohub')?.base;
    if (!base) return;
    for (const [method, name, handler] of CALLS) table.set(callKey(method, base, name), handler);
    table.set(callKey('set', base, 'setOpenInfoReaders'), setOpenInfoReadersCall(table));
    // Published to the unit: open-to-all items and leaders' public activities, besides one's own.
    widenPublishedReads(table, ctx, 'OpenInfo', publishedInUnit('openToAll'));
    widenPublishedReads(table, ctx, 'LeaderActivity', publishedInUnit('isPublic'));
    widenPublishedReads(table, ctx, 'ShareWebsite', allOfUnit());
    widenPublishedReads(table, ctx, 'BigStory', allOfUnit());
  },
  seedDemoData: seedInfohubDemoData,
};
