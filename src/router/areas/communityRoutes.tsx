import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const DynamicsFeedPage = lazyPage(() => import('../../pages/community/feed/DynamicsFeedPage').then((m) => m.DynamicsFeedPage));
const ForumBoardsPage = lazyPage(() => import('../../pages/community/forum/ForumBoardsPage').then((m) => m.ForumBoardsPage));
const BoardPostsPage = lazyPage(() => import('../../pages/community/forum/BoardPostsPage').then((m) => m.BoardPostsPage));
const PostDetailPage = lazyPage(() => import('../../pages/community/forum/PostDetailPage').then((m) => m.PostDetailPage));
const MyVotesPage = lazyPage(() => import('../../pages/community/vote/MyVotesPage').then((m) => m.MyVotesPage));
const VoteResultPage = lazyPage(() => import('../../pages/community/vote/VoteResultPage').then((m) => m.VoteResultPage));
const MobileVoteListPage = lazyPage(() => import('../../pages/community/mobile/MobileVotePage').then((m) => m.MobileVoteListPage));
const MobileVoteDetailsPage = lazyPage(() => import('../../pages/community/mobile/MobileVotePage').then((m) => m.MobileVoteDetailsPage));

/**
 * 互动交流 screens that are not entity screens: the dynamics feed, the boards, my votes and a
 * vote's result (the menu entries communityFeed, communityForum, communityMyVote), and the phone's
 * votes. Their calls check their own permissions.
 */
export function communityRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'community/feed', handle: { title: 'menu.communityFeed' }, element: <DynamicsFeedPage /> },
      { path: 'community/forum', handle: { title: 'menu.communityForum' }, element: <ForumBoardsPage /> },
      { path: 'community/forum/board/:boardId', handle: { title: 'menu.communityForum' }, element: <BoardPostsPage /> },
      { path: 'community/forum/post/:postId', handle: { title: 'menu.communityForum' }, element: <PostDetailPage /> },
      { path: 'community/vote/mine', handle: { title: 'menu.communityMyVote' }, element: <MyVotesPage /> },
      { path: 'community/vote/result/:voteId', handle: { title: 'community.vote.resultTitle' }, element: <VoteResultPage /> },
    ],
    standalone: [
      { path: '/app/vote', handle: { title: 'community.vote.title' }, element: <MobileVoteListPage /> },
      { path: '/app/vote/details', handle: { title: 'community.vote.title' }, element: <MobileVoteDetailsPage /> },
    ],
  };
}
