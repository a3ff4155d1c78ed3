import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { COMPRESS_MIN_BYTES } from '../../server/http/jsonCompression';
import { ENCRYPTED_RESPONSE_HEADER, decryptData, encryptFields } from '../../runtime/core/crypto';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();
const SM4_KEY = '0123456789abcdeffedcba9876543210';

interface RawAnswer { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** One request whose body is read as it crossed the wire (fetch would decompress it unasked). */
function rawGet(baseUrl: string, url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http.get(`${baseUrl}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(answer: RawAnswer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br': return zlib.brotliDecompressSync(answer.body);
    case 'gzip': return zlib.gunzipSync(answer.body);
    case undefined: return answer.body;
    default: throw new Error(`unexpected Content-Encoding ${answer.headers['content-encoding']}`);
  }
}

function expectSecurityHeaders(answer: RawAnswer): void {
  expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
}

/** The built app (E2E_DIST or dist/, `npm run build`): its brotli and gzip siblings come from the build. */
const dist = path.resolve(process.env.E2E_DIST ?? 'dist');

describe('the built app: precompressed, negotiated and cached by kind', () => {
  let server: BuiltServer;
  let baseUrl: string;
  let dataDir: string;
  let script: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: run \`npm run build\` first`);
    // The largest script index.html loads: the entry itself may be under the precompression threshold.
    const scripts = [...fs.readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    script = scripts.sort((a, b) => fs.statSync(path.join(dist, b)).size - fs.statSync(path.join(dist, a)).size)[0];
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-assets-'));
    server = await buildServer({ ...readConfig({ DATA_DIR: dataDir, SCHEDULER: '0' }), staticDir: dist, databaseUrl: undefined });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a brotli and a gzip sibling for every sizeable script and style sheet of the build', () => {
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    const sizeable = assets.filter((name) => fs.statSync(path.join(dist, 'assets', name)).size >= 1024);
    expect(sizeable.length).toBeGreaterThan(10);
    for (const name of sizeable) {
      expect(fs.existsSync(path.join(dist, 'assets', `${name}.br`)), `${name}.br`).toBe(true);
      expect(fs.existsSync(path.join(dist, 'assets', `${name}.gz`)), `${name}.gz`).toBe(true);
    }
  });

  it('sends the brotli, gzip or plain bytes of a script by Accept-Encoding, each the same script', async () => {
    const original = fs.readFileSync(path.join(dist, script));
    const br = await rawGet(baseUrl, script, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(baseUrl, script, { 'Accept-Encoding': 'gzip' });
    const identity = await rawGet(baseUrl, script, { 'Accept-Encoding': 'identity' });
    const none = await rawGet(baseUrl, script);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gzip, identity, none]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(answer).equals(original)).toBe(true);
      expectSecurityHeaders(answer);
    }
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(original.length);
  });

  it('caches hashed assets for a year, immutable, and has index.html and client routes revalidated', async () => {
    expect((await rawGet(baseUrl, script)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/login', '/hr/contract?x=1']) {
      const page = await rawGet(baseUrl, url, { 'Accept-Encoding': 'br' });
      expect(page.status, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(decoded(page).toString(), url).toContain('<div id="root">');
      expectSecurityHeaders(page);
    }
  });

  it('keeps the compressed siblings off the URL space and answers ranges of an asset', async () => {
    expect((await rawGet(baseUrl, `${script}.br`)).headers['content-type']).toMatch(/^text\/html/);
    const original = fs.readFileSync(path.join(dist, script));
    const range = await rawGet(baseUrl, script, { Range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.body.equals(original.subarray(0, 100))).toBe(true);
  });
});

describe.each(databases)('/capi answers compressed above 1 KB on $name', (database) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
  });
  afterAll(async () => { await s.stop(); });

  const auth = () => ({ Authorization: `Bearer ${admin}` });

  it('compresses a large JSON answer by Accept-Encoding and leaves identity alone', async () => {
    const url = '/capi/get/system/myMenus';
    const plain = await rawGet(s.baseUrl, url, auth());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const json = JSON.parse(plain.body.toString());
    expect(json.code).toBe(200);
    for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['gzip;q=1, br;q=0.5', 'gzip'], ['br;q=0, gzip;q=0', undefined], ['*', 'br']] as const) {
      const answer = await rawGet(s.baseUrl, url, { ...auth(), 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(coding);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoded(answer).toString()), accept).toEqual(json);
      if (coding) expect(answer.body.length, accept).toBeLessThan(plain.body.length);
      expectSecurityHeaders(answer);
    }
  });

  it('sends a JSON answer under 1 KB as it is', async () => {
    const answer = await rawGet(s.baseUrl, '/capi/get/system/getEncryptionConfig', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 200 });
  });

  it('sends an attachment download and an xlsx file byte for byte, never compressed again', async () => {
    // Highly compressible bytes: a compressed answer could not pass for the original.
    const content = Buffer.from(`%PDF-1.7\n${'x'.repeat(5000)}`);
    const uploaded = await s.upload(admin, '/set/file/uploadFile', { name: 'report.pdf', content });
    expect(uploaded.body.code, uploaded.body.message).toBe(200);
    const download = await rawGet(s.baseUrl, `/capi/get/file/getFileDown?attachId=${uploaded.body.data.attachId}`, { ...auth(), 'Accept-Encoding': 'br, gzip' });
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.body.equals(content)).toBe(true);

    const template = await rawGet(s.baseUrl, '/capi/get/hr/getHrContractImportTemplate', { ...auth(), 'Accept-Encoding': 'br, gzip' });
    expect(template.status).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    expect(template.headers['content-encoding']).toBeUndefined();
    expect(template.body.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('/capi compression in the SM4 mode', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(databases[0], { SM4_KEY, ENCRYPTION_TYPE: '1' });
    // Signed in as the browser does in this mode: every value sealed, the answer's data too.
    const login = await fetch(`${s.baseUrl}/capi/get/system/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json;charset=UTF-8', 'x-encrypted': 'sm4' },
      body: JSON.stringify(encryptFields({ accountId: 'admin', password: 'Admin@123' }, SM4_KEY)),
    });
    admin = (decryptData((await login.json()).data, SM4_KEY) as { token: string }).token;
  });
  afterAll(async () => { await s.stop(); });

  it('compresses the sealed answer, which still opens with the key', async () => {
    const answer = await rawGet(s.baseUrl, '/capi/get/system/myMenus', { Authorization: `Bearer ${admin}`, 'Accept-Encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers[ENCRYPTED_RESPONSE_HEADER]).toBeTruthy();
    const envelope = JSON.parse(decoded(answer).toString());
    expect(envelope.code).toBe(200);
    expect(typeof envelope.data).toBe('string');
    const plain = await rawGet(s.baseUrl, '/capi/get/system/myMenus', { Authorization: `Bearer ${admin}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decryptData(envelope.data, SM4_KEY)).toEqual(decryptData(JSON.parse(plain.body.toString()).data, SM4_KEY));
  });
});
