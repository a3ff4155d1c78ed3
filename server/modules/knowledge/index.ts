import { callKey, type CallHandler } from '../../calls/CallHandler';
import { activeSources } from '../../search/activeSources';
import { rebuildSearchIndex } from '../../search/indexRecords';
import { registerExtraReadRule } from '../../entity/extraReadRules';
import type { ServerModule } from '../ServerModule';
import { guardKnowledgeComments } from './commentGuard';
import { seedKnowledgeDemoData } from './demoData';
import { publishedVisibleScope } from './knowledgeReaders';
import { finishKnowledgeLearnCall, getKnowledgeCommentsOfCall, getKnowledgeDetailForReadCall, getKnowledgeReadListCall, getKnowledgeSortTreeCall } from './readingCalls';
import { getHotKeywordListCall, rebuildSearchIndexCall, searchKnowledgeCall } from './searchCalls';

const CALLS: ['get' | 'set', string, CallHandler][] = [
  ['get', 'getKnowledgeSortTree', getKnowledgeSortTreeCall],
  ['get', 'getKnowledgeReadList', getKnowledgeReadListCall],
  ['get', 'getKnowledgeDetailForRead', getKnowledgeDetailForReadCall],
  ['get', 'getKnowledgeCommentsOf', getKnowledgeCommentsOfCall],
  ['set', 'finishKnowledgeLearn', finishKnowledgeLearnCall],
  ['get', 'searchKnowledge', searchKnowledgeCall],
  ['get', 'getHotKeywordList', getHotKeywordListCall],
  ['set', 'rebuildSearchIndex', rebuildSearchIndexCall],
];

/** The spec's names under the information base (/get/info/getKnowledgeList, …): the readers' list and reading page. */
const INFO_ALIASES: [string, CallHandler][] = [
  ['getKnowledgeList', getKnowledgeReadListCall],
  ['getKnowledgeById', getKnowledgeDetailForReadCall],
];

/** 知识库 (schemas/knowledge): reading, comments, learning records, and the full-text search (server/search). */
export const knowledgeModule: ServerModule = {
  name: 'knowledge',
  registerCalls(table, ctx) {
    if (!ctx.registry.modules.has('knowledge')) return;
    // A search source naming a field its entity lacks stops the start here, not silently at each search.
    activeSources(ctx);
    for (const [method, name, handler] of CALLS) table.set(callKey(method, 'knowledge', name), handler);
    const infoBase = ctx.registry.modules.get('info')?.base ?? 'info';
    for (const [name, handler] of INFO_ALIASES) table.set(callKey('get', infoBase, name), handler);
    guardKnowledgeComments(table);
    // A published document visible to the caller is found by the search as it is read on the reading page.
    registerExtraReadRule('Knowledge', async (_ctx, principal) => publishedVisibleScope(principal));
  },
  jobs: {
    async rebuildSearchIndex(ctx) {
      const counts = await rebuildSearchIndex(ctx);
      return Object.entries(counts).map(([source, n]) => `${source} ${n}`).join(', ');
    },
  },
  // Nightly, the full-text index made again from the records, deleted ones dropped (docs/ARCHITECTURE.md › Full-text search).
  schedules: { rebuildSearchIndex: { taskName: '重建全文检索索引', cron: '0 2 * * *', enabled: 1 } },
  seedDemoData: seedKnowledgeDemoData,
};
