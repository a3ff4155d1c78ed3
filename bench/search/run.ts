import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { newId, nowText } from '../../server/http/newId';
import { docxOf, storeDemoFile } from '../../server/modules/knowledge/demoFiles';
import { MAX_CANDIDATES } from '../../server/search/searchQuery';
import { createTarget, dropTarget, serverEnv } from '../list/target';

/**
 * bench/search: what a full-text search costs a user (docs/PERFORMANCE.md › Full-text search).
 * Fills the demo database with BENCH_RECORDS (default 3,000) published knowledge documents, each
 * with a Word attachment whose text the index holds, written in one go as an import would, then
 * times `searchKnowledge` over HTTP: the first search after they were written (the index behind by
 * all of them), searches with nothing changed, a search right after one document changed, and one
 * right after every document changed. BENCH_DB=postgres runs on DATABASE_URL (a schema of its own).
 */
const RECORDS = Number(process.env.BENCH_RECORDS ?? 3000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const BATCH = 200;
/** Who searches: a staff member reads the unit's published documents. */
const ACCOUNT = process.env.BENCH_ACCOUNT ?? 'lina';
const dbName = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';

const target = await createTarget(dbName, RECORDS);
const server = await buildServer({ ...readConfig({ ...process.env, ...serverEnv(target), SEED_DEMO_DATA: '1' }), staticDir: undefined }, { pgSchema: target.pgSchema });
try {
  const db = server.ctx.database.db;
  const author = await db.selectFrom('sys_user').select(['userId', 'deptId', 'unitId']).where('accountId', '=', 'zhangwei').executeTakeFirstOrThrow();
  const owner = { userId: String(author.userId), deptId: String(author.deptId), unitId: String(author.unitId) };
  const sortId = (await db.selectFrom('knowledge_sort').select('sortId').executeTakeFirstOrThrow()).sortId;
  const template = await db.selectFrom('sys_attach').selectAll()
    .where('attachId', '=', await storeDemoFile(server.ctx, owner, '附件.docx', await docxOf(['附件正文：季度安全检查要点，消防通道保持畅通。'])))
    .executeTakeFirstOrThrow();

  const fillStarted = performance.now();
  const stamp = nowText();
  for (let done = 0; done < RECORDS; done += BATCH) {
    const docs: Record<string, unknown>[] = [];
    const files: Record<string, unknown>[] = [];
    for (let i = done; i < Math.min(RECORDS, done + BATCH); i += 1) {
      const attachId = newId();
      files.push({ ...template, attachId });
      docs.push({
        knowledgeId: newId(), sortId, title: `园区指南 第${i}期`, summary: `第${i}期摘要`, content: `<p>第${i}期：食堂菜单调整，班车时刻表更新。</p>`,
        attachments: attachId, author: owner.userId, status: 'published', visibility: 'all', viewCount: 0,
        createUser: owner.userId, createDept: owner.deptId, unitId: owner.unitId, createTime: stamp, updateTime: stamp, rowVersion: 1,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('sys_attach').values(files).execute();
      await trx.insertInto('knowledge').values(docs).execute();
    });
  }
  console.log(`bench/search on ${dbName}: ${RECORDS.toLocaleString('en')} knowledge documents with a Word attachment each, written in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await (await fetch(`${address}/capi/get/system/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: ACCOUNT, password: server.ctx.config.demoPassword }),
  })).json() as { data: { token: string } };
  const headers = { authorization: `Bearer ${login.data.token}` };
  const search = async (q: string) => {
    const started = performance.now();
    const body = await (await fetch(`${address}/capi/get/knowledge/searchKnowledge?${new URLSearchParams({ q, source: 'Knowledge', pageSize: '10' })}`, { headers })).json() as { code: number; message: string; data: { total: number } };
    if (body.code !== 200) throw new Error(`searchKnowledge: ${body.code} ${body.message}`);
    return { ms: performance.now() - started, total: body.data.total };
  };
  const p50 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const line = (name: string, ms: number, total: number) => console.log(`${name.padEnd(44)} ${ms.toFixed(1).padStart(9)} ms   (${total} hits)`);

  const expected = Math.min(RECORDS, MAX_CANDIDATES);
  const first = await search('班车时刻表');
  line('first search, index behind by every document', first.ms, first.total);
  // Searched again until every attachment's text is found: how long the backlog takes to join.
  const since = performance.now();
  let found = (await search('消防通道')).total;
  while (found < expected && performance.now() - since < 300_000) found = (await search('消防通道')).total;
  line('…every attachment found, after a further', performance.now() - since, found);
  const quiet: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) quiet.push((await search('第1234期')).ms);
  line(`nothing changed, one hit (p50 of ${SAMPLES})`, p50(quiet), (await search('第1234期')).total);
  const many: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) many.push((await search('班车时刻表')).ms);
  line(`nothing changed, ${expected} hits (p50 of ${SAMPLES})`, p50(many), (await search('班车时刻表')).total);

  // Written as a save would: a new version, a later time (the index compares both).
  await db.updateTable('knowledge').set({ content: '<p>第7期：新增夜宵窗口。</p>', updateTime: nowText(new Date(Date.now() + 1000)), rowVersion: 2 })
    .where('title', '=', '园区指南 第7期').execute();
  const afterOne = await search('夜宵窗口');
  line('right after one document changed', afterOne.ms, afterOne.total);

  await db.updateTable('knowledge').set({ updateTime: nowText(new Date(Date.now() + 2000)), rowVersion: 3 }).where('title', 'like', '园区指南%').execute();
  const afterAll = await search('班车时刻表');
  line('right after every document changed', afterAll.ms, afterAll.total);
} finally {
  await server.close();
  await dropTarget(target);
}
