/** What the info module's reader calls answer (server/modules/info). */

export interface NewsRow {
  newsId: string;
  title: string;
  newsType: string;
  summary?: string | null;
  cover?: string | null;
  source?: string | null;
  publisherName?: string | null;
  publishTime?: string | null;
  top: number;
  readCount: number;
  status: string;
  read?: boolean;
}

export interface NewsDetail extends NewsRow {
  content: string;
  attachments?: string | null;
  canSeeReadStatus: boolean;
}

export interface NoticeRow {
  noticeId: string;
  title: string;
  noticeType: string;
  urgency: string;
  docNo?: string | null;
  authorName?: string | null;
  publishTime?: string | null;
  expireDate?: string | null;
  status: string;
  read?: boolean | null;
  readTime?: string | null;
}

export interface NoticeDetail extends NoticeRow {
  content: string;
  attachments?: string | null;
  header: string | null;
  canSeeReadStatus: boolean;
}

export interface Page<T> { list: T[]; total: number }

export const NEWS_TYPES = ['company', 'industry', 'media', 'party'] as const;

export const NEWS_READER_PATH = '/info/news/reader';
export const NOTICE_MINE_PATH = '/info/notice/mine';
export const newsViewPath = (newsId: string) => `/info/news/view?${new URLSearchParams({ newsId }).toString()}`;
export const noticeViewPath = (noticeId: string) => `/info/notice/view?${new URLSearchParams({ noticeId }).toString()}`;

/** Stored attachment lists are comma-joined ids. */
export const attachIdsOf = (value: string | null | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);

export const URGENCY_COLORS: Record<string, string> = { normal: 'default', urgent: 'orange', critical: 'red' };
