import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBeforeDelete } from '../../server/entity/beforeDeleteHooks';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * The community module beyond plain CRUD (server/modules/community): vote rules (deadline, one
 * ballot, participants, the most choices, anonymity, the settings a ballot locks), the leader
 * mailbox's privacy, who may delete posts and replies and what a delete takes with it, a board's
 * posts, and the dynamics feed's paging.
 */
describe.each(databases)('community: votes, mailbox, boards and feed, on $name', (database) => {
  let s: TestServer;
  let wuting: string; // communityAdmin
  let lina: string; // staff, 前端开发组 (below 技术研发部)
  let chenjing: string; // staff, 财务部
  let zhoujie: string; // staff, 后端开发组
  let yanglei: string; // a leader of the mailbox, moderator of 技术交流
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const voteIdOf = async (title: string) => String((await db().selectFrom('info_vote').select('voteId').where('title', '=', title).executeTakeFirstOrThrow()).voteId);

  beforeAll(async () => {
    s = await startTestServer(database);
    [wuting, lina, chenjing, zhoujie, yanglei] = await Promise.all(['wuting', 'lina', 'chenjing', 'zhoujie', 'yanglei'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  async function newVote(values: Record<string, unknown>): Promise<string> {
    const res = await s.postJson(wuting, '/set/info/insertVote', {
      title: '测试投票', options: [{ optionKey: 'A', optionText: '甲' }, { optionKey: 'B', optionText: '乙' }, { optionKey: 'C', optionText: '丙' }],
      deadline: '2099-12-31 18:00:00', allUsers: 1, status: 'open', ...values,
    });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.voteId);
  }

  it('lists pending votes, takes one ballot within the limits and moves the vote to the history', async () => {
    const pending = await s.get(lina, '/get/info/getMyPendingVoteList');
    expect(pending.body.code, pending.body.message).toBe(200);
    const titles = (pending.body.data as { title: string }[]).map((v) => v.title);
    expect(titles).toEqual(expect.arrayContaining(['2026 年会节目形式投票', '技术分享会主题征集']));
    expect(titles).not.toContain('2027 年春季团建目的地'); // a draft
    expect(titles).not.toContain('2026 年度优秀员工评选'); // ended

    const multi = await newVote({ title: '多选上限', multiple: 1, maxChoices: 2 });
    const tooMany = await s.postJson(lina, '/set/info/submitVote', { voteId: multi, optionKeys: ['A', 'B', 'C'] });
    expect(tooMany.body.code).toBe(100);
    expect(tooMany.body.message).toBe('最多只能选择 2 项');
    expect((await postEn(s, lina, '/set/info/submitVote', { voteId: multi, optionKeys: 'A,B,C' })).body.message).toBe('Choose at most 2 options');
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: multi, optionKeys: ['Z'] })).body.code).toBe(100);
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: multi, optionKeys: [] })).body.code).toBe(100);
    const cast = await s.postJson(lina, '/set/info/submitVote', { voteId: multi, optionKeys: ['A', 'C'] });
    expect(cast.body.code, cast.body.message).toBe(200);
    const twice = await s.postJson(lina, '/set/info/submitVote', { voteId: multi, optionKeys: ['B'] });
    expect(twice.body.code).toBe(100);
    expect(twice.body.message).toBe('你已经投过票了');
    expect(await db().selectFrom('info_vote_result').select('optionKey').where('vote', '=', multi).execute()).toHaveLength(2);

    const single = await newVote({ title: '单选', multiple: 0 });
    expect((await s.postJson(zhoujie, '/set/info/submitVote', { voteId: single, optionKeys: ['A', 'B'] })).body.code).toBe(100);

    const history = await s.get(lina, '/get/info/getMyVoteHistoryList');
    const mine = (history.body.data as { voteId: string; myChoices: string[] }[]).find((v) => v.voteId === multi);
    expect(mine?.myChoices).toEqual(['A', 'C']);
    expect((await s.get(lina, '/get/info/getMyPendingVoteList')).body.data.map((v: { voteId: string }) => v.voteId)).not.toContain(multi);
  });

  it('refuses a ballot after the deadline, on a draft, and from a non-participant', async () => {
    const late = await newVote({ title: '已截止', deadline: '2020-01-01 00:00:00' });
    const refused = await s.postJson(lina, '/set/info/submitVote', { voteId: late, optionKeys: ['A'] });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toContain('投票已于 2020-01-01 00:00 截止');
    const draft = await newVote({ title: '草稿', status: 'draft' });
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: draft, optionKeys: ['A'] })).body.code).toBe(100);

    // 技术分享会主题征集 asks 技术研发部 and the groups below it: 李娜 (前端开发组) yes, 陈静 (财务部) no.
    const tech = await voteIdOf('技术分享会主题征集');
    const outsider = await s.postJson(chenjing, '/set/info/submitVote', { voteId: tech, optionKeys: ['A'] });
    expect(outsider.status).toBe(403);
    expect((await s.get(chenjing, '/get/info/getMyPendingVoteList')).body.data.map((v: { voteId: string }) => v.voteId)).not.toContain(tech);
    expect((await s.get(chenjing, '/get/info/getVoteResult', { voteId: tech })).status).toBe(403);
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: tech, optionKeys: ['A', 'B'] })).body.code).toBe(200);

    // A named vote for chosen people only.
    const chosen = await newVote({ title: '指定人员', allUsers: 0, participantUsers: users.zhoujie.userId });
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: chosen, optionKeys: ['A'] })).status).toBe(403);
    expect((await s.postJson(zhoujie, '/set/info/submitVote', { voteId: chosen, optionKeys: ['A'] })).body.code).toBe(200);
  });

  it('counts per option, names voters of a named vote only, and keeps no voter beside an anonymous choice', async () => {
    const award = await s.get(lina, '/get/info/getVoteResult', { voteId: await voteIdOf('2026 年度优秀员工评选') });
    expect(award.body.code, award.body.message).toBe(200);
    const counts = Object.fromEntries(award.body.data.options.map((o: { optionKey: string; count: number }) => [o.optionKey, o.count]));
    expect(counts).toEqual({ A: 5, B: 2, C: 4, D: 2 });
    expect(award.body.data.status).toBe('ended');
    expect(award.body.data.options[0].voters.map((v: { userName: string }) => v.userName)).toContain('杨磊');

    const canteen = await voteIdOf('员工食堂满意度调查（匿名）');
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: canteen, optionKeys: ['A'] })).body.code).toBe(200);
    const result = await s.get(wuting, '/get/info/getVoteResult', { voteId: canteen });
    expect(result.body.data.options.find((o: { optionKey: string }) => o.optionKey === 'A').count).toBe(2);
    for (const option of result.body.data.options) expect(option.voters).toBeNull();
    const rows = await db().selectFrom('info_vote_result').select(['voter', 'createUser', 'voteTime']).where('vote', '=', canteen).execute();
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.voter === null && r.voteTime === null && r.createUser !== users.lina.userId)).toBe(true);
    // The administrators' result list shows no voter either.
    const list = await s.get(wuting, '/get/info/getVoteResultList', { filterObj: JSON.stringify({ vote: { value: canteen } }), pageSize: 50 });
    expect(list.body.data.list.every((r: { voter: unknown }) => r.voter === null)).toBe(true);
  });

  it('publishes and ends votes by setVoteStatus, for vote managers only', async () => {
    const vote = await newVote({ title: '状态切换', status: 'draft' });
    expect((await s.post(lina, '/set/info/setVoteStatus', { voteId: vote, status: 'open' })).status).toBe(403);
    expect((await s.post(wuting, '/set/info/setVoteStatus', { voteId: vote, status: 'bogus' })).body.code).toBe(100);
    expect((await s.post(wuting, '/set/info/setVoteStatus', { voteId: vote, status: 'open' })).body.code).toBe(200);
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: vote, optionKeys: ['B'] })).body.code).toBe(200);
    expect((await s.post(wuting, '/set/info/setVoteStatus', { voteId: vote, status: 'draft' })).body.code).toBe(100);
    expect((await s.post(wuting, '/set/info/setVoteStatus', { voteId: vote, status: 'ended' })).body.code).toBe(200);
    expect((await s.postJson(zhoujie, '/set/info/submitVote', { voteId: vote, optionKeys: ['B'] })).body.code).toBe(100);
  });

  it('locks the options and how they are chosen once a ballot is cast, and still lets the deadline move and the vote end', async () => {
    const options = [{ optionKey: 'A', optionText: '甲' }, { optionKey: 'B', optionText: '乙' }, { optionKey: 'C', optionText: '丙' }];
    const vote = await newVote({ title: '锁定选项', multiple: 1, maxChoices: 2 });
    // Before any ballot the manager changes anything.
    expect((await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, options: [...options, { optionKey: 'D', optionText: '丁' }] })).body.code).toBe(200);
    expect((await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, options })).body.code).toBe(200);
    expect((await s.postJson(lina, '/set/info/submitVote', { voteId: vote, optionKeys: ['A'] })).body.code).toBe(200);

    const refused = await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, options: [{ optionKey: 'A', optionText: '甲（改）' }, ...options.slice(1)] });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toBe('已有 1 人投票，选项、单选/多选、最多可选和匿名方式不能再修改；截止时间仍可延长，投票也可以结束');
    expect(refused.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['options']);
    const english = await postEn(s, wuting, '/set/info/updateVote', { voteId: vote, anonymous: 1 });
    expect(english.body.message).toBe('Ballots cast: 1. The options, single or multiple choice, the most choices and anonymity can no longer change; the deadline can still be extended and the vote ended');
    for (const change of [
      { options: [...options, { optionKey: 'D', optionText: '丁' }] }, { options: options.slice(0, 2) },
      { multiple: 0 }, { maxChoices: 3 }, { anonymous: 1 },
    ]) {
      const answer = await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, ...change });
      expect(answer.body.code, JSON.stringify(change)).toBe(100);
    }
    expect((await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, status: 'draft' })).body.message).toBe('已有人投票，不能退回草稿');
    const stored = await db().selectFrom('info_vote').select(['options', 'multiple', 'maxChoices', 'anonymous', 'status']).where('voteId', '=', vote).executeTakeFirstOrThrow();
    expect(typeof stored.options === 'string' ? JSON.parse(stored.options) : stored.options).toEqual(options);
    expect(stored).toMatchObject({ multiple: 1, maxChoices: 2, anonymous: 0, status: 'open' });

    // The form sends the greyed-out settings back unchanged (the options as JSON text) with what did change.
    const extended = await s.postJson(wuting, '/set/info/updateVote', {
      voteId: vote, title: '锁定选项（延期）', deadline: '2099-12-31 20:00:00', options: JSON.stringify(options), multiple: 1, maxChoices: 2, anonymous: 0,
    });
    expect(extended.body.code, extended.body.message).toBe(200);
    expect(extended.body.data).toMatchObject({ title: '锁定选项（延期）', deadline: '2099-12-31 20:00:00' });
    expect((await s.postJson(wuting, '/set/info/updateVote', { voteId: vote, status: 'ended' })).body.code).toBe(200);
    expect((await s.postJson(zhoujie, '/set/info/submitVote', { voteId: vote, optionKeys: ['B'] })).body.code).toBe(100);
    // A vote is published with two options at least, whichever call publishes it.
    expect((await s.postJson(wuting, '/set/info/insertVote', { title: '一个选项', options: options.slice(0, 1), deadline: '2099-12-31 18:00:00', status: 'open' })).body.message)
      .toBe('至少需要两个选项才能发布');
  });

  it('lets a letter be read by its writer, its leader and the leader\'s readers only, and hides an anonymous writer', async () => {
    const sent = await s.post(lina, '/set/info/sendLeaderMail', { leader: users.yanglei.userId, subject: '匿名建议', content: '希望增加代码评审时间', anonymous: 1 });
    expect(sent.body.code, sent.body.message).toBe(200);
    const mailId = String(sent.body.data.mailId);
    // To someone who is not a leader of the mailbox: refused.
    expect((await s.post(lina, '/set/info/sendLeaderMail', { leader: users.chenjing.userId, subject: 'x', content: 'y' })).body.code).toBe(100);

    const byLeader = await s.get(yanglei, '/get/info/getLeaderMailboxById', { id: mailId });
    expect(byLeader.body.code, byLeader.body.message).toBe(200);
    expect(byLeader.body.data.writer).toBeNull();
    expect(byLeader.body.data.createUser).toBeNull();
    expect(byLeader.body.data.readers).toBe(users.wuting.userId);
    const leaderList = await s.get(yanglei, '/get/info/getMyLeaderMailboxList', { pageSize: 50 });
    const row = leaderList.body.data.list.find((r: { mailId: string }) => r.mailId === mailId);
    expect(row.writer).toBeNull();
    expect(row.writerName).toBeNull();
    expect((await s.get(yanglei, '/get/info/getMyLeaderMailboxList', { filterObj: JSON.stringify({ writer: { value: users.lina.userId } }) })).body.code).toBe(100);
    // The writer sees her own name.
    expect((await s.get(lina, '/get/info/getLeaderMailboxById', { id: mailId })).body.data.writer).toBe(users.lina.userId);
    // A colleague sees nothing of it.
    expect((await s.get(zhoujie, '/get/info/getLeaderMailboxById', { id: mailId })).status).toBe(403);
    expect((await s.get(zhoujie, '/get/info/getMyLeaderMailboxList', { pageSize: 50 })).body.data.list.map((r: { mailId: string }) => r.mailId)).not.toContain(mailId);
    expect((await s.get(zhoujie, '/get/info/getLeaderMailboxList')).status).toBe(403);

    // Only the leader (or a reader) marks it read and replies.
    expect((await s.post(zhoujie, '/set/info/setLeaderMailRead', { id: mailId })).status).toBe(403);
    expect((await s.post(lina, '/set/info/setLeaderMailRead', { id: mailId })).status).toBe(403);
    expect((await s.post(yanglei, '/set/info/setLeaderMailRead', { id: mailId })).body.data.status).toBe('read');
    expect((await s.post(wuting, '/set/info/replyLeaderMail', { id: mailId, replyContent: '' })).body.code).toBe(100);
    expect((await s.post(wuting, '/set/info/replyLeaderMail', { id: mailId, replyContent: '已安排' })).body.code).toBe(200);
    const answered = await s.get(lina, '/get/info/getLeaderMailboxById', { id: mailId });
    expect(answered.body.data.status).toBe('replied');
    expect(answered.body.data.replyContent).toBe('已安排');
  });

  it('deletes a post or reply for its author and the board\'s moderators only, and keeps the reply count', async () => {
    const board = String((await db().selectFrom('info_discuss_board').select('boardId').where('name', '=', '技术交流').executeTakeFirstOrThrow()).boardId);
    const post = await s.postJson(lina, '/set/info/insertDiscussPost', { board, title: '求助：构建变慢', content: '<p>最近构建很慢</p><img src=x onerror="alert(1)">' });
    expect(post.body.code, post.body.message).toBe(200);
    const postId = String(post.body.data.postId);
    const stored = await db().selectFrom('info_discuss_post').select('content').where('postId', '=', postId).executeTakeFirstOrThrow();
    expect(String(stored.content)).not.toContain('onerror');
    // Staff may not pin their own post.
    expect((await s.postJson(lina, '/set/info/insertDiscussPost', { board, title: '置顶', content: '<p>x</p>', isTop: 1 })).body.code).toBe(100);

    const reply = await s.postJson(zhoujie, '/set/info/insertDiscussReply', { post: postId, content: '<p>试试增量构建</p>' });
    expect(reply.body.code, reply.body.message).toBe(200);
    const replyId = String(reply.body.data.replyId);
    const detail = await s.get(lina, '/get/info/getDiscussPostDetail', { id: postId });
    expect(detail.body.data.post.replyCount).toBe(1);
    expect(detail.body.data.post.viewCount).toBe(1);
    expect(detail.body.data.canDeleteReplies).toEqual([]);

    expect((await s.post(lina, '/set/info/deleteDiscussReply', { id: replyId })).status).toBe(403);
    expect((await s.post(chenjing, '/set/info/deleteDiscussPost', { id: postId })).status).toBe(403);
    expect((await s.post(chenjing, '/set/info/deleteDiscussPostByIds', { ids: postId })).status).toBe(403);
    expect((await s.postJson(chenjing, '/set/info/updateDiscussPost', { postId, title: '改标题' })).body.code).toBe(100);
    // The author deletes her reply; the moderator (杨磊 moderates 技术交流) deletes the post.
    expect((await s.post(zhoujie, '/set/info/deleteDiscussReply', { id: replyId })).body.code).toBe(200);
    const counted = await db().selectFrom('info_discuss_post').select(['replyCount', 'lastReplyTime']).where('postId', '=', postId).executeTakeFirstOrThrow();
    expect(Number(counted.replyCount)).toBe(0);
    expect(counted.lastReplyTime).toBeNull();
    expect((await s.post(yanglei, '/set/info/deleteDiscussPost', { id: postId })).body.code).toBe(200);
  });

  const boardIdOf = async (name: string) => String((await db().selectFrom('info_discuss_board').select('boardId').where('name', '=', name).executeTakeFirstOrThrow()).boardId);
  const countOf = async (table: string, column: string, ids: string[]) => Number((await db().selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n')).where(column, 'in', ids).executeTakeFirstOrThrow()).n);
  const loggedDeletes = async (entity: string, ids: string[]) => (await db().selectFrom('sys_operation_log').select('recordId')
    .where('entity', '=', entity).where('action', '=', 'delete').where('recordId', 'in', ids).execute()).map((r) => String(r.recordId)).sort();

  /** A post of `token` in `board` with a reply from each of `repliers`: the post's id and the replies' ids. */
  async function thread(token: string, board: string, title: string, repliers: string[]): Promise<{ postId: string; replyIds: string[] }> {
    const post = await s.postJson(token, '/set/info/insertDiscussPost', { board, title, content: `<p>${title}</p>` });
    expect(post.body.code, post.body.message).toBe(200);
    const postId = String(post.body.data.postId);
    const replyIds: string[] = [];
    for (const replier of repliers) {
      const reply = await s.postJson(replier, '/set/info/insertDiscussReply', { post: postId, content: '<p>回复</p>' });
      expect(reply.body.code, reply.body.message).toBe(200);
      replyIds.push(String(reply.body.data.replyId));
    }
    return { postId, replyIds };
  }

  /** Makes every delete of `entity` fail on a database error after the module's own hook did its work, while `work` runs. */
  async function failingAfterModuleHook(entity: string, work: () => Promise<void>): Promise<void> {
    const off = registerBeforeDelete(entity, async ({ trx }) => { await trx.selectFrom('no_such_table').selectAll().execute(); });
    try {
      await work();
    } finally {
      off();
    }
  }

  it('deletes a post with its replies in the delete\'s transaction, logs each, and leaves all of it on a failure mid-way', async () => {
    const board = await boardIdOf('技术交流');
    const kept = await thread(lina, board, '中途失败的删除', [zhoujie, yanglei]);
    await failingAfterModuleHook('DiscussPost', async () => {
      expect((await s.post(lina, '/set/info/deleteDiscussPost', { id: kept.postId })).status).toBe(500);
    });
    expect(await countOf('info_discuss_post', 'postId', [kept.postId])).toBe(1);
    expect(await countOf('info_discuss_reply', 'replyId', kept.replyIds)).toBe(2);
    expect(await loggedDeletes('DiscussReply', kept.replyIds)).toEqual([]);

    // A batch with someone else's post is refused whole: her own post keeps its replies too.
    const others = await thread(chenjing, board, '别人的帖子', [lina]);
    expect((await s.post(lina, '/set/info/deleteDiscussPostByIds', { ids: [kept.postId, others.postId].join(',') })).status).toBe(403);
    expect(await countOf('info_discuss_reply', 'post', [kept.postId, others.postId])).toBe(3);

    expect((await s.post(lina, '/set/info/deleteDiscussPost', { id: kept.postId })).body.code).toBe(200);
    expect(await countOf('info_discuss_post', 'postId', [kept.postId])).toBe(0);
    expect(await countOf('info_discuss_reply', 'post', [kept.postId])).toBe(0);
    expect(await loggedDeletes('DiscussReply', kept.replyIds)).toEqual([...kept.replyIds].sort());
    expect(await loggedDeletes('DiscussPost', [kept.postId])).toEqual([kept.postId]);
    // A reply to a post that is gone is refused, not left behind.
    expect((await s.postJson(zhoujie, '/set/info/insertDiscussReply', { post: kept.postId, content: '<p>晚了</p>' })).body.code).not.toBe(200);
  });

  it('deletes a board with its posts, their replies and its notices for the community administrators, all or nothing', async () => {
    const created = await s.postJson(wuting, '/set/info/insertDiscussBoard', { name: '临时版块', sort: 9 });
    expect(created.body.code, created.body.message).toBe(200);
    const board = String(created.body.data.boardId);
    const notice = await s.postJson(wuting, '/set/info/insertDiscussNotice', { board, title: '版规', content: '<p>友善发言</p>' });
    expect(notice.body.code, notice.body.message).toBe(200);
    const first = await thread(lina, board, '第一帖', [zhoujie]);
    const second = await thread(zhoujie, board, '第二帖', [lina, chenjing]);
    const postIds = [first.postId, second.postId];
    const replyIds = [...first.replyIds, ...second.replyIds];

    expect((await s.post(lina, '/set/info/deleteDiscussBoard', { id: board })).status).toBe(403);
    await failingAfterModuleHook('DiscussBoard', async () => {
      expect((await s.post(wuting, '/set/info/deleteDiscussBoard', { id: board })).status).toBe(500);
    });
    expect(await countOf('info_discuss_board', 'boardId', [board])).toBe(1);
    expect(await countOf('info_discuss_post', 'postId', postIds)).toBe(2);
    expect(await countOf('info_discuss_reply', 'replyId', replyIds)).toBe(3);
    expect(await countOf('info_discuss_notice', 'board', [board])).toBe(1);
    expect(await loggedDeletes('DiscussPost', postIds)).toEqual([]);

    expect((await s.post(wuting, '/set/info/deleteDiscussBoard', { id: board })).body.code).toBe(200);
    expect(await countOf('info_discuss_post', 'board', [board])).toBe(0);
    expect(await countOf('info_discuss_reply', 'replyId', replyIds)).toBe(0);
    expect(await countOf('info_discuss_notice', 'board', [board])).toBe(0);
    expect(await loggedDeletes('DiscussPost', postIds)).toEqual([...postIds].sort());
    expect(await loggedDeletes('DiscussReply', replyIds)).toEqual([...replyIds].sort());
    expect(await loggedDeletes('DiscussNotice', [String(notice.body.data.noticeId)])).toHaveLength(1);
    // Nothing more goes into the board that is gone.
    expect((await s.postJson(lina, '/set/info/insertDiscussPost', { board, title: '迟到的帖子', content: '<p>x</p>' })).body.code).not.toBe(200);
  });

  it('pages a board\'s posts pinned first, finds them by title and shows the board\'s notices', async () => {
    const board = await boardIdOf('技术交流');
    const answer = await s.get(chenjing, '/get/info/getDiscussBoardPosts', { boardId: board, page: 1, pageSize: 2 });
    expect(answer.body.code, answer.body.message).toBe(200);
    expect(answer.body.data.board.name).toBe('技术交流');
    expect(answer.body.data.board.moderatorsName).toContain('杨磊');
    expect(answer.body.data.list).toHaveLength(2);
    expect(answer.body.data.list[0]).toMatchObject({ title: '前端组件库升级到 antd 5 的注意事项', isTop: 1, authorName: '杨磊' });
    expect(answer.body.data.total).toBeGreaterThanOrEqual(4);
    expect(answer.body.data.notices.map((n: { title: string }) => n.title)).toEqual(['版块规则']);
    expect(answer.body.data.canModerate).toBe(false);
    expect((await s.get(yanglei, '/get/info/getDiscussBoardPosts', { boardId: board })).body.data.canModerate).toBe(true);
    const found = await s.get(chenjing, '/get/info/getDiscussBoardPosts', { boardId: board, keyword: '慢查询' });
    expect(found.body.data.list.map((p: { title: string }) => p.title)).toEqual(['PostgreSQL 慢查询排查经验']);
    expect(found.body.data.total).toBe(1);
    expect((await s.get(chenjing, '/get/info/getDiscussBoardPosts', { boardId: 'nope' })).status).toBe(404);
  });

  it('pages the unit\'s dynamics feed newest first with comments inline', async () => {
    const first = await s.get(chenjing, '/get/info/getDynamicsFeed', { page: 1, pageSize: 4 });
    expect(first.body.code, first.body.message).toBe(200);
    expect(first.body.data.total).toBeGreaterThanOrEqual(10);
    expect(first.body.data.list).toHaveLength(4);
    const second = await s.get(chenjing, '/get/info/getDynamicsFeed', { page: 2, pageSize: 4 });
    const times = [...first.body.data.list, ...second.body.data.list].map((r: { createTime: string }) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const ids = new Set([...first.body.data.list, ...second.body.data.list].map((r: { dynamicsId: string }) => r.dynamicsId));
    expect(ids.size).toBe(8);
    const withComments = first.body.data.list.find((r: { commentCount: number }) => r.commentCount > 0);
    expect(withComments.comments[0].commenterName).toBeTruthy();

    const posted = await s.postJson(chenjing, '/set/info/insertDynamicsRecord', { content: '今天的新动态' });
    expect(posted.body.code, posted.body.message).toBe(200);
    const top = await s.get(lina, '/get/info/getDynamicsFeed', { page: 1, pageSize: 1 });
    expect(top.body.data.list[0].content).toBe('今天的新动态');
    const comment = await s.postJson(lina, '/set/info/insertDynamicsComment', { dynamics: posted.body.data.dynamicsId, content: '赞' });
    expect(comment.body.code, comment.body.message).toBe(200);
    // Another's post is not hers to change.
    expect((await s.postJson(lina, '/set/info/updateDynamicsRecord', { dynamicsId: posted.body.data.dynamicsId, content: '改' })).status).toBe(403);
  });

  it('deletes a dynamics post with its comments in the delete\'s transaction, logs each, and leaves all of it on a failure mid-way', async () => {
    const posted = await s.postJson(lina, '/set/info/insertDynamicsRecord', { content: '周末徒步，有人一起吗' });
    expect(posted.body.code, posted.body.message).toBe(200);
    const postId = String(posted.body.data.dynamicsId);
    const commentIds: string[] = [];
    for (const [token, content] of [[zhoujie, '算我一个'], [chenjing, '下次吧'], [lina, '周六早上八点集合']] as const) {
      const comment = await s.postJson(token, '/set/info/insertDynamicsComment', { dynamics: postId, content });
      expect(comment.body.code, comment.body.message).toBe(200);
      commentIds.push(String(comment.body.data.commentId));
    }

    await failingAfterModuleHook('DynamicsRecord', async () => {
      expect((await s.post(lina, '/set/info/deleteDynamicsRecord', { id: postId })).status).toBe(500);
    });
    expect(await countOf('info_dynamics_record', 'dynamicsId', [postId])).toBe(1);
    expect(await countOf('info_dynamics_comment', 'commentId', commentIds)).toBe(3);
    expect(await loggedDeletes('DynamicsComment', commentIds)).toEqual([]);
    // Someone else's post is not hers to delete: nothing goes.
    expect((await s.post(chenjing, '/set/info/deleteDynamicsRecordByIds', { ids: postId })).status).toBe(403);
    expect(await countOf('info_dynamics_comment', 'dynamics', [postId])).toBe(3);

    const deleted = await s.post(lina, '/set/info/deleteDynamicsRecordByIds', { ids: postId });
    expect(deleted.body.code, deleted.body.message).toBe(200);
    expect(await countOf('info_dynamics_record', 'dynamicsId', [postId])).toBe(0);
    expect(await countOf('info_dynamics_comment', 'dynamics', [postId])).toBe(0);
    expect(await loggedDeletes('DynamicsComment', commentIds)).toEqual([...commentIds].sort());
    expect(await loggedDeletes('DynamicsRecord', [postId])).toEqual([postId]);
    // A comment on a post that is gone is refused, not left behind.
    expect((await s.postJson(zhoujie, '/set/info/insertDynamicsComment', { dynamics: postId, content: '晚了' })).body.code).toBe(100);
    expect(await countOf('info_dynamics_comment', 'dynamics', [postId])).toBe(0);
  });
});
