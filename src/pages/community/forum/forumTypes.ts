/** The discussion calls' answers (server/modules/community/discussCalls.ts). */
export interface Board { boardId: string; name: string; description: string | null; moderators: string | null; moderatorsName?: string | null; sort: number }
export interface Post {
  postId: string; board: string; boardName?: string; title: string; content: string; author: string; authorName?: string;
  isTop: number; isEssence: number; replyCount: number; viewCount: number; lastReplyTime: string | null; createTime: string;
}
export interface Reply { replyId: string; post: string; content: string; author: string; authorName?: string; quoteReply: string | null; createTime: string }
export interface BoardPosts {
  board: Board; list: Post[]; total: number; page: number; pageSize: number; canModerate: boolean;
  notices: { noticeId: string; title: string; content: string | null; createTime: string }[];
}
export interface PostDetail { post: Post; replies: Reply[]; canModerate: boolean; canReply: boolean; canDeletePost: boolean; canDeleteReplies: string[] }
