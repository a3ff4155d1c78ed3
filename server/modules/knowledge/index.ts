import { callKey, type CallHandler } from '../../calls/CallHandler';
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

/** 知识库 (schemas/knowledge): reading, comments, learning records, and the full-text search (server/search). */
export const knowledgeModule: ServerModule = {
  name: 'knowledge',
  registerCalls(table, ctx) {
    if (!ctx.registry.modules.has('knowledge')) return;
    for (const [method, name, handler] of CALLS) table.set(callKey(method, 'knowledge', name), handler);
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
  seedDemoData: seedKnowledgeDemoData,
};
