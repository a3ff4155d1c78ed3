import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { rawCall } from './helpers';
import { signLicense } from '../../server/account/license/licenseFile';

const databases = await databasesUnderTest();
const LICENSE_KEY = 'test-licence-key';

/** Each test speaks from its own client address (the test client is the trusted proxy: TRUST_PROXY), so the per-IP limits of one test do not reach the next. */
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 200)}.${ipCounter % 200 + 1}`;

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

describe.each(databases)('sign-in by SMS, password recovery, registration and licences on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database, { LICENSE_KEY, TRUST_PROXY: '127.0.0.1' }); });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const call = (method: 'GET' | 'POST', name: string, params: Record<string, string>, ip: string, token?: string): Promise<Answer> => (method === 'GET'
    ? rawCall(s, token, 'GET', name, { query: params, headers: { 'X-Forwarded-For': ip } })
    : rawCall(s, token, 'POST', name, { body: new URLSearchParams(params), headers: { 'X-Forwarded-For': ip } }));
  const outboxFor = (recipient: string) => db().selectFrom('sys_outbox').selectAll().where('recipient', '=', recipient)
    .orderBy('outboxId', 'desc').execute();
  const lastCode = async (phone: string): Promise<string> => {
    const [latest] = await outboxFor(phone);
    const match = /(\d{6})/.exec(String(latest?.body ?? ''));
    if (!match) throw new Error(`no code in the outbox for ${phone}`);
    return match[1];
  };
  const setPhone = async (accountId: string, phone: string | null, status = 1) => {
    await db().updateTable('sys_user').set({ phone, status }).where('accountId', '=', accountId).execute();
  };

  describe('sendMessage and smsVerification', () => {
    it('sends a six-digit code to an enabled user\'s phone, into the outbox table and the outbox log file', async () => {
      const ip = nextIp();
      const res = await call('GET', '/get/system/sendMessage', { phone: '13800000003' }, ip);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, data: { interval: 60, expiresIn: 300 } });
      const [sms] = await outboxFor('13800000003');
      expect(sms).toMatchObject({ channel: 'sms', recipient: '13800000003' });
      expect(String(sms.body)).toMatch(/^【企业办公自动化平台】您的登录验证码为 \d{6}，5 分钟内有效。/);
      const log = fs.readFileSync(path.join(s.dataDir, 'outbox', 'outbox.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(log.at(-1)).toMatchObject({ outboxId: sms.outboxId, channel: 'sms', recipient: '13800000003', body: sms.body });
      // Only a hash is stored: the code itself is nowhere in the table.
      const code = await lastCode('13800000003');
      const stored = await db().selectFrom('sys_verification').selectAll().where('target', '=', '13800000003').execute();
      expect(JSON.stringify(stored)).not.toContain(code);
    });

    it('answers an unknown or disabled phone exactly like a known one, and sends nothing', async () => {
      await setPhone('chenjing', '13800000005', 0);
      const known = await call('GET', '/get/system/sendMessage', { phone: '13800000006' }, nextIp());
      const unknown = await call('GET', '/get/system/sendMessage', { phone: '13712345678' }, nextIp());
      const disabled = await call('GET', '/get/system/sendMessage', { phone: '13800000005' }, nextIp());
      expect(unknown.body).toEqual(known.body);
      expect(disabled.body).toEqual(known.body);
      expect(await outboxFor('13712345678')).toHaveLength(0);
      expect(await outboxFor('13800000005')).toHaveLength(0);
      expect(await outboxFor('13800000006')).toHaveLength(1);
      await setPhone('chenjing', '13800000005', 1);
    });

    it('refuses a malformed phone number clearly', async () => {
      const res = await call('GET', '/get/system/sendMessage', { phone: '12345' }, nextIp());
      expect(res.body).toMatchObject({ code: 100, message: '请输入正确的手机号' });
      // '+86 138-0000-0004' is the same number as 13800000004.
      const spaced = await call('GET', '/get/system/sendMessage', { phone: '+86 138-0000-0004' }, nextIp());
      expect(spaced.body.code).toBe(200);
      expect(await outboxFor('13800000004')).toHaveLength(1);
    });

    it('signs in with the code (GET and POST) with the same answer shape as login, once', async () => {
      await call('GET', '/get/system/sendMessage', { phone: '13800000007' }, nextIp());
      const code = await lastCode('13800000007');
      const res = await call('POST', '/get/system/smsVerification', { phone: '13800000007', code }, nextIp());
      expect(res.body.code).toBe(200);
      const login = await s.post(undefined, '/get/system/login', { accountId: 'zhaomin', password: 'Demo@123' });
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(login.body.data).sort());
      expect(res.body.data.userInfo).toMatchObject({ accountId: 'zhaomin', userName: '赵敏' });
      expect(res.body.data.permissions).toBe(login.body.data.permissions);
      const info = await s.get(res.body.data.token, '/get/system/getUserInfo');
      expect(info.body.data.accountId).toBe('zhaomin');
      // Single use.
      const again = await call('GET', '/get/system/smsVerification', { phone: '13800000007', code }, nextIp());
      expect(again.body).toMatchObject({ code: 100, message: '验证码已失效，请重新获取' });
    });

    it('counts wrong codes: five wrong entries void the code, even for the right one afterwards', async () => {
      await call('GET', '/get/system/sendMessage', { phone: '13800000008' }, nextIp());
      const code = await lastCode('13800000008');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let left = 4; left >= 1; left -= 1) {
        const res = await call('GET', '/get/system/smsVerification', { phone: '13800000008', code: wrong }, nextIp());
        expect(res.body).toMatchObject({ code: 100, message: `验证码错误，还可尝试 ${left} 次` });
      }
      const fifth = await call('GET', '/get/system/smsVerification', { phone: '13800000008', code: wrong }, nextIp());
      expect(fifth.body).toMatchObject({ code: 100, message: '验证码错误次数过多，请重新获取' });
      const right = await call('GET', '/get/system/smsVerification', { phone: '13800000008', code }, nextIp());
      expect(right.body.code).toBe(100);
      expect(right.body.data).toBeNull();
      // Not six digits: a format message, not counted.
      const format = await call('GET', '/get/system/smsVerification', { phone: '13800000008', code: '12ab' }, nextIp());
      expect(format.body.message).toBe('请输入 6 位数字验证码');
    });

    it('refuses an expired code and voids older codes when a new one is sent', async () => {
      await call('GET', '/get/system/sendMessage', { phone: '13800000009' }, nextIp());
      const code = await lastCode('13800000009');
      await db().updateTable('sys_verification').set({ expiresAt: Date.now() - 1000 }).where('target', '=', '13800000009').execute();
      const expired = await call('GET', '/get/system/smsVerification', { phone: '13800000009', code }, nextIp());
      expect(expired.body).toMatchObject({ code: 100, message: '验证码已失效，请重新获取' });

      // A second code makes the first useless (the interval is passed by moving the first send back).
      await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 61_000 }).where('target', '=', '13800000009').execute();
      await db().updateTable('sys_verification').set({ expiresAt: Date.now() + 300_000 }).where('target', '=', '13800000009').execute();
      await db().updateTable('sys_verification').set({ usedAt: null }).where('target', '=', '13800000009').execute();
      await call('GET', '/get/system/sendMessage', { phone: '13800000009' }, nextIp());
      const second = await lastCode('13800000009');
      if (second !== code) {
        const first = await call('GET', '/get/system/smsVerification', { phone: '13800000009', code }, nextIp());
        expect(first.body.code).toBe(100);
      }
      const ok = await call('GET', '/get/system/smsVerification', { phone: '13800000009', code: second }, nextIp());
      expect(ok.body.code).toBe(200);
    });

    it('refuses a code of the other purpose', async () => {
      await call('GET', '/get/system/sendMessage', { phone: '13800000010', type: 'retrieve' }, nextIp());
      const code = await lastCode('13800000010');
      const [sms] = await outboxFor('13800000010');
      expect(String(sms.body)).toContain('您正在找回密码');
      const res = await call('GET', '/get/system/smsVerification', { phone: '13800000010', code }, nextIp());
      expect(res.body.message).toBe('验证码已失效，请重新获取');
    });
  });

  describe('throttling', () => {
    it('allows one code per phone per 60 seconds, known or unknown phone alike', async () => {
      const first = await call('GET', '/get/system/sendMessage', { phone: '13800000011' }, nextIp());
      expect(first.body.code).toBe(200);
      const second = await call('GET', '/get/system/sendMessage', { phone: '13800000011' }, nextIp());
      expect(second.body.code).toBe(100);
      expect(second.body.message).toMatch(/^发送过于频繁，请 (\d+) 秒后再试$/);
      const seconds = Number(/请 (\d+) 秒/.exec(second.body.message)![1]);
      expect(seconds).toBeGreaterThan(50);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(await outboxFor('13800000011')).toHaveLength(1);

      await call('GET', '/get/system/sendMessage', { phone: '13799990000' }, nextIp());
      const unknownAgain = await call('GET', '/get/system/sendMessage', { phone: '13799990000' }, nextIp());
      expect(unknownAgain.body.message).toMatch(/^发送过于频繁/);
      // Once the minute has passed, the next code goes out.
      await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 61_000 }).where('target', '=', '13800000011').execute();
      expect((await call('GET', '/get/system/sendMessage', { phone: '13800000011' }, nextIp())).body.code).toBe(200);
    });

    it('allows ten codes per phone per day', async () => {
      // All ten today even a moment after midnight (a run at 00:00 once put nine of them in
      // yesterday), the last within the minute: the daily limit is what the answer names.
      const sentAt = Math.max(startOfToday(), Date.now() - 5_000);
      for (let i = 0; i < 10; i += 1) {
        await db().insertInto('sys_send_log').values({ sendId: `daily-${i}`, kind: 'sms', target: '13800000001', ip: '10.9.9.9', sentAt }).execute();
      }
      const res = await call('GET', '/get/system/sendMessage', { phone: '13800000001' }, nextIp());
      expect(res.body).toMatchObject({ code: 100, message: '该手机号今日获取验证码次数已达上限（10 次），请明天再试' });
      expect(await outboxFor('13800000001')).toHaveLength(0);
    });

    it('allows thirty codes and mails per client address per hour', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i += 1) {
        await db().insertInto('sys_send_log').values({ sendId: `ip-${i}`, kind: i % 2 ? 'sms' : 'mail', target: `1370000${String(i).padStart(4, '0')}`, ip, sentAt: Date.now() - 1000 * i }).execute();
      }
      const sms = await call('GET', '/get/system/sendMessage', { phone: '13800000002' }, ip);
      expect(sms.body).toMatchObject({ code: 100, message: '当前网络请求过于频繁（每小时最多 30 次），请稍后再试' });
      const mail = await call('GET', '/get/system/sendResetPasswordEmail', { account: 'wangfang' }, ip);
      expect(mail.body.message).toBe(sms.body.message);
      expect(await outboxFor('13800000002')).toHaveLength(0);
      // Another address is not affected.
      expect((await call('GET', '/get/system/sendMessage', { phone: '13800000002' }, nextIp())).body.code).toBe(200);
    });
  });

  describe('password recovery', () => {
    it('recovers by phone: code → user name and ticket → new password; old sessions end; the ticket works once', async () => {
      const oldSession = await s.login('yanglei');
      // 13800000006 received a sign-in code above: move that send back past the interval.
      await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 61_000 }).where('target', '=', '13800000006').execute();
      const sent = await call('GET', '/get/system/sendMessage', { phone: '13800000006', type: 'retrieve' }, nextIp());
      expect(sent.body.code).toBe(200);
      const code = await lastCode('13800000006');
      const verified = await call('GET', '/get/system/verificationPhone', { phone: '13800000006', code }, nextIp());
      expect(verified.body.code).toBe(200);
      expect(verified.body.data).toMatchObject({ userName: '杨磊', accountId: 'yanglei', expiresIn: 1800 });
      const { ticket } = verified.body.data as { ticket: string };
      expect(ticket).toMatch(/^[0-9a-f]{24}\.[A-Za-z0-9_-]+$/);

      const check = await call('GET', '/get/system/checkResetTicket', { ticket }, nextIp());
      expect(check.body.data).toEqual({ userName: '杨磊', accountId: 'yanglei' });
      const weak = await call('POST', '/get/system/retrievePassword', { ticket, password: 'abcdefgh' }, nextIp());
      expect(weak.body).toMatchObject({ code: 100, message: '密码长度为 8～64 位，且必须同时包含字母和数字' });
      const mismatch = await call('POST', '/get/system/retrievePassword', { ticket, password: 'NewPass123', password2: 'NewPass124' }, nextIp());
      expect(mismatch.body).toMatchObject({ code: 100, message: '两次输入密码不一致!' });
      // GET as the spec names it works too.
      const done = await call('GET', '/get/system/retrievePassword', { ticket, password: 'NewPass123', password2: 'NewPass123' }, nextIp());
      expect(done.body).toMatchObject({ code: 200, data: { accountId: 'yanglei' } });

      expect((await s.get(oldSession, '/get/system/getUserInfo')).status).toBe(401);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'yanglei', password: 'Demo@123' })).body.code).toBe(100);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'yanglei', password: 'NewPass123' })).body.code).toBe(200);
      const reused = await call('POST', '/get/system/retrievePassword', { ticket, password: 'Other1234' }, nextIp());
      expect(reused.body).toMatchObject({ code: 100, message: '重置凭证无效或已过期，请重新验证身份' });
      // Only a hash of the ticket is stored.
      expect(JSON.stringify(await db().selectFrom('sys_verification').selectAll().execute())).not.toContain(ticket.split('.')[1]);
    });

    it('refuses an expired or forged ticket', async () => {
      await db().updateTable('sys_send_log').set({ sentAt: Date.now() - 61_000 }).where('target', '=', '13800000004').execute();
      await call('GET', '/get/system/sendMessage', { phone: '13800000004', type: 'retrieve' }, nextIp());
      const code = await lastCode('13800000004');
      const verified = await call('GET', '/get/system/verificationPhone', { phone: '13800000004', code }, nextIp());
      const { ticket } = verified.body.data as { ticket: string };
      const [id] = ticket.split('.');
      const forged = await call('POST', '/get/system/retrievePassword', { ticket: `${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, password: 'Forged123' }, nextIp());
      expect(forged.body.message).toBe('重置凭证无效或已过期，请重新验证身份');
      await db().updateTable('sys_verification').set({ expiresAt: Date.now() - 1 }).where('verificationId', '=', id).execute();
      const expired = await call('POST', '/get/system/retrievePassword', { ticket, password: 'Expired123' }, nextIp());
      expect(expired.body.message).toBe('重置凭证无效或已过期，请重新验证身份');
      expect((await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Demo@123' })).body.code).toBe(200);
    });

    it('recovers by e-mail: a link with a one-time token, the same answer for unknown accounts', async () => {
      const known = await call('GET', '/get/system/sendResetPasswordEmail', { account: 'zhoujie' }, nextIp());
      const unknown = await call('GET', '/get/system/sendResetPasswordEmail', { account: 'nobody-here' }, nextIp());
      expect(known.body).toMatchObject({ code: 200, data: { expiresIn: 1800 } });
      expect(unknown.body).toEqual(known.body);
      const [mail] = await outboxFor('zhoujie@example.com');
      expect(mail).toMatchObject({ channel: 'mail', subject: '【企业办公自动化平台】重置密码' });
      const link = /(http:\/\/\S+\/resetPasswordByEmail\?token=\S+)/.exec(String(mail.body))![1];
      expect(link.startsWith(s.baseUrl)).toBe(true);
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
      const check = await call('GET', '/get/system/checkResetTicket', { ticket: token }, nextIp());
      expect(check.body.data).toEqual({ userName: '周杰', accountId: 'zhoujie' });
      const done = await call('POST', '/get/system/retrievePassword', { token, password: 'MailReset99', password2: 'MailReset99' }, nextIp());
      expect(done.body.code).toBe(200);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'zhoujie', password: 'MailReset99' })).body.code).toBe(200);
      // By e-mail address, case-insensitive, and throttled per account.
      const byAddress = await call('GET', '/get/system/sendResetPasswordEmail', { account: 'WUTING@example.com' }, nextIp());
      expect(byAddress.body.code).toBe(200);
      expect(await outboxFor('wuting@example.com')).toHaveLength(1);
      const tooSoon = await call('GET', '/get/system/sendResetPasswordEmail', { account: 'wuting@example.com' }, nextIp());
      expect(tooSoon.body.message).toMatch(/^发送过于频繁/);
      expect((await call('GET', '/get/system/sendResetPasswordEmail', {}, nextIp())).body.message).toBe('请输入账号或电子邮箱');
    });
  });

  describe('registration', () => {
    const UNAVAILABLE = '账号、手机号或邮箱有误或已被使用，请检查后重试；已有账号可直接登录或找回密码';
    // agree: the demo configuration has agreement texts (tests/api/sysConfig.test.ts covers the refusal without it).
    const applicant = { accountId: 'newcomer', userName: '新同事', phone: '13911112222', email: 'newcomer@example.com', password: 'Welcome123', password2: 'Welcome123', agree: '1' };

    it('checks the form: equal passwords, strength, phone, account rules and free account', async () => {
      const ip = nextIp();
      const mismatch = await call('POST', '/set/system/register', { ...applicant, password2: 'Welcome124' }, ip);
      expect(mismatch.body).toMatchObject({ code: 100, message: '两次输入密码不一致!' });
      const weak = await call('POST', '/set/system/register', { ...applicant, password: '12345678', password2: '12345678' }, ip);
      expect(weak.body.message).toBe('密码长度为 8～64 位，且必须同时包含字母和数字');
      const phone = await call('POST', '/set/system/register', { ...applicant, phone: '123' }, ip);
      expect(phone.body.message).toBe('请输入正确的手机号');
      const account = await call('POST', '/set/system/register', { ...applicant, accountId: 'bad account!' }, ip);
      expect(account.body.code).toBe(100);
      expect(account.body.message).toContain('账号只能包含字母、数字和 _ . @ -');
      const noName = await call('POST', '/set/system/register', { ...applicant, userName: '' }, ip);
      expect(noName.body.code).toBe(100);
      expect(noName.body.data.errors[0].field).toBe('userName');
      const taken = await call('POST', '/set/system/register', { ...applicant, accountId: 'admin' }, ip);
      expect(taken.body).toMatchObject({ code: 100, message: UNAVAILABLE, data: null });
      expect(await db().selectFrom('sys_user_registration').selectAll().where('accountId', 'in', ['newcomer', 'admin']).execute()).toHaveLength(0);
    });

    it('creates a pending registration (not a user), approved by an administrator into a user who can sign in', async () => {
      const res = await call('POST', '/set/system/register', applicant, nextIp());
      expect(res.body).toMatchObject({ code: 200, data: { accountId: 'newcomer', status: 'pending' } });
      const registrationId = res.body.data.registrationId as string;
      expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'newcomer').execute()).toHaveLength(0);
      expect((await s.post(undefined, '/get/system/login', { accountId: 'newcomer', password: 'Welcome123' })).body.message).toBe('账号或密码错误');
      const again = await call('POST', '/set/system/register', applicant, nextIp());
      expect(again.body.message).toBe(UNAVAILABLE);

      const status = await call('GET', '/get/system/getRegStatus', { accountId: 'newcomer', phone: '13911112222' }, nextIp());
      // The submission is no decision: nothing said yet, no decision time.
      expect(status.body.data).toMatchObject({ accountId: 'newcomer', status: 'pending', statusLabel: '待审核', opinion: '', decisionTime: null });
      const wrongPhone = await call('GET', '/get/system/getRegStatus', { accountId: 'newcomer', phone: '13911113333' }, nextIp());
      expect(wrongPhone.body).toMatchObject({ code: 100, message: '未找到注册申请，请核对账号和手机号' });

      // The administrator sees it, with no password in sight, and places it in a department.
      const admin = await s.login('admin');
      const row = await s.get(admin, '/get/system/getSysUserRegistrationById', { id: registrationId });
      expect(row.body.data).toMatchObject({ accountId: 'newcomer', status: 'pending', $transitions: ['approve', 'reject'] });
      expect(JSON.stringify(row.body.data)).not.toMatch(/password|scrypt/i);
      const tech = await db().selectFrom('sys_dept').select('deptId').where('deptName', '=', '技术研发部').executeTakeFirstOrThrow();
      const placed = await s.post(admin, '/set/system/updateSysUserRegistration', { id: registrationId, deptId: tech.deptId });
      expect(placed.body.code).toBe(200);
      // Others may not decide.
      expect((await s.post(await s.login('zhangwei'), '/set/system/approveSysUserRegistration', { id: registrationId })).status).toBe(403);

      const approved = await s.post(admin, '/set/system/approveSysUserRegistration', { id: registrationId, opinion: '欢迎' });
      expect(approved.body.code).toBe(200);
      expect(approved.body.data.status).toBe('approved');
      const user = await db().selectFrom('sys_user').selectAll().where('accountId', '=', 'newcomer').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ userName: '新同事', phone: '13911112222', email: 'newcomer@example.com', deptId: tech.deptId, status: 1 });
      expect(approved.body.data.userId).toBe(user.userId);
      const registrant = await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'registrant').executeTakeFirstOrThrow();
      expect(user.roleIds).toBe(registrant.roleId);
      expect(await db().selectFrom('sys_registration_credential').selectAll().where('registrationId', '=', registrationId).execute()).toHaveLength(0);

      const login = await s.post(undefined, '/get/system/login', { accountId: 'newcomer', password: 'Welcome123' });
      expect(login.body.code).toBe(200);
      expect(login.body.data.userInfo.roles).toEqual(['registrant']);
      const after = await call('GET', '/get/system/getRegStatus', { accountId: 'newcomer', phone: '13911112222' }, nextIp());
      expect(after.body.data).toMatchObject({ status: 'approved', statusLabel: '已通过', opinion: '欢迎' });

      // A second approval is refused and creates nobody.
      const twice = await s.post(admin, '/set/system/approveSysUserRegistration', { id: registrationId });
      expect(twice.body.code).toBe(100);
      expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'newcomer').execute()).toHaveLength(1);
      const log = await s.get(admin, '/get/system/getFlowLog', { entity: 'SysUserRegistration', id: registrationId });
      // Filed before any account existed: submitted by nobody's account, then the administrator's decision.
      expect(log.body.data).toEqual([
        expect.objectContaining({ transition: '$submit', fromState: '', toState: 'pending', userId: '', opinion: null }),
        expect.objectContaining({ transition: 'approve', fromState: 'pending', toState: 'approved', opinion: '欢迎' }),
      ]);
    });

    it('rejects with a reason the applicant can read, and creates no user', async () => {
      const res = await call('POST', '/set/system/register', { ...applicant, accountId: 'spammer', phone: '13911114444', email: 'spammer@example.com' }, nextIp());
      const id = res.body.data.registrationId as string;
      const admin = await s.login('admin');
      const noReason = await s.post(admin, '/set/system/rejectSysUserRegistration', { id });
      expect(noReason.body).toMatchObject({ code: 100, message: '驳回时请填写审批意见' });
      const rejected = await s.post(admin, '/set/system/rejectSysUserRegistration', { id, opinion: '非本单位人员' });
      expect(rejected.body.data.status).toBe('rejected');
      const status = await call('GET', '/get/system/getRegStatus', { accountId: 'spammer', phone: '13911114444' }, nextIp());
      expect(status.body.data).toMatchObject({ status: 'rejected', statusLabel: '已驳回', opinion: '非本单位人员' });
      expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'spammer').execute()).toHaveLength(0);
      // The rejected applicant may apply again; the stale password is dropped then.
      const reapply = await call('POST', '/set/system/register', { ...applicant, accountId: 'spammer', phone: '13911114444', email: 'spammer@example.com' }, nextIp());
      expect(reapply.body.code).toBe(200);
      expect(await db().selectFrom('sys_registration_credential').selectAll().where('registrationId', '=', id).execute()).toHaveLength(0);
    });

    it('refuses a phone or e-mail a user already has, at registration and again at approval', async () => {
      const lina = await db().selectFrom('sys_user').select(['phone', 'email']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
      const phone = await call('POST', '/set/system/register', { ...applicant, accountId: 'copycat', phone: String(lina.phone), email: 'copycat@example.com' }, nextIp());
      expect(phone.body).toMatchObject({ code: 100, message: UNAVAILABLE });
      const email = await call('POST', '/set/system/register', { ...applicant, accountId: 'copycat', phone: '13911116666', email: String(lina.email) }, nextIp());
      expect(email.body).toEqual(phone.body);
      expect(await db().selectFrom('sys_user_registration').selectAll().where('accountId', '=', 'copycat').execute()).toHaveLength(0);

      // Two applications with one number both wait; approving the first takes the number from the second.
      const first = await call('POST', '/set/system/register', { ...applicant, accountId: 'twin1', phone: '13911117777', email: 'twin1@example.com' }, nextIp());
      const second = await call('POST', '/set/system/register', { ...applicant, accountId: 'twin2', phone: '13911117777', email: 'twin2@example.com' }, nextIp());
      expect([first.body.code, second.body.code]).toEqual([200, 200]);
      const admin = await s.login('admin');
      expect((await s.post(admin, '/set/system/approveSysUserRegistration', { id: first.body.data.registrationId })).body.code).toBe(200);
      const refused = await s.post(admin, '/set/system/approveSysUserRegistration', { id: second.body.data.registrationId });
      expect(refused.body).toMatchObject({ code: 100, message: '该手机号已被其他用户使用，可直接登录或找回密码' });
      expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'twin2').execute()).toHaveLength(0);
      const waiting = await db().selectFrom('sys_user_registration').select('status').where('accountId', '=', 'twin2').executeTakeFirstOrThrow();
      expect(waiting.status).toBe('pending');
    });

    it('answers every clash — account, pending account, phone, e-mail — with one message, each counted against the address\'s limit', async () => {
      const ip = nextIp();
      const lina = await db().selectFrom('sys_user').select(['phone', 'email']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
      const fresh = { ...applicant, accountId: 'prober', phone: '13911118888', email: 'prober@example.com' };
      const pending = await call('POST', '/set/system/register', { ...fresh, accountId: 'pending1', phone: '13911118881', email: 'pending1@example.com' }, ip);
      expect(pending.body.code).toBe(200);
      const clashes = [
        { ...fresh, accountId: 'lina' },
        { ...fresh, accountId: 'pending1' },
        { ...fresh, phone: String(lina.phone) },
        { ...fresh, email: String(lina.email) },
        { ...fresh, accountId: 'wangfang', phone: String(lina.phone), email: String(lina.email) },
      ];
      const answers = [];
      for (const clash of clashes) answers.push(await call('POST', '/set/system/register', clash, ip));
      for (const answer of answers) expect(answer.body).toEqual({ code: 100, message: UNAVAILABLE, data: null });
      // 1 registration + 5 probes so far; four more of anything, then the limit — for clashes and free names alike.
      for (let i = 0; i < 4; i += 1) expect((await call('POST', '/set/system/register', { ...fresh, accountId: 'admin' }, ip)).body.message).toBe(UNAVAILABLE);
      const limited = await call('POST', '/set/system/register', { ...fresh, accountId: 'admin' }, ip);
      const limitedFree = await call('POST', '/set/system/register', fresh, ip);
      expect(limited.body).toMatchObject({ code: 100, message: '当前网络注册过于频繁（每小时最多 10 次），请稍后再试' });
      expect(limitedFree.body).toEqual(limited.body);
      expect(await db().selectFrom('sys_user_registration').selectAll().where('accountId', '=', 'prober').execute()).toHaveLength(0);
    });

    it('limits registrations per client address', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i += 1) {
        await db().insertInto('sys_send_log').values({ sendId: `reg-${i}`, kind: 'register', target: `x${i}`, ip, sentAt: Date.now() - i * 1000 }).execute();
      }
      const res = await call('POST', '/set/system/register', { ...applicant, accountId: 'flooder', phone: '13911115555', email: 'flooder@example.com' }, ip);
      expect(res.body).toMatchObject({ code: 100, message: '当前网络注册过于频繁（每小时最多 10 次），请稍后再试' });
    });
  });

  describe('software registration file', () => {
    const licence = (fields: Record<string, string | number>, key = LICENSE_KEY) => signLicense(fields as Record<string, string>, key);
    const upload = (token: string, text: string, name = 'license.json') => s.upload(token, '/set/system/uploadRegisterFile', { name, content: text });

    it('installs a correctly signed file and shows it; refuses tampered, foreign, malformed and expired files', async () => {
      const admin = await s.login('admin');
      const before = await s.get(admin, '/get/system/getRegisterInfo');
      expect(before.body.data).toMatchObject({ registered: false });

      const good = licence({ unit: '华东智联科技集团有限公司', expires: '2099-12-31', edition: '企业版', users: 500 });
      const res = await upload(admin, good);
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ registered: true, unit: '华东智联科技集团有限公司', expires: '2099-12-31', expired: false, fields: { edition: '企业版', users: 500 } });
      const info = await s.get(await s.login('lina'), '/get/system/getRegisterInfo');
      expect(info.body.data).toMatchObject({ registered: true, unit: '华东智联科技集团有限公司' });
      expect(JSON.stringify(info.body.data)).not.toContain('signature');

      const tampered = good.replace('2099-12-31', '2199-12-31');
      expect((await upload(admin, tampered)).body).toMatchObject({ code: 100, message: '注册文件签名无效：文件可能被修改过，或不是为本系统签发的' });
      const foreign = licence({ unit: '别家公司', expires: '2099-12-31' }, 'another-key');
      expect((await upload(admin, foreign)).body.message).toBe('注册文件签名无效：文件可能被修改过，或不是为本系统签发的');
      expect((await upload(admin, 'not json')).body.message).toBe('注册文件格式不正确：应为 JSON 文件');
      expect((await upload(admin, licence({ unit: 'x', expires: '2099-02-30' }))).body.message).toBe('注册文件的有效期（expires）应为 YYYY-MM-DD 格式的日期');
      expect((await upload(admin, licence({ expires: '2099-01-01' }))).body.message).toBe('注册文件缺少授权单位（unit）');
      expect((await upload(admin, licence({ unit: '过期单位', expires: '2020-01-01' }))).body.message).toBe('注册文件已于 2020-01-01 过期');
      expect((await upload(admin, JSON.stringify({ unit: { a: 1 }, expires: '2099-01-01', signature: 'x' }))).body.message).toBe('注册文件格式不正确：字段值只能是文字、数字或布尔值');
      // Nothing refused was installed.
      expect((await s.get(admin, '/get/system/getRegisterInfo')).body.data.expires).toBe('2099-12-31');
      // Only administrators upload.
      expect((await upload(await s.login('zhangwei'), good)).status).toBe(403);
    });
  });
});
