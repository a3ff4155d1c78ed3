/** One post of getDynamicsFeed (server/modules/community/feedCalls.ts), with its comments. */
export interface FeedComment { commentId: string; content: string; commenter: string; commenterName?: string; createTime: string }
export interface FeedPost {
  dynamicsId: string;
  content: string;
  images: string[] | string | null;
  author: string;
  authorName?: string;
  createDeptName?: string;
  createTime: string;
  commentCount: number;
  comments: FeedComment[];
}
export interface FeedPage { list: FeedPost[]; total: number; page: number; pageSize: number }

/** An attachments value as ids: the API gives a list, older rows a comma-joined text. */
export function attachmentIds(value: FeedPost['images']): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}
