import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxOf } from '../../server/modules/knowledge/demoFiles';
import { searchIndexSettled } from '../../server/search/searchFreshness';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

interface Group { source: string; total: number; hits: { recordId: string; title: string; snippet: string }[] }

/**
 * The knowledge base's reading rules and the full-text search (server/search) beyond the generic
 * CRUD: Chinese substrings, attachment text, hits only from readable records, escaped
 * highlights, the rebuild, hot keywords, comments and learning records.
 */
describe.each(databases)('knowledge base and full-text search, on $name', (database) => {
  let s: TestServer;
  let lina: string; // staff, 前端开发组
  let liuyang: string; // staff, 后端开发组: wrote the draft 知识库全文检索设计草稿
  let chenjing: string; // staff, 财务部
  let zhangwei: string; // knowledgeAdmin
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang, chenjing, zhangwei] = await Promise.all(['lina', 'liuyang', 'chenjing', 'zhangwei'].map((a) => s.login(a)));
    users = await demoUsers(s);
  }, 400_000); // the first server of a run seeds the shared template
  afterAll(async () => { await s.stop(); });

  const search = async (token: string, q: string, extra: Record<string, unknown> = {}) => {
    const res = await s.get(token, '/get/knowledge/searchKnowledge', { q, ...extra });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { total: number; groups: Group[] };
  };
  const knowledgeHits = (answer: { groups: Group[] }) => answer.groups.find((g) => g.source === 'Knowledge')?.hits ?? [];
  const sortId = async () => String((await s.server.ctx.database.db.selectFrom('knowledge_sort').select('sortId').where('sortName', '=', '常见问题').executeTakeFirstOrThrow()).sortId);

  it('finds two characters from the middle of a Chinese word, and marks them in the title', async () => {
    const hits = knowledgeHits(await search(lina, '勤管'));
    expect(hits.map((h) => h.title)).toContain('员工考<mark>勤管</mark>理制度（2026 修订版）');
    // Three characters and more go through the trigram index; several words must all match.
    const both = knowledgeHits(await search(lina, '打卡 迟到早退'));
    expect(both).toHaveLength(1);
    expect(both[0].snippet).toContain('<mark>打卡</mark>');
    expect(knowledgeHits(await search(lina, '打卡 不存在的词组'))).toEqual([]);
  });

  it('finds the text of Word and Excel attachments, and of a file attached just now', async () => {
    expect(knowledgeHits(await search(lina, '起施行')).map((h) => h.title)).toContain('员工考勤管理制度（2026 修订版）');
    expect(knowledgeHits(await search(lina, '省会城市')).map((h) => h.title)).toContain('差旅费报销管理办法');
    const upload = await s.upload(lina, '/set/file/uploadFile', { name: '打印机驱动安装.docx', content: await docxOf(['第一步：打开控制面板，添加网络打印机 PRN-3F-02。']) });
    expect(upload.body.code, upload.body.message).toBe(200);
    const doc = await s.post(lina, '/set/knowledge/insertKnowledge', { sortId: await sortId(), title: '打印机怎么连', status: 'published', visibility: 'all', attachments: upload.body.data.attachId });
    expect(doc.body.code, doc.body.message).toBe(200);
    // A search waits a moment for the file's text; settled first, so a loaded machine cannot outrun it.
    await searchIndexSettled(s.server.ctx);
    const hits = knowledgeHits(await search(chenjing, 'prn-3f'));
    expect(hits.map((h) => h.recordId)).toEqual([doc.body.data.knowledgeId]);
    expect(hits[0].snippet).toContain('<mark>PRN-3F</mark>');
  });

  it('never answers, counts or quotes a document the caller may not read', async () => {
    // 刘洋's draft: his and the administrator's alone.
    expect(knowledgeHits(await search(liuyang, '三元组'))).toHaveLength(1);
    expect(knowledgeHits(await search(zhangwei, '三元组'))).toHaveLength(1);
    const hidden = await s.get(lina, '/get/knowledge/searchKnowledge', { q: '三元组' });
    expect(hidden.body.data.total).toBe(0);
    expect(JSON.stringify(hidden.body)).not.toContain('设计草稿');
    // Visible to 技术研发部 only; the list, the reading page and the comments agree with the search.
    expect(knowledgeHits(await search(chenjing, '数据库迁移'))).toEqual([]);
    expect(knowledgeHits(await search(await s.login('yanglei'), '数据库迁移'))).toHaveLength(1);
    const draftId = String((await s.server.ctx.database.db.selectFrom('knowledge').select('knowledgeId').where('title', 'like', '%设计草稿').executeTakeFirstOrThrow()).knowledgeId);
    const read = await s.get(lina, '/get/knowledge/getKnowledgeDetailForRead', { id: draftId });
    expect(read.body.code).toBe(100);
    expect(read.body.message).toBe('该知识文档不存在或您无权查看');
    expect((await s.post(lina, '/set/knowledge/insertKnowledgeComment', { knowledge: draftId, content: '看看' })).body.code).toBe(100);
    const list = await s.get(lina, '/get/knowledge/getKnowledgeReadList', { pageSize: 100 });
    expect(list.body.data.list.map((d: any) => d.knowledgeId)).not.toContain(draftId);
    // Once published for everyone, it is found at the next search (the index follows the write).
    const row = await s.get(liuyang, '/get/knowledge/getKnowledgeById', { id: draftId });
    const published = await s.post(liuyang, '/set/knowledge/updateKnowledge', { knowledgeId: draftId, rowVersion: row.body.data.rowVersion, status: 'published' });
    expect(published.body.code, published.body.message).toBe(200);
    expect(knowledgeHits(await search(lina, '三元组'))).toHaveLength(1);
  });

  it('escapes the stored text around the marks', async () => {
    const doc = await s.post(lina, '/set/knowledge/insertKnowledge', {
      sortId: await sortId(), title: '<img src=x onerror=alert(1)> 斑马计划', status: 'published', visibility: 'all',
      summary: '<script>alert(1)</script> 斑马 & "引号"',
    });
    expect(doc.body.code, doc.body.message).toBe(200);
    const [hit] = knowledgeHits(await search(chenjing, '斑马'));
    expect(hit.title).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>斑马</mark>计划');
    expect(hit.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; <mark>斑马</mark> &amp; &quot;引号&quot;');
    expect(hit.snippet).not.toMatch(/<(?!\/?mark>)/);
  });

  it('rebuilds the index the same way twice, drops deleted records, and only for the administrator', async () => {
    expect((await s.post(lina, '/set/knowledge/rebuildSearchIndex')).status).toBe(403);
    const first = await s.post(zhangwei, '/set/knowledge/rebuildSearchIndex');
    expect(first.body.code, first.body.message).toBe(200);
    const count = async () => Number((await s.server.ctx.database.db.selectFrom('sys_search_doc').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const second = await s.post(zhangwei, '/set/knowledge/rebuildSearchIndex');
    expect(second.body.data).toEqual(first.body.data);
    expect(await count()).toBe(before);
    const knowledgeRows = Number((await s.server.ctx.database.db.selectFrom('knowledge').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(first.body.data.counts.Knowledge).toBe(knowledgeRows);
    expect(knowledgeHits(await search(lina, '勤管'))).toHaveLength(1);

    const [hit] = knowledgeHits(await search(lina, '斑马'));
    expect((await s.post(lina, '/set/knowledge/deleteKnowledge', { id: hit.recordId })).body.code).toBe(200);
    expect(knowledgeHits(await search(lina, '斑马'))).toEqual([]);
    await s.post(zhangwei, '/set/knowledge/rebuildSearchIndex');
    expect(await count()).toBe(before - 1);
  });

  it('rebuilds the index nightly: a seeded scheduled task runs the job', async () => {
    const admin = await s.login('admin');
    const task = await s.server.ctx.database.db.selectFrom('sys_scheduled_task').selectAll().where('jobName', '=', 'rebuildSearchIndex').executeTakeFirstOrThrow();
    expect(task).toMatchObject({ cron: '0 2 * * *', enabled: 1 });
    const run = await s.post(admin, '/set/system/runScheduledTask', { id: task.taskId });
    expect(run.body.data.status, run.body.data.message).toBe('success');
    expect(run.body.data.message).toMatch(/Knowledge \d+, News \d+, Notice \d+, RegulationFile \d+/);
  });

  it('counts in each category only the documents the reader may read', async () => {
    const tree = async (token: string) => Object.fromEntries(((await s.get(token, '/get/knowledge/getKnowledgeSortTree')).body.data as { sortId: string; count: number }[]).map((c) => [c.sortId, c.count]));
    const sort = await sortId();
    const [authorBefore, colleagueBefore] = [await tree(liuyang), await tree(lina)];
    const draft = await s.post(liuyang, '/set/knowledge/insertKnowledge', { sortId: sort, title: '草稿：共享打印机设置', status: 'draft', visibility: 'all' });
    expect(draft.body.code, draft.body.message).toBe(200);
    expect((await tree(liuyang))[sort]).toBe(authorBefore[sort] + 1);
    expect(await tree(lina)).toEqual(colleagueBefore);
  });

  it('counts the last 30 days\' searches as hot keywords', async () => {
    await search(chenjing, '报销');
    await search(chenjing, '报销');
    await search(lina, '报销');
    const hot = await s.get(lina, '/get/knowledge/getHotKeywordList');
    expect(hot.body.code).toBe(200);
    // The demo's 考勤 ×3 (and this file's two) against 报销 ×2 + 3.
    const counts = Object.fromEntries(hot.body.data.map((k: any) => [k.keyword, k.count]));
    expect(counts['报销']).toBe(5);
    expect(hot.body.data[0].keyword).toBe('报销');
    const recorded = await s.server.ctx.database.db.selectFrom('knowledge_search_keyword').select(['resultCount'])
      .where('keyword', '=', '报销').where('searcher', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect(Number(recorded.resultCount)).toBeGreaterThan(0);
    expect((await s.get(lina, '/get/knowledge/searchKnowledge', { q: '   ' })).body.code).toBe(100);
  });

  it('writes a learning record when a document is read, with the time the reader spent capped by the clock', async () => {
    const id = String((await s.server.ctx.database.db.selectFrom('knowledge').select('knowledgeId').where('title', '=', '新员工入职指引').executeTakeFirstOrThrow()).knowledgeId);
    const read = await s.get(chenjing, '/get/knowledge/getKnowledgeDetailForRead', { id });
    expect(read.body.code, read.body.message).toBe(200);
    expect(read.body.data.content).toContain('<p>入职当天');
    const finished = await s.post(chenjing, '/set/knowledge/finishKnowledgeLearn', { learnId: read.body.data.learnId, seconds: 3600 });
    expect(finished.body.code, finished.body.message).toBe(200);
    expect(finished.body.data.duration).toBeLessThan(60);
    expect((await s.post(lina, '/set/knowledge/finishKnowledgeLearn', { learnId: read.body.data.learnId, seconds: 5 })).body.code).toBe(100);
    const mine = await s.get(chenjing, '/get/knowledge/getMyKnowledgeLearnRecordList');
    expect(mine.body.data.list.map((r: any) => r.knowledge)).toContain(id);
    expect((await s.post(chenjing, '/set/knowledge/insertKnowledgeComment', { knowledge: id, content: '很实用' })).body.code).toBe(200);
    const comments = await s.get(lina, '/get/knowledge/getKnowledgeCommentsOf', { knowledge: id });
    expect(comments.body.data.map((c: any) => [c.content, c.commenterName])).toContainEqual(['很实用', '陈静']);
  });
});
