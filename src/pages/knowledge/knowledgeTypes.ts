/** What the knowledge calls answer (server/modules/knowledge). */
export interface KnowledgeSortNode { sortId: string; sortName: string; parentId: string | null; sort: number; count: number }

export interface KnowledgeRow {
  knowledgeId: string;
  title: string;
  summary: string | null;
  tags: string | null;
  sortId: string;
  sortIdName?: string;
  author: string;
  authorName?: string;
  status: 'draft' | 'published';
  viewCount: number;
  updateTime: string;
  rowVersion: number;
}

export interface KnowledgeDetail extends KnowledgeRow {
  content: string | null;
  attachments: string | null;
  learnId: string;
}

export interface KnowledgeCommentRow { commentId: string; content: string; commenter: string; commenterName?: string; createTime: string }

export interface HotKeyword { keyword: string; count: number }

/** A search hit; `link` is where it opens, its source's reader page (server/search/searchSources.ts). */
export interface SearchHit { recordId: string; title: string; snippet: string; time: string | null; link: string | null }
export interface SearchGroup { source: string; title: string; total: number; hits: SearchHit[] }
export interface SearchAnswer { terms: string[]; total: number; groups: SearchGroup[] }
