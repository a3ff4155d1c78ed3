import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { addDays } from '../../seed/demoDays';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';
import { communityEntity } from './communityEntities';

/** A demo time `days` from today at `time`. */
const at = (days: number, time: string) => `${addDays(days)} ${time}`;

interface Seed { ctx: ServerContext; demo: DemoOrganisation; db: Db; user: (account: string) => string }

/** The demo accounts' departments (server/seed/demoOrganisation.ts). */
const DEPT_OF: Record<string, string> = {
  admin: 'office', zhangwei: 'hr', wangfang: 'fleet', lina: 'frontend', liuyang: 'backend', chenjing: 'finance', yanglei: 'tech',
  zhaomin: 'hr', huangqiang: 'admin', zhoujie: 'backend', wuting: 'office', xuming: 'fleet',
};
const as = (s: Seed, account: string) => s.demo.as(account, DEPT_OF[account] ?? 'office');

async function seedDynamics(s: Seed) {
  const records = communityEntity(s.ctx, 'DynamicsRecord');
  const comments = communityEntity(s.ctx, 'DynamicsComment');
  const posts: [string, number, string, string, [string, string][]][] = [
    ['lina', -6, '09:20:00', '移动端考勤页面今天上线啦，大家打卡时如果遇到定位问题请随时反馈～', [['zhoujie', '已经用上了，定位很快！'], ['yanglei', '辛苦了，继续关注线上反馈']]],
    ['wuting', -5, '14:05:00', '本周五下午三点在 3 楼大会议室举行季度经营分析会，请各部门负责人提前准备材料。', [['zhangwei', '收到']]],
    ['chenjing', -5, '17:40:00', '提醒：11 月报销单请在 28 日前提交，逾期将顺延到下月处理。', [['liuyang', '收到，马上整理发票'], ['xuming', '车辆油费票据也一起交吗？'], ['chenjing', '是的，一起交到财务部']]],
    ['yanglei', -4, '10:12:00', '技术研发部本月完成了 OA 系统二期的全部接口开发，感谢大家的付出！', [['lina', '为团队点赞'], ['huangqiang', '期待新功能']]],
    ['huangqiang', -3, '11:30:00', '行政部新到一批人体工学椅，有需要的同事可以在办公用品申领中提交申请。', [['zhoujie', '终于等到了']]],
    ['zhoujie', -3, '20:15:00', '今晚机房 UPS 更换完成，所有服务已恢复正常。', [['yanglei', '辛苦加班']]],
    ['zhangwei', -2, '09:00:00', '欢迎新同事王磊加入后端开发组！', [['liuyang', '欢迎欢迎'], ['lina', '欢迎加入']]],
    ['wangfang', -2, '15:45:00', '明天上午公司班车因道路施工改走张江路辅路，请大家提前 10 分钟到站。', []],
    ['liuyang', -1, '18:30:00', '周末羽毛球活动报名开始了，地点张江体育馆，有兴趣的同事在评论区留言。', [['zhoujie', '报名+1'], ['lina', '我也来'], ['xuming', '算我一个']]],
    ['zhaomin', -1, '20:50:00', '2026 年度体检预约通道已开放，请在 12 月 10 日前完成预约。', [['chenjing', '请问家属可以一起预约吗？']]],
  ];
  for (const [account, day, time, content, replies] of posts) {
    const owner = as(s, account);
    const id = await insertRow(s.ctx, records, { content, author: owner.userId }, owner, s.db);
    await s.db.updateTable(records.table).set({ createTime: at(day, time), updateTime: at(day, time) }).where(records.key, '=', id).execute();
    for (const [index, [commenter, text]] of replies.entries()) {
      const by = as(s, commenter);
      const commentId = await insertRow(s.ctx, comments, { dynamics: id, content: text, commenter: by.userId }, by, s.db);
      const time2 = at(day, `${String(Math.min(23, Number(time.slice(0, 2)) + 1 + index)).padStart(2, '0')}:${time.slice(3)}`);
      await s.db.updateTable(comments.table).set({ createTime: time2, updateTime: time2 }).where(comments.key, '=', commentId).execute();
    }
  }
}

async function seedDiscussion(s: Seed) {
  const boards = communityEntity(s.ctx, 'DiscussBoard');
  const notices = communityEntity(s.ctx, 'DiscussNotice');
  const posts = communityEntity(s.ctx, 'DiscussPost');
  const replies = communityEntity(s.ctx, 'DiscussReply');
  const admin = as(s, 'wuting');
  const tech = await insertRow(s.ctx, boards, { name: '技术交流', description: '开发、运维与工具的经验分享和问题求助', moderators: s.user('yanglei'), sort: 1 }, admin, s.db);
  const life = await insertRow(s.ctx, boards, { name: '员工生活', description: '兴趣活动、生活信息与同事互助', moderators: s.user('wuting'), sort: 2 }, admin, s.db);
  const ideas = await insertRow(s.ctx, boards, { name: '建言献策', description: '对公司管理、流程和办公环境的意见与建议', moderators: [s.user('huangqiang'), s.user('zhangwei')].join(','), sort: 3 }, admin, s.db);
  await insertRow(s.ctx, notices, { board: tech, title: '版块规则', content: '<p>请勿在帖子中粘贴生产环境的账号与密码；求助帖请写清环境与复现步骤。</p>' }, as(s, 'yanglei'), s.db);
  await insertRow(s.ctx, notices, { board: ideas, title: '优秀建议将获得季度奖励', content: '<p>每季度评选 3 条被采纳的优秀建议，给予 500 元奖励。</p>' }, as(s, 'huangqiang'), s.db);
  const threads: [string, string, string, string, number, number, number, [string, string][]][] = [
    [tech, 'yanglei', '前端组件库升级到 antd 5 的注意事项', '<p>升级前请先阅读迁移文档，重点关注 <strong>主题 token</strong> 与日期组件的 dayjs 替换。</p>', 1, 1, 126, [['lina', '<p>表单校验的提示样式也有变化，需要回归测试。</p>'], ['zhoujie', '<p>收藏了，下周开始升级。</p>']]],
    [tech, 'liuyang', 'PostgreSQL 慢查询排查经验', '<p>记录一次通过 <code>EXPLAIN ANALYZE</code> 定位缺失索引的过程。</p>', 0, 1, 88, [['yanglei', '<p>建议整理进知识库。</p>']]],
    [tech, 'zhoujie', '机房 UPS 更换后的巡检清单', '<ol><li>检查电池温度</li><li>核对告警阈值</li><li>确认双路供电切换</li></ol>', 0, 0, 35, []],
    [tech, 'lina', '移动端定位权限被拒绝时如何提示？', '<p>安卓部分机型拒绝定位后无法再次弹出授权，大家有什么好的处理方式？</p>', 0, 0, 42, [['liuyang', '<p>可以引导用户到系统设置里手动开启。</p>'], ['yanglei', '<p>同意楼上，文案里说明清楚路径。</p>']]],
    [life, 'liuyang', '周末羽毛球活动报名', '<p>本周六下午 2 点，张江体育馆 3 号场，费用 AA。</p>', 1, 0, 64, [['lina', '<p>报名！</p>'], ['xuming', '<p>报名+1</p>']]],
    [life, 'chenjing', '闲置婴儿推车转让', '<p>九成新，价格面议，有需要的同事私聊。</p>', 0, 0, 21, []],
    [life, 'wangfang', '公司附近新开的面馆推荐', '<p>张江路 120 号新开了一家兰州拉面，味道不错。</p>', 0, 0, 30, [['zhoujie', '<p>中午去试试。</p>']]],
    [ideas, 'lina', '建议会议室增加无线投屏设备', '<p>现在每次开会都要找转接头，建议统一配置无线投屏。</p>', 0, 1, 57, [['huangqiang', '<p>已列入下季度采购计划。</p>']]],
    [ideas, 'zhoujie', '希望食堂增加晚餐供应', '<p>加班同事较多，建议食堂提供简单的晚餐。</p>', 0, 0, 49, [['zhangwei', '<p>我们会和食堂沟通，收集一下大家的需求。</p>'], ['liuyang', '<p>支持！</p>']]],
    [ideas, 'xuming', '班车线路优化建议', '<p>建议增加从龙阳路地铁站出发的班次。</p>', 0, 0, 18, []],
  ];
  for (const [index, [board, account, title, content, isTop, isEssence, viewCount, answers]] of threads.entries()) {
    const owner = as(s, account);
    const postId = await insertRow(s.ctx, posts, { board, title, content, author: owner.userId, isTop, isEssence }, owner, s.db);
    const created = at(-8 + Math.floor(index / 2), `${String(9 + index).padStart(2, '0')}:10:00`);
    let last: string | null = null;
    for (const [n, [who, text]] of answers.entries()) {
      const by = as(s, who);
      const replyId = await insertRow(s.ctx, replies, { post: postId, content: text, author: by.userId }, by, s.db);
      last = at(-7 + Math.floor(index / 2), `${String(10 + n).padStart(2, '0')}:30:00`);
      await s.db.updateTable(replies.table).set({ createTime: last, updateTime: last }).where(replies.key, '=', replyId).execute();
    }
    await s.db.updateTable(posts.table).set({ createTime: created, updateTime: created, viewCount, replyCount: answers.length, lastReplyTime: last })
      .where(posts.key, '=', postId).execute();
  }
}

async function seedVotes(s: Seed) {
  const votes = communityEntity(s.ctx, 'Vote');
  const results = communityEntity(s.ctx, 'VoteResult');
  const admin = as(s, 'wuting');
  const opts = (...texts: string[]) => texts.map((optionText, i) => ({ optionKey: String.fromCharCode(65 + i), optionText }));
  type Options = ReturnType<typeof opts>;
  const ballots = async (voteId: string, options: Options, anonymous: boolean, cast: [string, string[]][], day: number) => {
    const voters: string[] = [];
    for (const [n, [account, keys]] of cast.entries()) {
      const owner = anonymous ? admin : as(s, account);
      for (const key of keys) {
        await insertRow(s.ctx, results, {
          vote: voteId, optionKey: key, optionText: options.find((o) => o.optionKey === key)?.optionText ?? null, voter: anonymous ? null : owner.userId,
          voteTime: anonymous ? null : at(day, `${String(9 + n).padStart(2, '0')}:15:00`),
        }, owner, s.db);
      }
      voters.push(s.user(account));
    }
    await s.db.updateTable(votes.table).set({ voters: (anonymous ? voters.sort() : voters).join(',') }).where(votes.key, '=', voteId).execute();
  };
  const partyOptions = opts('部门歌舞', '情景小品', '乐队演出', '才艺大赛');
  const party = await insertRow(s.ctx, votes, {
    title: '2026 年会节目形式投票', description: '请选择你最希望在年会上看到的节目形式，得票最多的形式将作为主节目。',
    options: partyOptions, multiple: 0, maxChoices: 1, anonymous: 0, deadline: at(5, '18:00:00'), allUsers: 1, status: 'open',
  }, admin, s.db);
  await ballots(party, partyOptions, false, [['yanglei', ['C']], ['zhangwei', ['A']], ['huangqiang', ['C']], ['xuming', ['B']]], -1);
  const awardOptions = opts('李娜（前端开发组）', '刘洋（后端开发组）', '陈静（财务部）', '周杰（后端开发组）');
  const award = await insertRow(s.ctx, votes, {
    title: '2026 年度优秀员工评选', description: '每人最多选择 2 位候选人，结果将在年会上公布。',
    options: awardOptions, multiple: 1, maxChoices: 2, anonymous: 0,
    deadline: at(-3, '18:00:00'), allUsers: 1, status: 'ended',
  }, admin, s.db);
  await ballots(award, awardOptions, false, [
    ['yanglei', ['A', 'B']], ['zhangwei', ['A', 'C']], ['wangfang', ['C']], ['huangqiang', ['A', 'D']], ['wuting', ['A', 'C']],
    ['xuming', ['B', 'D']], ['zhaomin', ['C']], ['chenjing', ['A']],
  ], -5);
  const canteenOptions = opts('非常满意', '满意', '一般', '不满意');
  const canteen = await insertRow(s.ctx, votes, {
    title: '员工食堂满意度调查（匿名）', description: '匿名投票，结果只显示各选项票数，不显示投票人。',
    options: canteenOptions, multiple: 0, maxChoices: 1, anonymous: 1, deadline: at(7, '18:00:00'), allUsers: 1, status: 'open',
  }, admin, s.db);
  await ballots(canteen, canteenOptions, true, [['zhoujie', ['B']], ['wangfang', ['C']], ['huangqiang', ['A']]], 0);
  await insertRow(s.ctx, votes, {
    title: '技术分享会主题征集', description: '技术研发部内部投票，最多选 2 个主题。',
    options: opts('微前端实践', 'PostgreSQL 调优', '自动化测试', '容器化部署'), multiple: 1, maxChoices: 2, anonymous: 0, deadline: at(4, '12:00:00'),
    allUsers: 0, participantDepts: s.demo.deptIds.get('tech') ?? null, status: 'open',
  }, as(s, 'yanglei'), s.db);
  await insertRow(s.ctx, votes, {
    title: '2027 年春季团建目的地', description: '草稿：确认预算后发布。', options: opts('千岛湖', '莫干山', '崇明岛'), multiple: 1, maxChoices: 2, anonymous: 0,
    deadline: at(20, '18:00:00'), allUsers: 1, status: 'draft',
  }, admin, s.db);
}

async function seedMailbox(s: Seed) {
  const configs = communityEntity(s.ctx, 'LeaderMailboxConfig');
  const letters = communityEntity(s.ctx, 'LeaderMailbox');
  const admin = as(s, 'wuting');
  await insertRow(s.ctx, configs, { leader: s.user('yanglei'), leaderTitle: '技术研发部总监', readers: s.user('wuting'), enabled: 1, sort: 1, remark: '技术与研发相关意见' }, admin, s.db);
  await insertRow(s.ctx, configs, { leader: s.user('zhangwei'), leaderTitle: '人力资源部经理', readers: null, enabled: 1, sort: 2, remark: '人事、薪酬与培训' }, admin, s.db);
  const rows: [string, string, string, string, number, string, string | null, number][] = [
    ['lina', 'yanglei', '关于前端组增加测试设备的建议', '目前前端组只有两台安卓测试机，兼容性测试排队严重，建议增加 3 台不同品牌的测试机。', 0, 'replied', '已同意采购，预计下周到货。', -6],
    ['zhoujie', 'yanglei', '机房空调老化问题', '机房空调已使用 8 年，夏季多次告警，建议列入明年预算更换。', 0, 'read', null, -4],
    ['liuyang', 'zhangwei', '加班调休规则咨询', '项目上线期间的周末加班，是否可以在次月调休？', 0, 'replied', '可以，在三个月内申请调休即可。', -3],
    ['chenjing', 'zhangwei', '希望增加财务专业培训', '建议每季度组织一次税务政策解读培训。', 1, 'unread', null, -1],
    ['xuming', 'yanglei', '车辆调度系统使用体验', '调度页面在手机上显示不完整，司机查看任务不方便。', 1, 'unread', null, 0],
  ];
  for (const [account, leader, subject, content, anonymous, status, reply, day] of rows) {
    const owner = as(s, account);
    const config = await s.db.selectFrom(configs.table).select('readers').where('leader', '=', s.user(leader)).executeTakeFirst();
    const id = await insertRow(s.ctx, letters, {
      leader: s.user(leader), subject, content, anonymous, writer: owner.userId, readers: config?.readers ?? null, status,
      replyContent: reply, replyTime: reply ? at(day + 1, '10:00:00') : null,
    }, owner, s.db);
    await s.db.updateTable(letters.table).set({ createTime: at(day, '09:30:00') }).where(letters.key, '=', id).execute();
  }
}

async function seedDataReports(s: Seed) {
  const uploads = communityEntity(s.ctx, 'DataUploadInfo');
  const handles = communityEntity(s.ctx, 'DataHandleResult');
  const rows: [string, string, string, string, string | null][] = [
    ['chenjing', '11 月部门费用支出统计', '2026-11', '本月财务部费用支出合计 8.6 万元，其中差旅 2.1 万元、办公用品 0.8 万元。', '数据已核对，纳入月度经营分析。'],
    ['huangqiang', '11 月办公用品消耗报表', '2026-11', '本月共领用办公用品 312 件，硒鼓消耗较上月增加 2 个。', null],
    ['zhangwei', '第四季度招聘进展', '2026-Q4', '已完成招聘 6 人，在招岗位 4 个，预计 12 月底完成全部招聘。', '请重点跟进后端开发岗位。'],
    ['yanglei', '研发项目工时汇总', '2026-11', 'OA 二期项目本月投入 420 人天，完成率 92%。', null],
  ];
  for (const [account, title, period, content, handled] of rows) {
    const owner = as(s, account);
    const id = await insertRow(s.ctx, uploads, { title, period, content, reportDept: owner.deptId, reporter: owner.userId, status: handled ? 'handled' : 'submitted', handleResult: handled, handleTime: handled ? at(-1, '16:00:00') : null }, owner, s.db);
    if (handled) await insertRow(s.ctx, handles, { upload: id, handler: s.user('wuting'), result: handled, handleTime: at(-1, '16:00:00') }, as(s, 'wuting'), s.db);
  }
}

/** The community's demo rows: a unit's feed, three boards, five votes, letters to two leaders, four data reports. */
export async function seedCommunityDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  // One transaction: a hundred small inserts commit once (SQLite's fsync per commit is the cost).
  await ctx.database.db.transaction().execute(async (db) => {
    const seed: Seed = { ctx, demo, db, user: (account) => demo.userIds.get(account) ?? '' };
    await seedDynamics(seed);
    await seedDiscussion(seed);
    await seedVotes(seed);
    await seedMailbox(seed);
    await seedDataReports(seed);
  });
}
