import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer';
import { readConfig } from '../../server/config';

/**
 * The real delivery adapters against local stand-ins: an HTTP SMS gateway and an SMTP server.
 * They do not depend on the database, so they run on SQLite only.
 */

interface Gateway { url: string; received: { headers: http.IncomingHttpHeaders; body: unknown }[]; mode: 'ok' | 'fail' | 'hang' | 'refuse'; close(): Promise<void> }

async function startGateway(): Promise<Gateway> {
  const gateway: Gateway = { url: '', received: [], mode: 'ok', close: async () => undefined };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      gateway.received.push({ headers: req.headers, body: JSON.parse(text) });
      if (gateway.mode === 'hang') { hanging.add(res); return; }
      if (gateway.mode === 'fail') { res.writeHead(503, { 'Content-Type': 'text/plain' }).end('quota exceeded'); return; }
      if (gateway.mode === 'refuse') { res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":false,"error":"blacklisted"}'); return; }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  gateway.url = `http://127.0.0.1:${address.port}/sms/send`;
  gateway.close = () => new Promise((resolve) => { hanging.forEach((r) => r.destroy()); server.close(() => resolve()); });
  return gateway;
}

interface Smtp { port: number; messages: { from: string; to: string[]; data: string }[]; close(): Promise<void> }

/** Just enough SMTP (RFC 5321) for one client: EHLO, MAIL, RCPT, DATA, QUIT. */
async function startSmtp(): Promise<Smtp> {
  const smtp: Smtp = { port: 0, messages: [], close: async () => undefined };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          smtp.messages.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') { current.from = line; socket.write('250 OK\r\n'); }
        else if (verb === 'RCPT') { current.to.push(line); socket.write('250 OK\r\n'); }
        else if (verb === 'DATA') { inData = true; socket.write('354 End data with <CR><LF>.<CR><LF>\r\n'); }
        else if (verb === 'QUIT') { socket.end('221 Bye\r\n'); return; }
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.port = (server.address() as net.AddressInfo).port;
  smtp.close = () => new Promise((resolve) => { sockets.forEach((s) => s.destroy()); server.close(() => resolve()); });
  return smtp;
}

describe('SMS through an HTTP gateway (SMS_GATEWAY_URL)', () => {
  let gateway: Gateway;
  let s: TestServer;
  beforeAll(async () => {
    gateway = await startGateway();
    s = await startTestServer({ name: 'sqlite' }, { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gw-secret', SEND_TIMEOUT_MS: '400', SEND_INTERVAL_SECONDS: '0' });
  });
  afterAll(async () => { await s.stop(); await gateway.close(); });

  it('posts {phone, text} as JSON with the token, and writes nothing to the outbox', async () => {
    gateway.mode = 'ok';
    const res = await s.get(undefined, '/get/system/sendMessage', { phone: '13800000003' });
    expect(res.body.code).toBe(200);
    const last = gateway.received.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer gw-secret');
    expect(last.headers['content-type']).toContain('application/json');
    expect(last.body).toEqual({ phone: '13800000003', text: expect.stringMatching(/您的登录验证码为 \d{6}/) });
    const code = /(\d{6})/.exec((last.body as { text: string }).text)![1];
    expect((await s.get(undefined, '/get/system/smsVerification', { phone: '13800000003', code })).body.code).toBe(200);
    expect(await s.server.ctx.database.db.selectFrom('sys_outbox').selectAll().execute()).toHaveLength(0);
  });

  it('answers an HTTP error, a refusal in the body and a time-out with a clear message, and voids the undelivered code', async () => {
    for (const mode of ['fail', 'refuse', 'hang'] as const) {
      gateway.mode = mode;
      const started = Date.now();
      const res = await s.get(undefined, '/get/system/sendMessage', { phone: '13800000004' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 100, message: '短信发送失败，请稍后再试' });
      expect(Date.now() - started).toBeLessThan(5000);
      const text = (gateway.received.at(-1)!.body as { text: string }).text;
      const code = /(\d{6})/.exec(text)![1];
      const use = await s.get(undefined, '/get/system/smsVerification', { phone: '13800000004', code });
      expect(use.body.message).toBe('验证码已失效，请重新获取');
    }
  });

  it('refuses an unreachable gateway the same way', async () => {
    const other = await startTestServer({ name: 'sqlite' }, { SMS_GATEWAY_URL: 'http://127.0.0.1:9/nothing', SEND_TIMEOUT_MS: '1000' });
    try {
      const res = await other.get(undefined, '/get/system/sendMessage', { phone: '13800000003' });
      expect(res.body).toMatchObject({ code: 100, message: '短信发送失败，请稍后再试' });
    } finally {
      await other.stop();
    }
  });
});

describe('mail over SMTP (SMTP_URL) with PUBLIC_URL in the links', () => {
  let smtp: Smtp;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startTestServer({ name: 'sqlite' }, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'OA <oa@example.com>', PUBLIC_URL: 'https://oa.example.com/' });
  });
  afterAll(async () => { await s.stop(); await smtp.close(); });

  it('sends the reset mail (text and HTML) to the account\'s address with a link to PUBLIC_URL', async () => {
    const res = await s.get(undefined, '/get/system/sendResetPasswordEmail', { account: 'lina' });
    expect(res.body.code).toBe(200);
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.from).toContain('oa@example.com');
    expect(message.to.join()).toContain('lina@example.com');
    const unfolded = message.data.replace(/=\r\n/g, '');
    expect(unfolded).toContain('multipart/alternative');
    expect(unfolded).toMatch(/https:\/\/oa\.example\.com\/resetPasswordByEmail\?token=/);
    expect(await s.server.ctx.database.db.selectFrom('sys_outbox').selectAll().execute()).toHaveLength(0);
  });

  it('answers an unreachable SMTP server with a clear message', async () => {
    const other = await startTestServer({ name: 'sqlite' }, { SMTP_URL: 'smtp://127.0.0.1:9', SEND_TIMEOUT_MS: '1000' });
    try {
      const res = await other.get(undefined, '/get/system/sendResetPasswordEmail', { account: 'lina' });
      expect(res.body).toMatchObject({ code: 100, message: '邮件发送失败，请稍后再试' });
    } finally {
      await other.stop();
    }
  });
});

describe('account configuration', () => {
  it('reads lifetimes and limits, and refuses bad values at start', () => {
    const config = readConfig({ CODE_SECONDS: '60', RESET_TICKET_SECONDS: '120', SEND_DAILY_LIMIT: '3' });
    expect(config.account).toMatchObject({ codeSeconds: 60, ticketSeconds: 120, sendDailyLimit: 3, codeMaxAttempts: 5, sendIntervalSeconds: 60, sendIpHourlyLimit: 30, enterprisePrefix: 'ent' });
    expect(config.messaging).toMatchObject({ smtpUrl: undefined, smsGatewayUrl: undefined });
    expect(() => readConfig({ ENTERPRISE_PREFIX: 'get' })).toThrow(/ENTERPRISE_PREFIX/);
    expect(() => readConfig({ ENTERPRISE_PREFIX: 'Bad Prefix' })).toThrow(/ENTERPRISE_PREFIX/);
    expect(() => readConfig({ CODE_SECONDS: 'soon' })).toThrow(/CODE_SECONDS/);
    expect(() => readConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ SMS_GATEWAY_URL: 'ftp://x' })).toThrow(/SMS_GATEWAY_URL/);
  });

  it('uses the configured code lifetime, and refuses licence uploads without LICENSE_KEY', async () => {
    const s = await startTestServer({ name: 'sqlite' }, { CODE_SECONDS: '120' });
    try {
      const res = await s.get(undefined, '/get/system/sendMessage', { phone: '13800000003' });
      expect(res.body.data).toEqual({ interval: 60, expiresIn: 120 });
      const [sms] = await s.server.ctx.database.db.selectFrom('sys_outbox').select('body').execute();
      expect(String(sms.body)).toContain('2 分钟内有效');
      const row = await s.server.ctx.database.db.selectFrom('sys_verification').select('expiresAt').executeTakeFirstOrThrow();
      expect(Number(row.expiresAt) - Date.now()).toBeGreaterThan(110_000);
      expect(Number(row.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
      const admin = await s.login('admin');
      const upload = await s.upload(admin, '/set/system/uploadRegisterFile', { name: 'l.json', content: '{"unit":"x","expires":"2099-01-01","signature":"00"}' });
      expect(upload.body).toMatchObject({ code: 100, message: '服务器未配置授权密钥（LICENSE_KEY），无法校验注册文件' });
    } finally {
      await s.stop();
    }
  });
});
