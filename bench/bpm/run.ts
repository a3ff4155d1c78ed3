import { sql } from 'kysely';
import { buildServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { newId, nowText } from '../../server/http/newId';
import { createTarget, dropTarget, serverEnv } from '../list/target';

/**
 * bench/bpm: the workflow engine with BENCH_TASKS (default 100,000) open tasks. Fills the demo
 * database with that many running 用印申请 requests waiting at their leader (every tenth at 杨磊,
 * the rest spread over the other demo users), then over HTTP, one request at a time: the to-do
 * list's first page for 杨磊 (with its total) and `completeTask` agree on his tasks, each a
 * different request. Prints p50/p99 against the budget (p99 ≤ 30 ms each), beside a
 * baseline call measured in the same run (on a busy machine the absolute figures mean little).
 * BENCH_DB=postgres runs on DATABASE_URL (a schema of its own) instead of SQLite.
 */
const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const BUDGET_MS = 30;
const BATCH = 500;
const dbName = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';

const target = await createTarget(dbName, TASKS);
const server = await buildServer({ ...readConfig({ ...process.env, ...serverEnv(target), SEED_DEMO_DATA: '1' }), staticDir: undefined }, { pgSchema: target.pgSchema });
try {
  const db = server.ctx.database.db;
  const users = await db.selectFrom('sys_user').select(['userId', 'userName', 'deptId', 'accountId']).where('status', '=', 1).execute();
  const measured = users.find((u) => u.accountId === 'yanglei')!;
  const others = users.filter((u) => u.accountId !== 'yanglei');
  const seal = await db.selectFrom('bpm_process').select(['processName', 'currentVersion']).where('processKey', '=', 'seal').executeTakeFirstOrThrow();
  const state = JSON.stringify({ status: 'running', activeNodes: ['leader'], joinArrivals: {}, seq: 1, rounds: { start: 1, leader: 1 } });

  const fillStarted = performance.now();
  for (let done = 0; done < TASKS; done += BATCH) {
    const instances: Record<string, unknown>[] = [];
    const tasks: Record<string, unknown>[] = [];
    for (let i = done; i < Math.min(TASKS, done + BATCH); i += 1) {
      const leader = i % 10 === 0 ? measured : others[i % others.length];
      const starter = others[(i + 1) % others.length];
      const instanceId = newId();
      const time = nowText(new Date(Date.now() - (TASKS - i) * 1000));
      const title = `用印申请 ${i}`;
      instances.push({
        instanceId, processKey: 'seal', processName: seal.processName, version: seal.currentVersion, title, status: 'running',
        startUserId: starter.userId, startUserName: starter.userName, startDeptId: starter.deptId, bizEntity: null, bizId: null,
        formData: '{}', state, currentNodes: '部门负责人审批', unitId: null, createTime: time, updateTime: time, endTime: null, rowVersion: 1,
      });
      const common = { instanceId, processKey: 'seal', processName: seal.processName, title, startUserId: starter.userId, startUserName: starter.userName, round: 1, ord: 0, opened: 0, createTime: time };
      tasks.push({ ...common, taskId: newId(), nodeId: 'start', nodeName: '发起', box: 'draft', kind: 'todo', assignee: starter.userId, status: 'done', decision: 'agree', createdSeq: 1, doneSeq: 1, doneTime: time });
      tasks.push({ ...common, taskId: newId(), nodeId: 'leader', nodeName: '部门负责人审批', box: 'todo', kind: 'todo', assignee: leader.userId, status: 'pending', createdSeq: 1 });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('bpm_instance').values(instances).execute();
      await trx.insertInto('bpm_task').values(tasks).execute();
    });
  }
  // Statistics and the visibility map, as autovacuum would leave them on a live server after such a load.
  if (dbName === 'postgres') await sql`vacuum analyze`.execute(db);
  console.log(`bench/bpm on ${dbName}: ${TASKS.toLocaleString('en')} open tasks in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await (await fetch(`${address}/capi/get/system/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: 'yanglei', password: server.ctx.config.demoPassword }),
  })).json() as { data: { token: string } };
  const headers = { authorization: `Bearer ${login.data.token}` };

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const figures = (name: string, times: number[], budgeted = true) => {
    const sorted = [...times].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const verdict = budgeted ? `, budget p99 ≤ ${BUDGET_MS} ms: ${p99 <= BUDGET_MS ? 'met' : 'MISSED'}` : '';
    console.log(`${name.padEnd(28)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   (${times.length} requests${verdict})`);
  };
  const timed = async (url: string, init: RequestInit = {}) => {
    const started = performance.now();
    const response = await fetch(url, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    const body = await response.json() as { code: number; message: string; data: any };
    const ms = performance.now() - started;
    if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.message}`);
    return { ms, data: body.data };
  };

  // The same route with a one-row answer (session, principal, envelope): what any call costs on this machine now.
  const baselineUrl = `${address}/capi/get/system/getUserInfo`;
  for (let i = 0; i < 10; i += 1) await timed(baselineUrl);
  const baseline: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) baseline.push((await timed(baselineUrl)).ms);
  figures('getUserInfo (baseline)', baseline, false);

  const listUrl = `${address}/capi/get/bpm/getMyTodoList?page=1&pageSize=15`;
  for (let i = 0; i < 10; i += 1) await timed(listUrl);
  const listTimes: number[] = [];
  let total = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const { ms, data } = await timed(listUrl);
    listTimes.push(ms);
    total = data.total;
  }
  figures(`getMyTodoList (${total.toLocaleString('en')} mine)`, listTimes);

  const taskIds = (await db.selectFrom('bpm_task').select('taskId').where('assignee', '=', measured.userId).where('status', '=', 'pending')
    .where('kind', '=', 'todo').limit(SAMPLES + 10).execute()).map((t) => String(t.taskId));
  const completeTimes: number[] = [];
  for (const [i, taskId] of taskIds.entries()) {
    const { ms } = await timed(`${address}/capi/set/bpm/completeTask`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taskId, action: 'agree', opinion: '同意' }),
    });
    if (i >= 10) completeTimes.push(ms);
  }
  figures('completeTask agree', completeTimes);
} finally {
  await server.close();
  await dropTarget(target);
}
