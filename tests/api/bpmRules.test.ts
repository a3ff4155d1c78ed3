import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Engine rules at the HTTP interface (docs/WORKFLOW.md): opening a task is serialised with a
 * retract under the instance's lock; 催办 follows each current node's allow.urge; the lists of
 * the centre never show another person's rows.
 */
describe.each(databases)('workflow rules on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];
  const ACCOUNTS = ['admin', 'lina', 'yanglei', 'zhangwei', 'zhaomin', 'chenjing', 'liuyang', 'wuting', 'zhoujie'];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ACCOUNTS) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const startSeal = async (title: string) => ok(await s.post(as('lina'), '/set/bpm/startProcess', {
    processKey: 'seal', title, formData: JSON.stringify({ sealType: 'contract', copies: 1, reason: '事由' }),
  })).instanceId as string;
  const leaderTask = (instanceId: string) => db().selectFrom('bpm_task').selectAll().where('instanceId', '=', instanceId)
    .where('assignee', '=', users.yanglei.userId).where('kind', '=', 'todo').executeTakeFirstOrThrow();
  const rowVersion = async (instanceId: string) => Number((await db().selectFrom('bpm_instance').select('rowVersion')
    .where('instanceId', '=', instanceId).executeTakeFirstOrThrow()).rowVersion);
  const openAsLeader = (instanceId: string) => s.get(as('yanglei'), '/get/bpm/getInstanceById', { instanceId });
  const retractAsLina = (instanceId: string) => s.post(as('lina'), '/set/bpm/retractInstance', { instanceId });
  const pendingTodos = (view: { myTasks: { kind: string }[] }) => view.myTasks.filter((task) => task.kind === 'todo');

  describe('opening a task and a retract', () => {
    it('opening marks the task and moves the instance’s row version, as an action does; reading without a task changes nothing', async () => {
      const id = await startSeal('打开即锁');
      const before = await rowVersion(id);
      ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: id }));
      ok(await s.get(as('admin'), '/get/bpm/getInstanceById', { instanceId: id }));
      expect(await rowVersion(id)).toBe(before);
      expect(Number((await leaderTask(id)).opened)).toBe(0);
      expect(pendingTodos(ok(await openAsLeader(id)))).toHaveLength(1);
      expect(Number((await leaderTask(id)).opened)).toBe(1);
      expect(await rowVersion(id)).toBe(before + 1);
      // Reading it again opens nothing more.
      ok(await openAsLeader(id));
      expect(await rowVersion(id)).toBe(before + 1);
      expect((await retractAsLina(id)).body.data.reason).toBe('retractRefused');
    });

    it('an open racing a retract: exactly one of them takes effect, and the reader is shown what happened', async () => {
      for (let round = 0; round < 4; round += 1) {
        const id = await startSeal(`竞争${round}`);
        const [view, retract] = await Promise.all([openAsLeader(id), retractAsLina(id)]);
        const task = await leaderTask(id);
        const shown = pendingTodos(ok(view));
        if (retract.body.code === 200) {
          // The retract came first: the open found the task cancelled and marked nothing.
          expect(task).toMatchObject({ status: 'cancelled', cancelReason: 'retracted' });
          expect(Number(task.opened)).toBe(0);
          expect(shown).toEqual([]);
        } else {
          // The open came first: the retract saw it opened and was refused.
          expect(retract.body.data.reason).toBe('retractRefused');
          expect(task.status).toBe('pending');
          expect(Number(task.opened)).toBe(1);
          expect(shown).toHaveLength(1);
        }
      }
    });

    if (database.name === 'postgres') {
      /** Holds the instance's row lock as an action does (FOR UPDATE) while `whileHeld` runs; `pid` is the holder's backend. */
      const holdingInstanceLock = (instanceId: string, whileHeld: (pid: number) => Promise<void>) => db().transaction().execute(async (trx) => {
        await trx.selectFrom('bpm_instance').select('instanceId').where('instanceId', '=', instanceId).forUpdate().execute();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await whileHeld(rows[0].pid);
      });
      /** Sessions waiting behind the holder: directly, or queued behind one that waits for it. */
      const waitingBehind = async (pid: number) => Number((await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity a
        where ${pid}::int = any(pg_blocking_pids(a.pid))
           or exists (select 1 from pg_stat_activity b where ${pid}::int = any(pg_blocking_pids(b.pid)) and b.pid = any(pg_blocking_pids(a.pid)))
      `.execute(db())).rows[0].n);
      const queued = (pid: number, n: number) => expect.poll(() => waitingBehind(pid), { timeout: 15_000, interval: 50 }).toBe(n);

      it('an open waits for the instance lock an action holds; once it has opened, the retract is refused', async () => {
        const id = await startSeal('等锁打开');
        let opening: Promise<Answer> | undefined;
        await holdingInstanceLock(id, async (pid) => {
          opening = openAsLeader(id);
          await queued(pid, 1);
          expect(Number((await leaderTask(id)).opened)).toBe(0);
        });
        expect(pendingTodos(ok(await opening!))).toHaveLength(1);
        expect(Number((await leaderTask(id)).opened)).toBe(1);
        expect((await retractAsLina(id)).body.data.reason).toBe('retractRefused');
      });

      it('a retract that has the lock first wins; the open queued behind it marks nothing and shows no task', async () => {
        const id = await startSeal('先撤回');
        let retracting: Promise<Answer> | undefined;
        let opening: Promise<Answer> | undefined;
        await holdingInstanceLock(id, async (pid) => {
          retracting = retractAsLina(id);
          await queued(pid, 1);
          opening = openAsLeader(id);
          await queued(pid, 2);
        });
        ok(await retracting!);
        expect(pendingTodos(ok(await opening!))).toEqual([]);
        const task = await leaderTask(id);
        expect(task).toMatchObject({ status: 'cancelled', cancelReason: 'retracted' });
        expect(Number(task.opened)).toBe(0);
      });
    }
  });

  it('urges only the current nodes that allow it (allow.urge, default true)', async () => {
    const definition = {
      formatVersion: 1, key: 'urgeProbe', name: '催办测试', formFields: [],
      nodes: [
        { id: 'start', kind: 'start', name: '发起' },
        { id: 'split', kind: 'split', name: '分支', join: 'join' },
        { id: 'quiet', kind: 'approve', name: '免催办', assignees: [{ kind: 'users', users: [users.yanglei.userId] }], allow: { urge: false } },
        { id: 'loud', kind: 'approve', name: '可催办', assignees: [{ kind: 'users', users: [users.chenjing.userId] }] },
        { id: 'join', kind: 'join', name: '汇合' },
        { id: 'end', kind: 'end', name: '结束' },
      ],
      edges: [
        { from: 'start', to: 'split' }, { from: 'split', to: 'quiet' }, { from: 'split', to: 'loud' },
        { from: 'quiet', to: 'join' }, { from: 'loud', to: 'join' }, { from: 'join', to: 'end' },
      ],
    };
    const inserted = ok(await s.post(as('admin'), '/set/bpm/insertBpmProcess', { processKey: 'urgeProbe', processName: '催办测试', definition: JSON.stringify(definition) }));
    ok(await s.post(as('admin'), '/set/bpm/publishBpmProcess', { id: inserted.processId, rowVersion: inserted.rowVersion }));
    const id = ok(await s.post(as('lina'), '/set/bpm/startProcess', { processKey: 'urgeProbe', formData: '{}' })).instanceId as string;

    expect(ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: id })).canUrge).toBe(true);
    expect(ok(await s.post(as('lina'), '/set/bpm/urgeInstance', { instanceId: id })).urged).toBe(1);
    const urge = await db().selectFrom('bpm_audit').select('detail').where('instanceId', '=', id).where('action', '=', 'urge').executeTakeFirstOrThrow();
    expect(JSON.parse(String(urge.detail)).receivers).toEqual([users.chenjing.userId]);

    // Once only the node that refuses 催办 is left, nobody may urge it (the rate limit is not what refuses).
    const loud = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', id).where('nodeId', '=', 'loud').executeTakeFirstOrThrow();
    ok(await s.post(as('chenjing'), '/set/bpm/completeTask', { taskId: loud.taskId, action: 'agree' }));
    expect(ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId: id })).canUrge).toBe(false);
    for (const account of ['lina', 'admin']) {
      const refused = await s.post(as(account), '/set/bpm/urgeInstance', { instanceId: id });
      expect(refused.body).toMatchObject({ code: 100, message: '当前节点不允许催办', data: { reason: 'notAllowed' } });
    }
    expect(await db().selectFrom('bpm_audit').select('auditId').where('instanceId', '=', id).where('action', '=', 'urge').execute()).toHaveLength(1);
  });

  it('the centre’s lists never show another person’s rows, keyword or not', async () => {
    const draft = ok(await s.post(as('lina'), '/set/bpm/saveDraft', { processKey: 'seal', title: '只属于李娜的草稿', formData: JSON.stringify({ copies: 2 }) })).draftId as string;
    const count = async (table: string, where: (q: any) => any) => Number((await where(db().selectFrom(table))
      .select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const seen: Record<string, number> = {};
    for (const account of ACCOUNTS) {
      const userId = users[account].userId;
      const list = async (call: string) => {
        const answer = ok(await s.get(as(account), `/get/bpm/${call}`, { pageSize: 500 }));
        seen[call] = (seen[call] ?? 0) + answer.list.length;
        return answer as { list: Record<string, unknown>[]; total: number };
      };
      const taskOwners = async (rows: Record<string, unknown>[]) => {
        const ids = rows.filter((r) => r.taskId).map((r) => String(r.taskId));
        if (ids.length === 0) return [];
        return db().selectFrom('bpm_task').select(['assignee', 'box']).where('taskId', 'in', ids).execute();
      };
      for (const [call, box, status] of [['getMyTodoList', 'todo', 'pending'], ['getMyDoneList', 'todo', 'done'], ['getMyCcList', 'cc', undefined]] as const) {
        const answer = await list(call);
        expect(answer.list.every((r) => r.taskId), `${account} ${call}`).toBe(true);
        const owners = await taskOwners(answer.list);
        expect(owners.every((t) => t.assignee === userId && t.box === box), `${account} ${call}`).toBe(true);
        expect(answer.total, `${account} ${call}`).toBe(await count('bpm_task', (q) => {
          const mine = q.where('assignee', '=', userId).where('box', '=', box);
          return status ? mine.where('status', '=', status) : mine;
        }));
      }
      const drafts = await list('getMyDraftList');
      expect((await taskOwners(drafts.list)).every((t) => t.assignee === userId && t.box === 'draft'), `${account} drafts`).toBe(true);
      const savedIds = drafts.list.filter((r) => r.draftId).map((r) => String(r.draftId));
      expect(savedIds.includes(draft), `${account} drafts`).toBe(account === 'lina');
      expect(drafts.total, `${account} drafts`).toBe(
        await count('bpm_task', (q) => q.where('assignee', '=', userId).where('box', '=', 'draft').where('status', '=', 'pending'))
        + await count('bpm_draft', (q) => q.where('userId', '=', userId)),
      );
      const started = await list('getMyStartedList');
      expect(started.list.every((r) => r.startUserId === userId), `${account} started`).toBe(true);
      expect(started.total, `${account} started`).toBe(await count('bpm_instance', (q) => q.where('startUserId', '=', userId)));
    }
    // Not vacuous: each list had rows for somebody.
    for (const call of ['getMyTodoList', 'getMyDoneList', 'getMyCcList', 'getMyDraftList', 'getMyStartedList']) expect(seen[call], call).toBeGreaterThan(0);
    // A keyword naming someone else's row finds nothing of it.
    expect(ok(await s.get(as('yanglei'), '/get/bpm/getMyDraftList', { keyword: '只属于李娜' })).total).toBe(0);
    expect(ok(await s.get(as('lina'), '/get/bpm/getMyDraftList', { keyword: '只属于李娜' })).total).toBe(1);
    const linaTitle = String((await db().selectFrom('bpm_instance').select('title').where('startUserId', '=', users.lina.userId).executeTakeFirstOrThrow()).title);
    expect(ok(await s.get(as('chenjing'), '/get/bpm/getMyStartedList', { keyword: linaTitle })).list
      .every((r: { startUserId: string }) => r.startUserId === users.chenjing.userId)).toBe(true);
  });
});
