import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { docxOf } from '../../server/modules/knowledge/demoFiles';
import { searchIndexSettled } from '../../server/search/searchFreshness';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

interface Group { source: string; total: number; hits: { recordId: string; title: string; snippet: string; link: string | null }[] }

/**
 * The full-text search over news, regulation files and notices (server/search) as staff meet it:
 * a record is found — by its text and its attachments' text — exactly when its reader may read it
 * by id and download its files (entity/extraReadRules.ts): published news and regulations for
 * everyone of the unit, a notice for its recipients while it is published. Also the spec's
 * knowledge calls under /get/info, and a search that finds the index current does no index work.
 * Every hit links to the page a reader reads its record on, never to a management page.
 */
describe.each(databases)('search hits, by-id reads and files agree for news, regulations and notices, on $name', (database) => {
  let s: TestServer;
  let wuting: string; // infoAdmin
  let huangqiang: string; // infoNoticeApprover, file administrator
  let yanglei: string; // approves regulations
  let lina: string; // plain staff, 前端开发组
  let liuyang: string; // plain staff, 后端开发组
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [wuting, huangqiang, yanglei, lina, liuyang] = await Promise.all(['wuting', 'huangqiang', 'yanglei', 'lina', 'liuyang'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s?.stop(); });

  const search = async (token: string, q: string) => {
    const res = await s.get(token, '/get/knowledge/searchKnowledge', { q });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { total: number; groups: Group[] };
  };
  /** The ids `token` finds for `q` in one source, after every write so far is indexed (a search waits for that only a moment). */
  const found = async (token: string, q: string, source: string) => {
    await searchIndexSettled(s.server.ctx);
    return (await search(token, q)).groups.find((g) => g.source === source)?.hits.map((h) => h.recordId) ?? [];
  };
  const wordFile = async (token: string, name: string, text: string) => {
    const res = await s.upload(token, '/set/file/uploadFile', { name, content: await docxOf([text]) });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.attachId);
  };
  const download = async (token: string, attachId: string) =>
    (await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${token}` } })).status;
  const saved = (res: { body: { code: number; message: string; data: any } }, key: string) => {
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data[key]);
  };

  it('lets staff find a published news item by its text and by its attachment, and read both; a draft stays hidden', async () => {
    const file = await wordFile(wuting, '年会流程.docx', '抽奖环节由银杏乐队伴奏。');
    const id = saved(await s.postJson(wuting, '/set/info/insertNews', { title: '年会通知', newsType: 'company', content: '<p>今年年会在梧桐礼堂举行。</p>', attachments: file }), 'newsId');
    expect((await s.post(wuting, '/set/info/publishNews', { id })).body.code).toBe(200);
    const draftFile = await wordFile(wuting, '施工说明.docx', '紫藤长廊夜间施工。');
    const draft = saved(await s.postJson(wuting, '/set/info/insertNews', { title: '未发布的新闻', newsType: 'company', content: '<p>紫藤长廊即将开放。</p>', attachments: draftFile }), 'newsId');

    expect(await found(lina, '梧桐礼堂', 'News')).toEqual([id]);
    expect(await found(lina, '银杏乐队', 'News')).toEqual([id]);
    expect(await found(lina, '紫藤长廊', 'News')).toEqual([]);
    // The administrator who wrote the draft finds it.
    expect(await found(wuting, '紫藤长廊', 'News')).toEqual([draft]);

    expect((await s.get(lina, '/get/info/getNewsById', { id })).body.data.title).toBe('年会通知');
    expect((await s.get(lina, '/get/info/getNewsById', { id: draft })).status).toBe(403);
    expect(await download(lina, file)).toBe(200);
    expect(await download(lina, draftFile)).toBe(403);
  });

  it('lets staff find a published regulation by its text and by its file, not a draft or one in approval', async () => {
    const db = s.server.ctx.database.db;
    const sortId = String((await db.selectFrom('file_regulation_sort').select('sortId').where('sortName', '=', '行政管理').executeTakeFirstOrThrow()).sortId);
    const regulation = async (title: string, fileNo: string, body: string, attachmentText: string) => {
      const file = await wordFile(huangqiang, `${title}.docx`, attachmentText);
      const id = saved(await s.post(huangqiang, '/set/file/insertRegulationFile', { title, fileNo, sortId, effectiveDate: '2026-12-01', content: `<p>${body}</p>`, files: file }), 'regulationId');
      return { id, file };
    };
    const submit = async (id: string) => expect((await s.post(huangqiang, '/set/file/submitRegulationFile', { id })).body.data.status).toBe('approving');
    const published = await regulation('会议室使用办法', 'ZD-XZ-2026-101', '第一条 会议室由行政部统一调度。', '附表：北楼三层会议室清单。');
    await submit(published.id);
    expect((await s.post(yanglei, '/set/file/approveRegulationFile', { id: published.id, approveRemark: '同意' })).body.data.status).toBe('published');
    const unpublished = await regulation('车辆使用办法', 'ZD-XZ-2026-102', '第一条 公务车辆凭派车单出车。', '附表：南区停车场车位。');

    expect(await found(lina, '统一调度', 'RegulationFile')).toEqual([published.id]);
    expect(await found(lina, '北楼三层', 'RegulationFile')).toEqual([published.id]);
    for (const stage of ['draft', 'approving']) {
      if (stage === 'approving') await submit(unpublished.id);
      expect(await found(lina, '派车单', 'RegulationFile'), stage).toEqual([]);
      expect(await found(lina, '南区停车场', 'RegulationFile'), stage).toEqual([]);
      expect(await found(huangqiang, '南区停车场', 'RegulationFile'), stage).toEqual([unpublished.id]);
      expect((await s.get(lina, '/get/file/getPublishedRegulation', { id: unpublished.id })).status, stage).toBe(404);
      expect(await download(lina, unpublished.file), stage).toBe(403);
    }
    expect((await s.get(lina, '/get/file/getPublishedRegulation', { id: published.id })).body.code).toBe(200);
    expect(await download(lina, published.file)).toBe(200);
  });

  it('finds a notice for its recipients only while it is published, as its by-id call and its file answer', async () => {
    const file = await wordFile(wuting, '演练路线.docx', '疏散集合点设在东门广场。');
    const id = saved(await s.postJson(wuting, '/set/info/insertNotice', {
      title: '消防演练通知', noticeType: 'admin', content: '<p>周五下午在桂花园进行消防疏散演练。</p>', recipientUsers: [users.liuyang.userId], attachments: file,
    }), 'noticeId');
    expect((await s.post(wuting, '/set/info/sendNotice', { noticeId: id })).body.data.status).toBe('pending');
    // In approval: not even its recipient finds it yet.
    expect(await found(liuyang, '桂花园', 'Notice')).toEqual([]);
    expect((await s.post(huangqiang, '/set/info/approveNotice', { id, approveRemark: '同意' })).body.code).toBe(200);

    expect(await found(liuyang, '桂花园', 'Notice')).toEqual([id]);
    expect(await found(liuyang, '东门广场', 'Notice')).toEqual([id]);
    expect((await s.get(liuyang, '/get/info/getNoticeById', { id })).body.code).toBe(200);
    expect(await download(liuyang, file)).toBe(200);
    // Not a recipient.
    expect(await found(lina, '桂花园', 'Notice')).toEqual([]);
    expect((await s.get(lina, '/get/info/getNoticeById', { id })).status).toBe(403);
    expect(await download(lina, file)).toBe(403);

    // Withdrawn: refused everywhere, as on the reading page; its author still reads it.
    expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'withdrawn' })).body.data.status).toBe('withdrawn');
    expect(await found(liuyang, '桂花园', 'Notice')).toEqual([]);
    expect((await s.get(liuyang, '/get/info/getNoticeById', { id })).status).toBe(403);
    expect((await s.get(liuyang, '/get/info/getNoticeDetailForRead', { noticeId: id })).status).toBe(403);
    expect(await download(liuyang, file)).toBe(403);
    expect(await found(wuting, '桂花园', 'Notice')).toEqual([id]);
    // Restored: its recipients read it again.
    expect((await s.post(wuting, '/set/info/setNoticeStatus', { noticeId: id, status: 'published' })).body.data.status).toBe('published');
    expect(await found(liuyang, '东门广场', 'Notice')).toEqual([id]);
    expect((await s.get(liuyang, '/get/info/getNoticeById', { id })).body.code).toBe(200);
  });

  it('links each source\'s hits to its reading page, whose call opens the record for staff', async () => {
    // Per source: a search finding demo records, the reader page's link and the call that page reads the record with.
    const readers: Record<string, { q: string; link: string; call: string; param: string; key: string }> = {
      Knowledge: { q: '差旅费', link: '/knowledge/read/', call: '/get/knowledge/getKnowledgeDetailForRead', param: 'id', key: 'knowledgeId' },
      News: { q: '安全生产', link: '/info/news/view?newsId=', call: '/get/info/getNewsDetailForRead', param: 'newsId', key: 'newsId' },
      Notice: { q: '差旅费', link: '/info/notice/view?noticeId=', call: '/get/info/getNoticeDetailForRead', param: 'noticeId', key: 'noticeId' },
      RegulationFile: { q: '差旅费', link: '/file/regulation/read?regulationId=', call: '/get/file/getPublishedRegulation', param: 'id', key: 'regulationId' },
    };
    await searchIndexSettled(s.server.ctx);
    for (const [source, reader] of Object.entries(readers)) {
      const hits = (await search(lina, reader.q)).groups.find((g) => g.source === source)?.hits ?? [];
      expect(hits.length, source).toBeGreaterThan(0);
      for (const hit of hits) {
        expect(hit.link, source).toBe(`${reader.link}${encodeURIComponent(hit.recordId)}`);
        const read = await s.get(lina, reader.call, { [reader.param]: hit.recordId });
        expect(read.body.code, `${source}: ${read.body.message}`).toBe(200);
        expect(String(read.body.data[reader.key])).toBe(hit.recordId);
      }
    }
    // The same link for those who hold the management page: one link per source, whoever searches.
    const managed = (await search(wuting, '安全生产')).groups.find((g) => g.source === 'News')?.hits ?? [];
    expect(managed.length).toBeGreaterThan(0);
    expect(managed.every((h) => h.link === `/info/news/view?newsId=${encodeURIComponent(h.recordId)}`)).toBe(true);
  });

  it('answers the spec\'s getKnowledgeList and getKnowledgeById under /get/info as the readers\' list and reading page', async () => {
    const list = await s.get(lina, '/get/info/getKnowledgeList', { pageSize: 100 });
    expect(list.body.code, list.body.message).toBe(200);
    const titles = (list.body.data.list as { title: string }[]).map((d) => d.title);
    expect(titles).toContain('新员工入职指引');
    expect(titles.some((t) => t.includes('设计草稿'))).toBe(false);
    expect((list.body.data.list as Record<string, unknown>[]).every((d) => d.content === undefined)).toBe(true);

    const db = s.server.ctx.database.db;
    const idOf = async (title: string) => String((await db.selectFrom('knowledge').select('knowledgeId').where('title', 'like', title).executeTakeFirstOrThrow()).knowledgeId);
    const read = await s.get(lina, '/get/info/getKnowledgeById', { id: await idOf('新员工入职指引') });
    expect(read.body.code, read.body.message).toBe(200);
    expect(read.body.data.content).toContain('入职当天');
    expect(read.body.data.learnId).toBeTruthy();
    const hidden = await s.get(lina, '/get/info/getKnowledgeById', { id: await idOf('%设计草稿') });
    expect(hidden.body.code).toBe(100);
    expect((await s.get(undefined, '/get/info/getKnowledgeList')).status).toBe(401);
  });

  it('does no index work in a search when nothing was written since the last, and takes a save in at the next', async () => {
    await searchIndexSettled(s.server.ctx);
    await search(lina, '年会');
    const statements: CompiledQuery[] = [];
    const stop = s.server.ctx.database.watch.onStatement((query) => { statements.push(query); });
    try {
      await search(lina, '年会');
    } finally {
      stop();
    }
    // The hits' read check reads info_news by key; a catch-up would look for the newest indexed
    // time and scan the sources by updateTime.
    const source = /\bfrom\s+"?(info_news|info_notice|file_regulation_file|knowledge)"?(\s|$)/;
    expect(statements.map((q) => q.sql).filter((text) => source.test(text) && text.includes('updateTime'))).toEqual([]);
    expect(statements.map((q) => q.sql).filter((text) => /max\(/i.test(text))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);

    const id = saved(await s.postJson(wuting, '/set/info/insertNews', { title: '食堂公告', newsType: 'company', content: '<p>三楼食堂新开香樟小馆。</p>' }), 'newsId');
    expect((await s.post(wuting, '/set/info/publishNews', { id })).body.code).toBe(200);
    // No settling here: a search right after a save waits for it to be indexed.
    const hits = (await search(lina, '香樟小馆')).groups.find((g) => g.source === 'News')?.hits ?? [];
    expect(hits.map((h) => h.recordId)).toEqual([id]);
  });
});
