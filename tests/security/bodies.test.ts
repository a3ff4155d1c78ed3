import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { answer, startTestServer, type TestServer } from '../support/testServer';
import { PROTOTYPE_KEYS, countRequests, deeplyNested, expectClean } from '../support/hostileInput';

const databases = await databasesUnderTest();
const requests = countRequests();

/** Sign-in and password calls are left out of the sprays: wrong credentials there count towards the sign-in lock. */
const LEFT_OUT = /login|password|verification|signcode|logout/i;

const TWELVE_MB = 12 * 1024 * 1024;

/** Bodies no client of the app sends: broken JSON, the wrong type, wrong encodings, parts without a boundary. */
const MALFORMED_BODIES: { label: string; contentType: string; body: string | Uint8Array<ArrayBuffer> }[] = [
  { label: 'cut JSON', contentType: 'application/json', body: '{"id": "' },
  { label: 'JSON list', contentType: 'application/json', body: '[1,2,3]' },
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON nested 10000 deep', contentType: 'application/json', body: `{"id":${deeplyNested(10_000)}}` },
  { label: 'JSON value nested 10000 deep', contentType: 'application/json', body: JSON.stringify({ id: deeplyNested(10_000), settings: deeplyNested(10_000) }) },
  { label: 'invalid UTF-8', contentType: 'application/json', body: new Uint8Array([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x80, 0x22, 0x7d]) },
  { label: 'UTF-16 declared', contentType: 'application/json; charset=utf-16', body: '{"id":"1"}' },
  { label: 'text/plain', contentType: 'text/plain', body: 'id=1' },
  { label: 'xml', contentType: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'id=1' },
  { label: 'multipart broken', contentType: 'multipart/form-data; boundary=h7', body: '--h7\r\nContent-Disposition: form-data; name="id"\r\n\r\n1' },
  { label: 'bad percent-encoding', contentType: 'application/x-www-form-urlencoded', body: '%%%=&&==%E0%A4%A&id=%ff%fe' },
];

/**
 * Request bodies and names an attacker controls beyond field values: prototype keys as
 * parameter names and JSON keys, bodies over the limit, malformed and deeply nested bodies,
 * for every call of the table; path tricks in upload names and attachment ids.
 */
describe.each(databases)('hostile bodies, names and paths on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let calls: { key: string; method: 'get' | 'set'; url: string }[];

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    calls = [...s.server.calls.keys()].filter((key) => !LEFT_OUT.test(key)).sort().map((key) => {
      const [method, base, name] = key.split(':') as ['get' | 'set', string, string];
      return { key, method, url: `${s.baseUrl}/capi/${method}/${base}/${name}` };
    });
  });
  afterAll(async () => {
    requests.report(`bodies (${database.name})`, s.baseUrl);
    await s.stop();
  });

  /** A call's answer with the administrator's session, signing in again when a call ended it. */
  const send = async (url: string, init: RequestInit & { headers?: Record<string, string> }) => {
    const go = async () => answer(await fetch(url, { ...init, headers: { Authorization: `Bearer ${admin}`, ...init.headers } }));
    const res = await go();
    if (res.status !== 401) return res;
    admin = await s.login('admin');
    return go();
  };

  it('pollutes no prototype through parameter names or JSON keys of any call', async () => {
    const poison = PROTOTYPE_KEYS.map((key) => `${key}=h7&${key}[polluted]=h7&${key}.polluted=h7`).join('&') + '&constructor[prototype][polluted]=h7&__proto__[toString]=h7';
    const json = '{"__proto__":{"polluted":"h7"},"constructor":{"prototype":{"polluted":"h7"}},"prototype":{"polluted":"h7"},"id":{"__proto__":{"polluted":"h7"}}}';
    for (const call of calls) {
      expectClean(`${call.key} query`, await send(`${call.url}?${poison}`, { method: call.method === 'get' ? 'GET' : 'POST' }));
      if (call.method === 'set') {
        expectClean(`${call.key} form`, await send(call.url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: poison }));
        expectClean(`${call.key} JSON`, await send(call.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json }));
      }
    }
    // The server runs in this process: a polluted prototype would show here.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
  }, 180_000);

  it('answers malformed and deeply nested bodies of every write cleanly', async () => {
    for (const call of calls.filter((c) => c.method === 'set')) {
      for (const { label, contentType, body } of MALFORMED_BODIES) {
        expectClean(`${call.key} ${label}`, await send(call.url, { method: 'POST', headers: { 'Content-Type': contentType }, body }));
      }
    }
    await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
  }, 180_000);

  it('refuses 12 MB bodies as JSON, form and query with a clear message', async () => {
    const big = 'x'.repeat(TWELVE_MB);
    const targets = ['/set/hr/insertHrContract', '/set/system/saveColumnSetting', '/get/system/getUserList', '/set/file/uploadFile'];
    for (const target of targets) {
      const url = `${s.baseUrl}/capi${target}`;
      for (const [label, contentType, body] of [
        ['JSON', 'application/json', JSON.stringify({ remark: big, keyword: big })],
        ['form', 'application/x-www-form-urlencoded', `remark=${big}&keyword=x`],
      ] as const) {
        const res = await send(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
        expectClean(`${target} 12 MB ${label}`, res);
        expect(res.body.code, `${target} 12 MB ${label}`).toBe(100);
      }
      // A URL this long is refused by the HTTP layer before any call runs.
      const res = await fetch(`${url}?keyword=${'x'.repeat(100_000)}`, { headers: { Authorization: `Bearer ${admin}` } });
      expect(res.status, `${target} 100 kB query`).toBeLessThan(500);
      await res.arrayBuffer();
    }
    expect((await s.get(admin, '/get/system/getUserInfo')).body.code).toBe(200);
  }, 120_000);

  it('stores uploads under their own id whatever the file name says, and serves them with a safe header', async () => {
    const names = ['../../../h7-escape.pdf', '..\\..\\h7-escape.pdf', '/etc/h7-escape.pdf', 'C:\\Windows\\h7-escape.pdf', '%2e%2e%2fh7-escape.pdf',
      'a\r\nX-Injected: 1.pdf', 'quote"; filename="evil.exe.pdf', 'h7.pdf\u0000.exe', `${'n'.repeat(1000)}.pdf`, '.pdf', 'ü😀 名字.pdf', 'h7.exe', 'h7.html', 'h7.svg'];
    const stored: string[] = [];
    for (const name of names) {
      for (const call of ['/set/file/uploadFile', '/set/file/uploadImg']) {
        const res = await s.upload(admin, call, { name, content: `%PDF-1.4 ${name}` });
        expectClean(`${call} "${name}"`, res);
        if (res.body.code === 200) stored.push(String(res.body.data.attachId));
      }
    }
    // A raw multipart body whose file name no browser would send as is.
    const raw = ['--h7b', 'Content-Disposition: form-data; name="file"; filename="../../../../h7-raw-escape.pdf"', 'Content-Type: application/pdf', '', '%PDF-1.4 raw', '--h7b--', ''].join('\r\n');
    const rawRes = await send(`${s.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=h7b' }, body: raw });
    expectClean('raw multipart', rawRes);
    if (rawRes.body.code === 200) stored.push(String(rawRes.body.data.attachId));
    expect(stored.length).toBeGreaterThan(5);

    const rows = await s.server.ctx.database.db.selectFrom('sys_attach').select(['attachId', 'name', 'storedPath']).where('attachId', 'in', stored).execute();
    for (const row of rows) {
      expect(String(row.storedPath)).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f]+$/);
      expect(String(row.storedPath).endsWith(String(row.attachId))).toBe(true);
      const res = await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${row.attachId}`, { headers: { Authorization: `Bearer ${admin}` } });
      expect(res.status, String(row.name)).toBe(200);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition, String(row.name)).not.toMatch(/[\r\n]/);
      expect(res.headers.get('x-injected')).toBeNull();
      await res.arrayBuffer();
    }
    for (const escaped of ['h7-escape.pdf', 'h7-raw-escape.pdf']) {
      for (const dir of [path.dirname(s.dataDir), path.join(s.dataDir, '..', '..'), '/etc', process.cwd()]) {
        expect(fs.existsSync(path.join(dir, escaped)), `${dir}/${escaped}`).toBe(false);
      }
    }
  });

  it('serves no file for an attachment id that is a path, a pattern or injection', async () => {
    const real = await s.upload(admin, '/set/file/uploadFile', { name: 'h7-real.pdf', content: '%PDF-1.4 real' });
    const row = await s.server.ctx.database.db.selectFrom('sys_attach').select('storedPath').where('attachId', '=', real.body.data.attachId).executeTakeFirstOrThrow();
    const ids = ['../oa.sqlite', '../../oa.sqlite', '..%2F..%2Foa.sqlite', '/etc/passwd', 'C:\\Windows\\win.ini', String(row.storedPath), `${real.body.data.attachId}/../../oa.sqlite`,
      "' OR 1=1 --", '%', '*', '', 'x'.repeat(10_000)];
    const lina = await s.login('lina');
    for (const attachId of ids) {
      for (const token of [admin, lina]) {
        const res = await s.get(token, '/get/file/getFileDown', { attachId, extName: 'pdf' });
        expectClean(`getFileDown "${attachId.slice(0, 40)}"`, res);
        expect(res.status, `getFileDown "${attachId.slice(0, 40)}"`).not.toBe(200);
      }
      const list = await s.get(lina, '/get/file/getAttachList', { attachIds: attachId });
      expectClean(`getAttachList "${attachId.slice(0, 40)}"`, list);
      expect(list.body.data ?? []).toEqual([]);
      // A file field naming it: refused, or stored as an id no one can read through it.
      const contract = await s.post(admin, '/set/hr/insertHrContract', {
        userId: (await s.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow()).userId,
        contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01', attachIds: attachId,
      });
      expectClean(`insertHrContract attachIds "${attachId.slice(0, 40)}"`, contract);
    }
    expect((await s.get(admin, '/get/file/getFileDown', { attachId: real.body.data.attachId })).status).toBe(200);
  });
});
