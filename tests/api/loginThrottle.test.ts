import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { DEFAULT_DEMO_PASSWORD, startTestServer, type Answer, type TestServer } from '../support/testServer';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();

const BAD = '账号或密码错误';
const LOCKED = /^登录失败次数过多，账号已锁定，请 (\d+) 分钟后再试$/;

/** Each test signs in from its own client addresses (the test client is the trusted proxy), so per-address counts stay apart. */
let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 200)}.${ipCounter % 200 + 1}`;

describe.each(databases)('password guessing is throttled on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database, { TRUST_PROXY: '127.0.0.1' }); });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const login = (accountId: string, password: string, ip: string, lang?: string): Promise<Answer> => rawCall(s, undefined, 'POST', '/get/system/login', {
    headers: { 'X-Forwarded-For': ip, ...(lang ? { 'X-Lang': lang } : {}) }, body: new URLSearchParams({ accountId, password }),
  });
  const loginLog = (accountId: string, result: string) => db().selectFrom('sys_login_log').selectAll()
    .where('accountId', '=', accountId).where('result', '=', result).execute();
  const attemptRows = (accountId: string) => db().selectFrom('sys_send_log').selectAll()
    .where('kind', '=', 'login').where('target', '=', accountId).execute();

  it('locks an account at the fifth wrong password; then even the right one is refused, and the lock is logged', async () => {
    for (let i = 1; i <= 4; i += 1) expect((await login('lina', `wrong-${i}`, nextIp())).body).toMatchObject({ code: 100, message: BAD });
    const fifth = await login('lina', 'wrong-5', nextIp());
    expect(fifth.body.code).toBe(100);
    expect(fifth.body.message).toMatch(LOCKED);
    expect(Number(LOCKED.exec(fifth.body.message)![1])).toBe(15);
    const right = await login('lina', DEFAULT_DEMO_PASSWORD, nextIp());
    expect(right.body).toEqual(fifth.body);
    const english = await login('lina', DEFAULT_DEMO_PASSWORD, nextIp(), 'en');
    expect(english.body.message).toBe('Too many failed sign-ins: the account is locked. Try again in 15 minutes');

    expect(await loginLog('lina', 'failed')).toHaveLength(5);
    const locks = await loginLog('lina', 'locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ method: 'password', userId: null });
    // Refused attempts while locked are not checked, so they leave no success and no further failure.
    expect(await loginLog('lina', 'success')).toHaveLength(0);
  });

  it('answers an unknown account exactly like a known one, step by step, locked included', async () => {
    for (let i = 1; i <= 6; i += 1) {
      const known = await login('zhoujie', `guess-${i}`, nextIp());
      const unknown = await login('no-such-person', `guess-${i}`, nextIp());
      expect(unknown.body).toEqual(known.body);
      if (i < 5) expect(known.body.message).toBe(BAD);
      else expect(known.body.message).toMatch(LOCKED);
    }
    expect(await loginLog('no-such-person', 'locked')).toHaveLength(1);
    const locks = await db().selectFrom('sys_login_lock').select(['target', 'lockType', 'status', 'failures']).where('target', 'in', ['zhoujie', 'no-such-person']).orderBy('target').execute();
    expect(locks).toEqual([
      { target: 'no-such-person', lockType: 'account', status: 'locked', failures: 5 },
      { target: 'zhoujie', lockType: 'account', status: 'locked', failures: 5 },
    ]);
  });

  it('counts only failures: right passwords between wrong ones never add up to a lock', async () => {
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await login('liuyang', 'not-it', nextIp())).body.message).toBe(BAD);
      expect((await login('liuyang', DEFAULT_DEMO_PASSWORD, nextIp())).body.code).toBe(200);
      // The failures of the last minutes still count: clear them as a quarter of an hour would.
      await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 16 * 60_000 }).where('kind', '=', 'login').where('target', '=', 'liuyang').execute();
    }
    for (let i = 0; i < 20; i += 1) expect((await login('liuyang', DEFAULT_DEMO_PASSWORD, nextIp())).body.code).toBe(200);
    expect(await attemptRows('liuyang')).toHaveLength(16);
    expect(await loginLog('liuyang', 'locked')).toHaveLength(0);
  });

  it('lets the security administrator see the locks in force and lift one; the superuser may not', async () => {
    for (let i = 0; i < 5; i += 1) await login('wangfang', 'bad-guess', nextIp());
    expect((await login('wangfang', DEFAULT_DEMO_PASSWORD, nextIp())).body.message).toMatch(LOCKED);
    // A lock that has run out is no longer listed and no longer refuses.
    for (let i = 0; i < 5; i += 1) await login('xuming', 'bad-guess', nextIp());
    // A quarter of an hour later: the lock has run out, and the failures behind it count no more.
    await db().updateTable('sys_login_lock').set({ lockedUntil: '2020-01-01 00:00:00' }).where('target', '=', 'xuming').execute();
    await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 16 * 60_000 }).where('kind', '=', 'login').where('target', '=', 'xuming').execute();

    const admin = await s.login('admin');
    expect((await s.get(admin, '/get/system/getSysLoginLockList')).status).toBe(403);
    expect((await s.post(admin, '/set/system/unlockSysLoginLock', { id: 'x' })).status).toBe(403);

    const secadmin = await s.login('secadmin');
    const list = await s.get(secadmin, '/get/system/getSysLoginLockList', { keyword: 'wangfang' });
    expect(list.body.code).toBe(200);
    expect(list.body.data.list).toEqual([expect.objectContaining({ lockType: 'account', target: 'wangfang', failures: 5, status: 'locked' })]);
    const all = await s.get(secadmin, '/get/system/getSysLoginLockList', { pageSize: 100 });
    expect(all.body.data.list.map((r: { target: string }) => r.target)).not.toContain('xuming');
    expect((await login('xuming', DEFAULT_DEMO_PASSWORD, nextIp())).body.code).toBe(200);

    const lockId = list.body.data.list[0].lockId as string;
    expect((await s.get(secadmin, '/get/system/getSysLoginLockById', { id: lockId })).body.data.$transitions).toEqual(['unlock']);
    const unlocked = await s.post(secadmin, '/set/system/unlockSysLoginLock', { id: lockId });
    expect(unlocked.body).toMatchObject({ code: 200, data: { status: 'unlocked' } });
    expect((await s.get(secadmin, '/get/system/getSysLoginLockList', { keyword: 'wangfang' })).body.data.list).toEqual([]);
    // The failures behind the lock are forgotten: a fresh count, not an instant new lock.
    expect((await login('wangfang', 'one-more-typo', nextIp())).body.message).toBe(BAD);
    expect((await login('wangfang', DEFAULT_DEMO_PASSWORD, nextIp())).body.code).toBe(200);
    const operations = await db().selectFrom('sys_operation_log').selectAll().where('recordId', '=', lockId).execute();
    expect(operations).toEqual([expect.objectContaining({ action: 'transition', detail: 'unlock' })]);
  });

  it('checks at most five of 100 parallel wrong passwords from 100 addresses, then refuses the right one', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login('wuting', `parallel-${i}`, nextIp())));
    expect(answers.every((a) => a.status === 200 && a.body.code === 100)).toBe(true);
    expect(answers.every((a) => a.body.message === BAD || LOCKED.test(a.body.message))).toBe(true);
    const checked = await loginLog('wuting', 'failed');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.message === BAD).length).toBeLessThanOrEqual(checked.length);
    // Exactly the checked attempts stay counted: the refused ones took their rows back.
    expect(await attemptRows('wuting')).toHaveLength(checked.length);
    expect(await loginLog('wuting', 'locked')).toHaveLength(1);
    expect((await login('wuting', DEFAULT_DEMO_PASSWORD, nextIp())).body.message).toMatch(LOCKED);
    expect(await loginLog('wuting', 'success')).toHaveLength(0);
    // The burst set one lock, submitted once.
    expect((await lockHistory('wuting')).steps).toEqual([['$submit', '', 'locked', '']]);
  });

  /** The account lock of `target` and its flow history, oldest step first: [transition, from, to, by]. */
  async function lockHistory(target: string): Promise<{ lockId: string; steps: string[][] }> {
    const lock = await db().selectFrom('sys_login_lock').select('lockId').where('lockType', '=', 'account').where('target', '=', target).executeTakeFirstOrThrow();
    const steps = await db().selectFrom('sys_flow_log').select(['transition', 'fromState', 'toState', 'userId'])
      .where('entity', '=', 'SysLoginLock').where('recordId', '=', String(lock.lockId)).orderBy('createTime').orderBy('logId').execute();
    return { lockId: String(lock.lockId), steps: steps.map((s) => [s.transition, s.fromState, s.toState, s.userId].map(String)) };
  }

  it('gives each lock the history its flow writes: submitted by the sign-in, lifted, locked again in place (lifted or run out)', async () => {
    for (let i = 0; i < 5; i += 1) await login('chenjing', `typo-${i}`, nextIp());
    const first = await lockHistory('chenjing');
    expect(first.steps).toEqual([['$submit', '', 'locked', '']]);

    const secadmin = await s.login('secadmin');
    expect((await s.post(secadmin, '/set/system/unlockSysLoginLock', { id: first.lockId })).body.code).toBe(200);
    for (let i = 0; i < 5; i += 1) await login('chenjing', `again-${i}`, nextIp());
    expect((await login('chenjing', DEFAULT_DEMO_PASSWORD, nextIp())).body.message).toMatch(LOCKED);
    // The same row, locked again by the flow's relock — no second submission, no move the flow lacks.
    const relocked = await lockHistory('chenjing');
    expect(relocked.lockId).toBe(first.lockId);
    expect(relocked.steps.map(([transition, from, to]) => [transition, from, to])).toEqual([['$submit', '', 'locked'], ['unlock', 'locked', 'unlocked'], ['relock', 'unlocked', 'locked']]);
    expect(await db().selectFrom('sys_login_lock').select(['status', 'failures']).where('lockId', '=', first.lockId).executeTakeFirstOrThrow()).toEqual({ status: 'locked', failures: 5 });

    // Run out a quarter of an hour later: the next failures lock the row again, from 锁定中.
    await db().updateTable('sys_login_lock').set({ lockedUntil: '2020-01-01 00:00:00' }).where('lockId', '=', first.lockId).execute();
    await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 16 * 60_000 }).where('kind', '=', 'login').where('target', '=', 'chenjing').execute();
    expect((await s.get(secadmin, '/get/system/getSysLoginLockList', { keyword: 'chenjing' })).body.data.list).toEqual([]);
    for (let i = 0; i < 5; i += 1) await login('chenjing', `later-${i}`, nextIp());
    expect((await lockHistory('chenjing')).steps.at(-1)).toEqual(['relock', 'locked', 'locked', '']);
    expect((await s.get(secadmin, '/get/system/getSysLoginLockList', { keyword: 'chenjing' })).body.data.list)
      .toEqual([expect.objectContaining({ lockId: first.lockId, status: 'locked', failures: 5 })]);
    expect(await loginLog('chenjing', 'locked')).toHaveLength(3);
    // The security administrator's timeline reads the same steps with their labels.
    const timeline = await s.get(secadmin, '/get/system/getFlowLog', { entity: 'SysLoginLock', id: first.lockId });
    expect(timeline.body.code, timeline.body.message).toBe(200);
    expect(timeline.body.data.map((step: { transition: string }) => step.transition)).toEqual(['$submit', 'unlock', 'relock', 'relock']);
  });

  it('locks a client address after thirty wrong passwords for any accounts, and only that address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 29; i += 1) expect((await login(`sprayed-${i}`, 'Summer2026', ip)).body.message).toBe(BAD);
    expect((await login('sprayed-29', 'Summer2026', ip)).body.message).toMatch(LOCKED);
    expect((await login('zhaomin', DEFAULT_DEMO_PASSWORD, ip)).body.message).toMatch(LOCKED);
    expect((await login('zhaomin', DEFAULT_DEMO_PASSWORD, nextIp())).body.code).toBe(200);
    const [lock] = await db().selectFrom('sys_login_lock').selectAll().where('lockType', '=', 'ip').where('target', '=', ip).execute();
    expect(lock).toMatchObject({ status: 'locked', failures: 30, lastIp: ip });
    expect(await loginLog('sprayed-29', 'locked')).toHaveLength(1);
  });

  it('answers a password or account that is not text with a clean code 100, writing no run-log row and counting nothing', async () => {
    const runLog = async () => Number((await db().selectFrom('sys_run_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await runLog();
    for (const body of [
      { accountId: 'admin', password: { toString: 1 } },
      { accountId: 'admin', password: ['Admin@123'] },
      { accountId: { toString: 1 }, password: 'Admin@123' },
      { username: { valueOf: 1 }, password: null },
    ]) {
      const res = await s.postJson(undefined, '/get/system/login', body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 100, message: '请输入账号和密码', data: null });
    }
    expect(await runLog()).toBe(before);
    expect(await attemptRows('admin')).toHaveLength(0);
  });
});

describe.each(databases)('X-Forwarded-For and TRUST_PROXY on $name', (database) => {
  const ipsOfLogins = async (s: TestServer, accountId: string) => (await s.server.ctx.database.db.selectFrom('sys_login_log')
    .select('ip').where('accountId', '=', accountId).execute()).map((r) => r.ip);
  const loginVia = (s: TestServer, forwardedFor: string) => rawCall(s, undefined, 'POST', '/get/system/login', {
    headers: { 'X-Forwarded-For': forwardedFor }, body: new URLSearchParams({ accountId: 'lina', password: DEFAULT_DEMO_PASSWORD }),
  });

  it('ignores the header without TRUST_PROXY: limits count the real address, whatever a client claims', async () => {
    const s = await startTestServer(database);
    try {
      expect((await loginVia(s, '203.0.113.9')).body.code).toBe(200);
      expect(await ipsOfLogins(s, 'lina')).toEqual(['127.0.0.1']);

      // Thirty codes from this address this hour: spoofed addresses do not buy a thirty-first.
      const { db } = s.server.ctx.database;
      for (let i = 0; i < 30; i += 1) {
        await db.insertInto('sys_send_log').values({ sendId: `spoof-${i}`, kind: 'sms', target: `1370000${String(i).padStart(4, '0')}`, ip: '127.0.0.1', sentAt: Date.now() - i }).execute();
      }
      for (const spoofed of ['198.51.100.1', '198.51.100.2, 10.0.0.1']) {
        const sms = await rawCall(s, undefined, 'GET', '/get/system/sendMessage', { headers: { 'X-Forwarded-For': spoofed }, query: { phone: '13800000003' } });
        expect(sms.body).toMatchObject({ code: 100, message: '当前网络请求过于频繁（每小时最多 30 次），请稍后再试' });
      }
      // Ten registrations likewise.
      for (let i = 0; i < 10; i += 1) {
        await db.insertInto('sys_send_log').values({ sendId: `spoof-reg-${i}`, kind: 'register', target: `r${i}`, ip: '127.0.0.1', sentAt: Date.now() - i }).execute();
      }
      const registration = await rawCall(s, undefined, 'POST', '/set/system/register', {
        headers: { 'X-Forwarded-For': '198.51.100.3' },
        body: new URLSearchParams({ accountId: 'spoofer', userName: '伪装者', phone: '13911110000', email: 'spoofer@example.com', password: 'Welcome123', password2: 'Welcome123', agree: '1' }),
      });
      expect(registration.body).toMatchObject({ code: 100, message: '当前网络注册过于频繁（每小时最多 10 次），请稍后再试' });
    } finally {
      await s.stop();
    }
  });

  it('honours the header from a proxy TRUST_PROXY names, and only from it', async () => {
    const trusting = await startTestServer(database, { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    try {
      expect((await loginVia(trusting, '203.0.113.9')).body.code).toBe(200);
      expect(await ipsOfLogins(trusting, 'lina')).toEqual(['203.0.113.9']);
    } finally {
      await trusting.stop();
    }
    const elsewhere = await startTestServer(database, { TRUST_PROXY: '192.0.2.10' });
    try {
      expect((await loginVia(elsewhere, '203.0.113.9')).body.code).toBe(200);
      expect(await ipsOfLogins(elsewhere, 'lina')).toEqual(['127.0.0.1']);
    } finally {
      await elsewhere.stop();
    }
  });
});
