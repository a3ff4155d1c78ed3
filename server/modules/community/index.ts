import { callKey, type CallHandler } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { markReportHandled } from './dataReport';
import { getDiscussBoardPostsCall, getDiscussPostDetailCall, getForumBoardsCall } from './discussCalls';
import { guardDiscussPost, guardDiscussReply } from './discussRights';
import { deleteBoardContents, deletePostReplies, recountAfterReplyDelete } from './discussDeletes';
import { checkDynamicsComment, getDynamicsFeedCall } from './feedCalls';
import { deleteDynamicsComments } from './dynamicsDeletes';
import { maskAnonymousWriters, prepareLeaderMail, replyLeaderMailCall, sendLeaderMailCall, setLeaderMailReadCall } from './mailboxCalls';
import { seedCommunityDemoData } from './demoData';
import { getMyPendingVoteListCall, getMyVoteHistoryListCall, getVoteResultCall, setVoteStatusCall, submitVoteCall } from './voteCalls';
import { guardVoteSettings } from './voteGuard';

/** 互动交流 (schemas/community, calls under /get/info and /set/info): dynamics, boards, votes, leader mailbox, data reports. */
export const communityModule: ServerModule = {
  name: 'community',
  beforeWrite: {
    DynamicsComment: checkDynamicsComment,
    DiscussPost: guardDiscussPost,
    DiscussReply: guardDiscussReply,
    LeaderMailbox: prepareLeaderMail,
    DataHandleResult: markReportHandled,
    Vote: guardVoteSettings,
  },
  beforeDelete: {
    DiscussBoard: deleteBoardContents,
    DiscussPost: deletePostReplies,
    DiscussReply: recountAfterReplyDelete,
    DynamicsRecord: deleteDynamicsComments,
  },
  registerCalls(table, ctx) {
    if (!ctx.registry.modules.has('community')) return;
    const calls: ['get' | 'set', string, CallHandler][] = [
      ['get', 'getDynamicsFeed', getDynamicsFeedCall],
      ['get', 'getForumBoards', getForumBoardsCall],
      ['get', 'getDiscussBoardPosts', getDiscussBoardPostsCall],
      ['get', 'getDiscussPostDetail', getDiscussPostDetailCall],
      ['get', 'getMyPendingVoteList', getMyPendingVoteListCall],
      ['get', 'getMyVoteHistoryList', getMyVoteHistoryListCall],
      ['get', 'getVoteResult', getVoteResultCall],
      ['set', 'submitVote', submitVoteCall],
      ['set', 'setVoteStatus', setVoteStatusCall],
      ['set', 'sendLeaderMail', sendLeaderMailCall(table)],
      ['set', 'setLeaderMailRead', setLeaderMailReadCall],
      ['set', 'replyLeaderMail', replyLeaderMailCall],
    ];
    for (const [method, name, handler] of calls) table.set(callKey(method, 'info', name), handler);
    maskAnonymousWriters(table);
  },
  seedDemoData: seedCommunityDemoData,
};
