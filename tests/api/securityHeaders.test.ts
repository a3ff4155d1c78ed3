import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { hashToken } from '../../server/auth/sessions';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

const BROWSER = { 'X-Requested-With': 'XMLHttpRequest' };

function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).not.toContain('unsafe-eval');
  expect(csp.split(';').find((d) => d.trim().startsWith('script-src')), where).not.toContain('unsafe-inline');
  expect(csp, where).toContain("frame-ancestors 'self'");
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("base-uri 'self'");
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), where).toBe('SAMEORIGIN');
}

/** `name=value; Flag; …` of one Set-Cookie line, flags lower-cased. */
function cookieOf(response: Response, name: string): { value: string; flags: string[] } | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...flags] = line.split(';').map((p) => p.trim());
  return { value: pair.slice(name.length + 1), flags: flags.map((f) => f.toLowerCase()) };
}

describe.each(databases)('security headers and the session cookie on $name', (database) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
  });
  afterAll(async () => { await s.stop(); });

  const call = (url: string, init: RequestInit = {}) => fetch(`${s.baseUrl}/capi${url}`, init);
  const signIn = (headers: Record<string, string>) => call('/get/system/login', {
    method: 'POST', headers, body: new URLSearchParams({ accountId: 'admin', password: 'Admin@123' }),
  });

  it('sends the headers on answers, refusals and unknown calls alike', async () => {
    expectSecurityHeaders((await call('/get/system/getEncryptionConfig')).headers, 'public call');
    expectSecurityHeaders((await call('/get/system/getUserInfo')).headers, '401');
    expectSecurityHeaders((await call('/get/system/noSuchCall', { headers: { Authorization: `Bearer ${admin}` } })).headers, '404');
    expectSecurityHeaders((await call('/get/system/getUserInfo', { headers: { Authorization: `Bearer ${admin}` } })).headers, 'answer');
  });

  it('serves a stored file as bytes to save, sandboxed, whatever it holds', async () => {
    const html = '<html><body><script>parent.document.title="owned"</script></body></html>';
    const uploaded = await s.upload(admin, '/set/file/uploadFile', { name: 'page.pdf', content: html });
    expect(uploaded.body.code, uploaded.body.message).toBe(200);
    const res = await call(`/get/file/getFileDown?attachId=${uploaded.body.data.attachId}&extName=pdf`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(html);
  });

  it('sets the TOKEN cookie HttpOnly and SameSite=Strict for the browser, not for API clients', async () => {
    const api = await signIn({});
    expect(api.headers.getSetCookie()).toEqual([]);

    const browser = await signIn(BROWSER);
    const body = await browser.json() as { code: number; data: { token: string } };
    expect(body.code).toBe(200);
    const token = cookieOf(browser, 'TOKEN');
    expect(token?.value).toBe(body.data.token);
    expect(token?.flags).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
    // The cookie ends when the session does.
    const session = await s.server.ctx.database.db.selectFrom('sys_session').select('expiresAt')
      .where('tokenHash', '=', hashToken(body.data.token)).executeTakeFirstOrThrow();
    expect(token?.flags).toContain(`expires=${new Date(Number(session.expiresAt)).toUTCString().toLowerCase()}`);
    const marker = cookieOf(browser, 'SIGNED_IN');
    expect(marker?.value).toBe('1');
    expect(marker?.flags).not.toContain('httponly');
    expect(marker?.flags).toContain('samesite=strict');
  });

  it('accepts the cookie only with the request header a cross-site form cannot send, and sign-out clears it', async () => {
    const browser = await signIn(BROWSER);
    const cookie = `TOKEN=${cookieOf(browser, 'TOKEN')!.value}; SIGNED_IN=1`;
    const asBrowser = await (await call('/get/system/getUserInfo', { headers: { ...BROWSER, Cookie: cookie } })).json() as { code: number; data: { accountId: string } };
    expect(asBrowser.code).toBe(200);
    expect(asBrowser.data.accountId).toBe('admin');

    // A form posted from another site carries the cookie (were SameSite not there) but not the header.
    const forged = await call('/set/system/insertShortcut', {
      method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: '伪造', path: '/office/out', openMode: 'self' }),
    });
    expect(forged.status).toBe(401);
    expect((await call('/get/system/getUserInfo', { headers: { Cookie: cookie, 'X-Requested-With': 'fetch' } })).status).toBe(401);
    const shortcuts = await s.server.ctx.database.db.selectFrom('sys_shortcut').select('title').where('title', '=', '伪造').execute();
    expect(shortcuts).toEqual([]);

    const out = await call('/set/system/logout', { method: 'POST', headers: { ...BROWSER, Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(cookieOf(out, 'TOKEN')).toEqual({ value: '', flags: expect.arrayContaining(['max-age=0', 'httponly']) });
    expect(cookieOf(out, 'SIGNED_IN')?.flags).toContain('max-age=0');
    const after = await call('/get/system/getUserInfo', { headers: { ...BROWSER, Cookie: cookie } });
    expect(after.status).toBe(401);
    // The ended session's cookies go with the refusal.
    expect(cookieOf(after, 'SIGNED_IN')?.flags).toContain('max-age=0');
  });

  it('leaves the browser session alone on request and adopts a session only from the Bearer header', async () => {
    const kept = await signIn({ ...BROWSER, 'X-Keep-Session': '1' });
    const { data } = await kept.json() as { data: { token: string } };
    expect(kept.headers.getSetCookie()).toEqual([]);

    const byCookie = await call('/set/system/adoptSession', { method: 'POST', headers: { ...BROWSER, Cookie: `TOKEN=${data.token}` } });
    expect((await byCookie.json() as { code: number }).code).toBe(100);
    expect(cookieOf(byCookie, 'TOKEN')).toBeUndefined();

    const adopted = await call('/set/system/adoptSession', { method: 'POST', headers: { ...BROWSER, Authorization: `Bearer ${data.token}` } });
    expect(adopted.status).toBe(200);
    expect(cookieOf(adopted, 'TOKEN')?.value).toBe(data.token);
    expect(cookieOf(adopted, 'TOKEN')?.flags).toEqual(expect.arrayContaining(['httponly', 'samesite=strict']));
    expect((await call('/set/system/adoptSession', { method: 'POST', headers: BROWSER })).status).toBe(401);
  });
});

describe('security headers on the app itself', () => {
  let server: BuiltServer;
  let baseUrl: string;
  let dataDir: string;
  let staticDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-headers-'));
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-headers-app-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
    server = await buildServer({ ...readConfig({ SCHEDULER: '0', DATA_DIR: dataDir }), staticDir, databaseUrl: undefined });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends them with the page of every client route and with the built files', async () => {
    for (const url of ['/', '/login', '/hr/contract/details?contractId=1', '/assets/app.js']) {
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
    }
  });
});
