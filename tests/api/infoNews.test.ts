import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const HOSTILE = '<p>你好<img src="https://example.com/a.png" onerror="alert(1)"><a href="javascript:alert(2)">点我</a><script>alert(3)</script></p>';

/**
 * 信息发布 beyond plain CRUD (server/modules/info): reading news records one row per reader,
 * notices go through approval to their recipients only, the publisher sees who has and has not
 * read, expired and withdrawn notices leave the readers' lists, stored HTML comes back inert.
 */
describe.each(databases)('news and notices, on $name', (database) => {
  let s: TestServer;
  let wuting: string; // infoAdmin
  let huangqiang: string; // infoNoticeApprover
  let lina: string; // 前端开发组
  let chenjing: string; // 财务部
  let liuyang: string; // 后端开发组
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [wuting, huangqiang, lina, chenjing, liuyang] = await Promise.all(['wuting', 'huangqiang', 'lina', 'chenjing', 'liuyang'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s?.stop(); });
  const db = () => s.server.ctx.database.db;

  const newNews = async (values: Record<string, unknown>) => {
    const res = await s.postJson(wuting, '/set/info/insertNews', { newsType: 'company', content: '<p>正文</p>', ...values });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.newsId);
  };

  it('lists published news pinned first with unread flags, and records each reader once however often and however concurrently they open it', async () => {
    const id = await newNews({ title: '测试新闻：年终总结', top: 0 });
    const before = await s.get(lina, '/get/info/getPublishedNewsList', { pageSize: 100 });
    expect(before.body.data.list.map((n: any) => n.newsId)).not.toContain(id);
    // A draft is nobody's to read but its administrators'.
    expect((await s.get(lina, '/get/info/getNewsDetailForRead', { newsId: id })).status).toBe(404);
    expect((await s.post(wuting, '/set/info/publishNews', { id })).body.code).toBe(200);

    const list = (await s.get(lina, '/get/info/getPublishedNewsList', { pageSize: 100 })).body.data.list as any[];
    const tops = list.map((n) => n.top);
    expect(tops).toEqual([...tops].sort((a, b) => b - a));
    expect(list.find((n) => n.newsId === id)).toMatchObject({ read: false, publisherName: '吴婷' });
    expect(list[0].content).toBeUndefined();
    // The spec's name for the reader's list (getMyNewsList) answers the same page.
    const mine = (await s.get(lina, '/get/info/getMyNewsList', { pageSize: 100 })).body.data.list as any[];
    expect(mine.map((n) => n.newsId)).toEqual(list.map((n) => n.newsId));

    const opens = await Promise.all(Array.from({ length: 5 }, () => s.get(lina, '/get/info/getNewsDetailForRead', { newsId: id })));
    for (const open of opens) expect(open.body.code, open.body.message).toBe(200);
    await s.get(lina, '/get/info/getNewsById', { id });
    const rows = await db().selectFrom('info_news_read').selectAll().where('news', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reader: users.lina.userId });
    expect(Number(rows[0].readTimes)).toBe(6);
    const news = await db().selectFrom('info_news').select(['readCount', 'publishTime']).where('newsId', '=', id).executeTakeFirstOrThrow();
    expect(Number(news.readCount)).toBe(6);
    expect(news.publishTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await s.get(lina, '/get/info/getPublishedNewsList', { pageSize: 100 })).body.data.list.find((n: any) => n.newsId === id).read).toBe(true);

    // Who has read it: the publisher's and administrators' question only.
    const status = await s.get(wuting, '/get/info/getNewsReadStatus', { newsId: id });
    expect(status.body.data).toMatchObject({ readerCount: 1, readCount: 6 });
    expect(status.body.data.list[0]).toMatchObject({ userName: '李娜', deptName: '前端开发组', readTimes: 6 });
    expect((await s.get(lina, '/get/info/getNewsReadStatus', { newsId: id })).status).toBe(403);

    // Withdrawn: gone from the readers' list and their reading page.
    expect((await s.post(wuting, '/set/info/withdrawNews', { id })).body.code).toBe(200);
    expect((await s.get(lina, '/get/info/getPublishedNewsList', { pageSize: 100 })).body.data.list.map((n: any) => n.newsId)).not.toContain(id);
    expect((await s.get(lina, '/get/info/getNewsDetailForRead', { newsId: id })).status).toBe(404);
    expect((await s.get(lina, '/get/info/getNewsById', { id })).status).toBe(403);
  });

  it('shows the desk pictures of published news with a cover only', async () => {
    const pictures = (await s.get(lina, '/get/info/getDeskNewsPictures')).body.data as any[];
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    const stored = await db().selectFrom('info_news').select(['newsId', 'showOnDesk', 'status', 'cover']).where('newsId', 'in', pictures.map((p) => p.newsId)).execute();
    for (const row of stored) expect(row).toMatchObject({ showOnDesk: 1, status: 'published' });
    for (const row of stored) expect(row.cover).toBeTruthy();
    // The cover is readable by the reader through the record that holds it.
    expect((await s.get(lina, '/get/file/getFileDown', { attachId: pictures[0].cover })).status).toBe(200);
    // …and by nobody without a grant of news.
    const auditor = await s.login('auditor');
    expect((await s.get(auditor, '/get/file/getFileDown', { attachId: pictures[0].cover })).status).not.toBe(200);
  });

  it('sends a notice through approval to its recipients only, and shows its publisher who has and has not read it', async () => {
    const inserted = await s.postJson(wuting, '/set/info/insertNotice', {
      title: '测试通知：财务报销截止', noticeType: 'admin', content: '<p>本月报销请于28日前提交。</p>', recipientDepts: [depts['财务部']], recipientUsers: [users.liuyang.userId],
    });
    expect(inserted.body.code, inserted.body.message).toBe(200);
    const id = String(inserted.body.data.noticeId);

    // The settings ask for approval: sent, it waits for the approver and reaches nobody yet.
    const sent = await s.post(wuting, '/set/info/sendNotice', { noticeId: id });
    expect(sent.body.data).toMatchObject({ status: 'pending' });
    expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: id })).body.message).toBe('只有草稿或已驳回的通知可以发送');
    expect((await s.get(chenjing, '/get/info/getNoticeDetailForRead', { noticeId: id })).status).toBe(403);
    expect((await s.post(wuting, '/set/info/approveNotice', { id, approveRemark: '同意' })).status).toBe(403);

    // Rejected without a reason: refused; with one: back to the author, who sends it again.
    expect((await s.post(huangqiang, '/set/info/rejectNotice', { id })).body.code).toBe(100);
    expect((await s.post(huangqiang, '/set/info/rejectNotice', { id, approveRemark: '请补充报销范围' })).body.data.status).toBe('rejected');
    expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: id })).body.data.status).toBe('pending');
    expect((await s.post(huangqiang, '/set/info/approveNotice', { id, approveRemark: '同意发布' })).body.code).toBe(200);

    const readers = await db().selectFrom('info_notice_read').select(['reader', 'readFlag']).where('notice', '=', id).execute();
    const financeIds = Object.values(users).filter((u) => u.deptId === depts['财务部']).map((u) => u.userId);
    expect(readers.map((r) => r.reader).sort()).toEqual([...financeIds, users.liuyang.userId].sort());

    const mine = (await s.get(chenjing, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list as any[];
    expect(mine.find((n) => n.noticeId === id)).toMatchObject({ read: false, title: '测试通知：财务报销截止' });
    const firstRead = mine.findIndex((n) => n.read);
    const lastUnread = mine.map((n) => n.read).lastIndexOf(false);
    if (firstRead >= 0) expect(lastUnread).toBeLessThan(firstRead);

    // Read twice: marked once, the first time stays.
    const opened = await s.get(chenjing, '/get/info/getNoticeDetailForRead', { noticeId: id });
    expect(opened.body.data).toMatchObject({ read: true, canSeeReadStatus: false, authorName: '吴婷' });
    expect(opened.body.data.readers).toBeUndefined();
    const readTime = opened.body.data.readTime;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await s.get(chenjing, '/get/info/getNoticeDetailForRead', { noticeId: id })).body.data.readTime).toBe(readTime);
    expect((await s.get(chenjing, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list.find((n: any) => n.noticeId === id).read).toBe(true);

    // Outside the recipients: refused in words, and absent from the list.
    const stranger = await s.get(lina, '/get/info/getNoticeDetailForRead', { noticeId: id });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('您不在这条通知的接收范围内');
    expect((await s.get(lina, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list.map((n: any) => n.noticeId)).not.toContain(id);
    expect((await s.get(lina, '/get/info/getNoticeById', { id })).status).toBe(403);

    // Who has and has not read: the publisher sees both; a recipient does not.
    const status = (await s.get(wuting, '/get/info/getNoticeReadStatus', { noticeId: id })).body.data;
    expect(status.read.map((r: any) => r.userName)).toEqual(['陈静']);
    expect(status.read[0].readTime).toBe(readTime);
    expect(status.unread.map((r: any) => r.userName)).toContain('刘洋');
    expect(status).toMatchObject({ total: readers.length, readCount: 1, unreadCount: readers.length - 1 });
    expect((await s.get(chenjing, '/get/info/getNoticeReadStatus', { noticeId: id })).status).toBe(403);

    // Withdrawn: leaves the recipients' list; published again: back, read marks kept.
    expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'withdrawn' })).body.data.status).toBe('withdrawn');
    expect((await s.get(liuyang, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list.map((n: any) => n.noticeId)).not.toContain(id);
    expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'published' })).body.data.status).toBe('published');
    expect((await s.get(liuyang, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list.map((n: any) => n.noticeId)).toContain(id);
    expect((await s.get(wuting, '/get/info/getNoticeReadStatus', { noticeId: id })).body.data.readCount).toBe(1);
    expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'draft' })).body.code).toBe(100);

    // The history holds every move as a transition of the flow: each send as 送审 by its author.
    const history = (await s.get(wuting, '/get/system/getFlowLog', { entity: 'Notice', id })).body.data as { transition: string; fromState: string; toState: string; userId: string; opinion: string | null }[];
    expect(history.map((h) => [h.transition, h.fromState, h.toState])).toEqual([
      ['$submit', '', 'draft'], ['send', 'draft', 'pending'], ['reject', 'pending', 'rejected'], ['send', 'rejected', 'pending'],
      ['approve', 'pending', 'published'], ['withdraw', 'published', 'withdrawn'], ['restore', 'withdrawn', 'published'],
    ]);
    expect(history.filter((h) => h.transition === 'send').map((h) => h.userId)).toEqual([users.wuting.userId, users.wuting.userId]);
    expect(history[2].opinion).toBe('请补充报销范围');
  });

  it('messages the approver, then the sender with the result and reason, then every recipient, each in their language with a link that opens for them', async () => {
    const setLanguage = (userId: string, language: string) => db().updateTable('sys_user').set({ language }).where('userId', '=', userId).execute();
    /** The messages about this notice, by receiver: the approvers' and senders' link to its details, the recipients' to its reading screen. */
    const messagesOf = async (noticeId: string) => (await db().selectFrom('sys_message').select(['receiverId', 'title', 'content', 'link', 'msgType'])
      .where('link', 'like', `%noticeId=${noticeId}`).orderBy('createTime').orderBy('messageId').execute()).map((m) => ({ ...m, receiverId: String(m.receiverId) }));
    const noticeIdIn = (link: unknown) => new URL(String(link), 'http://x').searchParams.get('noticeId');

    // Written by 吴婷 in the name of 李娜 (the author field): the result goes to whoever sent it.
    const title = '测试通知：年度预算编制';
    const inserted = await s.postJson(wuting, '/set/info/insertNotice', {
      title, noticeType: 'meeting', author: users.lina.userId, content: '<p>请各部门于月底前提交预算。</p>', recipientDepts: [depts['财务部']], recipientUsers: [users.liuyang.userId],
    });
    const id = String(inserted.body.data.noticeId);
    const financeIds = Object.values(users).filter((u) => u.deptId === depts['财务部']).map((u) => u.userId);
    const moved = users.xuming;
    try {
      // 送审: a to-do for the approver (黄强) only, leading to the notice's details, which open for him.
      expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: id })).body.data.status).toBe('pending');
      const pending = await messagesOf(id);
      expect(pending).toEqual([{
        receiverId: users.huangqiang.userId, title: `待审批通知：${title}`, msgType: 'flow',
        content: `黄强，吴婷 提交的通知「${title}」（会议通知）待您审批。`, link: `/app/info/notice/manage/details?noticeId=${id}`,
      }]);
      expect((await s.get(huangqiang, '/get/info/getNoticeById', { id: noticeIdIn(pending[0].link) })).body.data.status).toBe('pending');

      // 驳回 to a sender who reads English: the result with the reason, in English, to 吴婷 and not the author.
      await setLanguage(users.wuting.userId, 'en');
      expect((await s.post(huangqiang, '/set/info/rejectNotice', { id, approveRemark: '请补充预算口径' })).body.data.status).toBe('rejected');
      const rejected = (await messagesOf(id)).slice(1);
      expect(rejected).toEqual([{
        receiverId: users.wuting.userId, title: `Your notice “${title}” was rejected`, msgType: 'flow',
        content: `Your notice "${title}" is now Rejected. Remark: 请补充预算口径`, link: `/app/info/notice/manage/details?noticeId=${id}`,
      }]);
      expect((await s.get(wuting, '/get/info/getNoticeById', { id: noticeIdIn(rejected[0].link) })).body.code).toBe(200);
      await setLanguage(users.wuting.userId, 'zh-cn');

      // Sent again and approved: the sender learns it in Chinese; every recipient gets the notice, 陈静 in English.
      await setLanguage(users.chenjing.userId, 'en');
      expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: id })).body.data.status).toBe('pending');
      expect((await s.post(huangqiang, '/set/info/approveNotice', { id, approveRemark: '同意' })).body.data.status).toBe('published');
      const afterApproval = (await messagesOf(id)).slice(3);
      // Written by one request, often within one millisecond: told apart by what they say, not by their order.
      const toSender = afterApproval.filter((m) => m.title === `通知「${title}」已审批通过并发布`);
      expect(toSender).toEqual([expect.objectContaining({ receiverId: users.wuting.userId, content: `您提交的通知「${title}」审批结果：审批通过。审批意见：同意` })]);
      const published = afterApproval.filter((m) => !toSender.includes(m));
      expect(published.map((m) => m.receiverId).sort()).toEqual([...financeIds, users.liuyang.userId].sort());
      for (const message of published) expect(message).toMatchObject({ msgType: 'system', link: `/app/notice/details?noticeId=${id}` });
      expect(published.find((m) => m.receiverId === users.liuyang.userId)).toMatchObject({
        title: `新通知：${title}`, content: `刘洋，您收到一条新通知「${title}」（会议通知），发布人：李娜，请及时查阅。`,
      });
      expect(published.find((m) => m.receiverId === users.chenjing.userId)).toMatchObject({
        title: `New notice: ${title}`, content: `陈静, a new notice for you: "${title}" (Meetings), from 李娜.`,
      });
      // The link opens for its recipient: the reading call and the generic by-id.
      const opened = await s.get(chenjing, '/get/info/getNoticeDetailForRead', { noticeId: noticeIdIn(published[0].link) });
      expect(opened.body.data).toMatchObject({ noticeId: id, read: true });
      expect((await s.get(liuyang, '/get/info/getNoticeById', { id })).body.code).toBe(200);

      // Withdrawn and restored: only a newcomer to the recipients (徐明, moved into 财务部 meanwhile) is told again.
      expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'withdrawn' })).body.data.status).toBe('withdrawn');
      await db().updateTable('sys_user').set({ deptId: depts['财务部'] }).where('userId', '=', moved.userId).execute();
      expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'published' })).body.data.status).toBe('published');
      const restored = (await messagesOf(id)).slice(3 + afterApproval.length);
      expect(restored.map((m) => m.receiverId)).toEqual([moved.userId]);
    } finally {
      await setLanguage(users.wuting.userId, 'zh-cn');
      await setLanguage(users.chenjing.userId, 'zh-cn');
      await db().updateTable('sys_user').set({ deptId: moved.deptId }).where('userId', '=', moved.userId).execute();
    }
  });

  it('publishes at once when the settings ask for no approval, keeps expired notices out of the lists, and refuses a notice to nobody', async () => {
    const config = (await s.get(wuting, '/get/info/getNoticeConfigList')).body.data.list[0];
    expect((await s.postJson(wuting, '/set/info/updateNoticeConfig', { configId: config.configId, approvalRequired: 0 })).body.code).toBe(200);
    try {
      const nobody = await s.postJson(wuting, '/set/info/insertNotice', { title: '无人接收', noticeType: 'other', content: '<p>x</p>' });
      const refused = await postEn(s, wuting, '/set/info/sendNotice', { noticeId: nobody.body.data.noticeId });
      expect(refused.body).toMatchObject({ code: 100, message: 'Please choose who receives the notice' });

      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const expired = await s.postJson(wuting, '/set/info/insertNotice', { title: '已过期的通知', noticeType: 'admin', content: '<p>x</p>', toAll: 1, expireDate: yesterday });
      const current = await s.postJson(wuting, '/set/info/insertNotice', { title: '全员通知', noticeType: 'admin', content: '<p>x</p>', toAll: 1 });
      for (const res of [expired, current]) {
        expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: res.body.data.noticeId })).body.data.status).toBe('published');
      }
      // Sent without approval: the flow's 发布, straight from the draft.
      const history = (await s.get(wuting, '/get/system/getFlowLog', { entity: 'Notice', id: current.body.data.noticeId })).body.data as { transition: string; fromState: string; toState: string }[];
      expect(history.map((h) => [h.transition, h.fromState, h.toState])).toEqual([['$submit', '', 'draft'], ['publish', 'draft', 'published']]);
      // A refused send (no recipients) moved nothing and wrote no step.
      const unsent = (await s.get(wuting, '/get/system/getFlowLog', { entity: 'Notice', id: nobody.body.data.noticeId })).body.data as { transition: string }[];
      expect(unsent.map((h) => h.transition)).toEqual(['$submit']);
      const stored = await db().selectFrom('info_notice').select('expireDate').where('noticeId', '=', current.body.data.noticeId).executeTakeFirstOrThrow();
      expect(stored.expireDate).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
      const ids = (await s.get(lina, '/get/info/getMyNoticeList', { pageSize: 100 })).body.data.list.map((n: any) => n.noticeId);
      expect(ids).toContain(current.body.data.noticeId);
      expect(ids).not.toContain(expired.body.data.noticeId);
      // The seeded notice that expired three days ago is gone from the list but still readable.
      const seeded = await db().selectFrom('info_notice').select('noticeId').where('title', '=', '关于11月中旬网络设备维护的通知').executeTakeFirstOrThrow();
      expect(ids).not.toContain(seeded.noticeId);
      expect((await s.get(lina, '/get/info/getNoticeDetailForRead', { noticeId: seeded.noticeId })).body.code).toBe(200);
    } finally {
      await s.postJson(wuting, '/set/info/updateNoticeConfig', { configId: config.configId, approvalRequired: 1 });
    }
    expect((await s.get(lina, '/get/info/getMyNoticeList', { pageSize: 1000 })).body.code).toBe(100);
  });

  it('answers stored HTML inert through the reading calls, even HTML written past the generic write', async () => {
    const id = await newNews({ title: '含脚本的新闻', content: HOSTILE });
    expect((await s.post(wuting, '/set/info/publishNews', { id })).body.code).toBe(200);
    // Written straight into the table, as an import or an older version might have left it.
    await db().updateTable('info_news').set({ content: HOSTILE }).where('newsId', '=', id).execute();
    const news = (await s.get(lina, '/get/info/getNewsDetailForRead', { newsId: id })).body.data;
    for (const html of [news.content, (await s.get(lina, '/get/info/getNewsById', { id })).body.data.content]) {
      expect(html).toContain('你好');
      expect(html).not.toMatch(/onerror|javascript:|<script/i);
    }

    const template = await db().selectFrom('info_notice_template').select('templateId').where('redHeader', '=', 1).executeTakeFirstOrThrow();
    const notice = await s.postJson(wuting, '/set/info/insertNotice', {
      title: '红头通知', noticeType: 'rules', template: template.templateId, docNo: '华智办〔2026〕<b>99</b>号', toAll: 1, content: HOSTILE,
    });
    const noticeId = notice.body.data.noticeId;
    await s.post(wuting, '/set/info/sendNotice', { noticeId });
    await s.post(huangqiang, '/set/info/approveNotice', { id: noticeId, approveRemark: '同意' });
    await db().updateTable('info_notice').set({ content: HOSTILE }).where('noticeId', '=', noticeId).execute();
    const read = (await s.get(lina, '/get/info/getNoticeDetailForRead', { noticeId })).body.data;
    expect(read.content).not.toMatch(/onerror|javascript:|<script/i);
    expect(read.header).toContain('华东智联科技集团有限公司文件');
    expect(read.header).toContain('#d40000');
    expect(read.header).toContain('华智办〔2026〕&lt;b&gt;99&lt;/b&gt;号');
  });

  it('lists the templates of a type for those who write notices', async () => {
    const rules = (await s.get(wuting, '/get/info/getNoticeTemplateListByType', { noticeType: 'rules' })).body.data as any[];
    expect(rules.map((r) => r.templateName)).toContain('集团红头文件');
    expect(rules.every((r) => r.noticeType === 'rules' || !r.noticeType)).toBe(true);
    expect(rules.find((r) => r.templateName === '集团红头文件').redHeader).toBe(true);
    // Each with the body a new notice starts from (the form's template choice fills it).
    const meeting = (await s.get(wuting, '/get/info/getNoticeTemplateListByType', { noticeType: 'meeting' })).body.data as any[];
    expect(meeting.map((r) => r.templateName)).toEqual(['会议通知模板']);
    expect(meeting[0]).toMatchObject({ noticeType: 'meeting', redHeader: false });
    expect(meeting[0].bodyHtml).toContain('<strong>会议时间：</strong>');
    const all = (await s.get(wuting, '/get/info/getNoticeTemplateListByType')).body.data as any[];
    expect(all.map((r) => r.templateName).sort()).toEqual(['会议通知模板', '行政通知模板', '集团红头文件'].sort());
    expect((await s.get(lina, '/get/info/getNoticeTemplateListByType', { noticeType: 'rules' })).status).toBe(403);
  });
});
