import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const KnowledgeHomePage = lazyPage(() => import('../../pages/knowledge/KnowledgeHomePage').then((m) => m.KnowledgeHomePage));
const KnowledgeReadPage = lazyPage(() => import('../../pages/knowledge/KnowledgeReadPage').then((m) => m.KnowledgeReadPage));
const KnowledgeSearchPage = lazyPage(() => import('../../pages/knowledge/KnowledgeSearchPage').then((m) => m.KnowledgeSearchPage));

/**
 * 知识库 screens that are not entity screens: the home (menu knowledgeHome), the full-text search
 * (knowledgeSearch) and the reading page a document opens on. Their calls check who may read what.
 */
export function knowledgeRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'knowledge/home', handle: { title: 'menu.knowledgeHome' }, element: <KnowledgeHomePage /> },
      { path: 'knowledge/search', handle: { title: 'menu.knowledgeSearch' }, element: <KnowledgeSearchPage /> },
      { path: 'knowledge/read/:id', handle: { title: 'entity.Knowledge.title' }, element: <KnowledgeReadPage /> },
    ],
  };
}
