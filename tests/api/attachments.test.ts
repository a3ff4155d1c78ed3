import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/** Every file under a folder, relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe.each(databases)('attachments (upload, list, download) on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let liuyang: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang] = await Promise.all([s.login('lina'), s.login('liuyang')]);
  });
  afterAll(async () => { await s.stop(); });

  const attachDir = () => path.join(s.dataDir, 'attachments');
  const attachRow = (attachId: string) => s.server.ctx.database.db.selectFrom('sys_attach').selectAll().where('attachId', '=', attachId).executeTakeFirst();
  const attachCount = async () => (await s.server.ctx.database.db.selectFrom('sys_attach').select('attachId').execute()).length;

  async function download(token: string | undefined, attachId: string, method: 'GET' | 'POST' = 'GET'): Promise<Response> {
    const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const params = new URLSearchParams({ attachId, extName: 'pdf' });
    return method === 'GET'
      ? fetch(`${s.baseUrl}/capi/get/file/getFileDown?${params}`, { headers: auth })
      : fetch(`${s.baseUrl}/capi/get/file/getFileDown`, { method: 'POST', headers: auth, body: params });
  }

  it('stores an upload and answers {fileName, attachId, extName, fileSize}', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);
    const res = await s.upload(lina, '/set/file/uploadFile', { name: '合同扫描件.pdf', content }, { module: 'fixedattach' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ fileName: '合同扫描件.pdf', attachId: expect.any(String), extName: 'pdf', fileSize: content.length });
    const row = (await attachRow(res.body.data.attachId))!;
    expect(row).toMatchObject({ name: '合同扫描件.pdf', extName: 'pdf', module: 'fixedattach' });
    expect(Number(row.fileSize)).toBe(content.length);
    // On disk under dataDir/attachments/…, with exactly these bytes, under a name that owes nothing to the user's.
    const stored = path.join(s.dataDir, String(row.storedPath));
    expect(stored.startsWith(attachDir() + path.sep)).toBe(true);
    expect(fs.readFileSync(stored).equals(content)).toBe(true);
    for (const part of ['合同', '扫描件', '.pdf', 'pdf']) expect(String(row.storedPath)).not.toContain(part);
  });

  it('keeps hostile file names harmless: nothing is written outside the attachment folder', async () => {
    const before = new Set(filesUnder(s.dataDir));
    for (const name of ['../../etc/passwd.pdf', '..\\..\\evil.pdf', '/etc/cron.d/x.pdf', 'a/../../b.pdf']) {
      const res = await s.upload(lina, '/set/file/uploadFile', { name, content: `payload ${name}` }, { module: 'fixedattach' });
      expect(res.body.code, name).toBe(200);
      expect(res.body.data.fileName).not.toContain('/');
      expect(res.body.data.fileName).not.toMatch(/^\.\./);
      const row = (await attachRow(res.body.data.attachId))!;
      expect(String(row.storedPath)).not.toContain('..');
      expect(fs.readFileSync(path.join(s.dataDir, String(row.storedPath)), 'utf8')).toBe(`payload ${name}`);
    }
    const added = filesUnder(s.dataDir).filter((f) => !before.has(f) && !/\.sqlite(-wal|-shm)?$/.test(f));
    expect(added).toHaveLength(4);
    expect(added.every((f) => f.startsWith(`attachments${path.sep}`))).toBe(true);
    expect(fs.existsSync(path.resolve(s.dataDir, '..', 'evil.pdf'))).toBe(false);
  });

  it('refuses disallowed extensions (and no extension) with code 100, storing nothing', async () => {
    const rows = await attachCount();
    const files = filesUnder(attachDir()).length;
    for (const [name, shown] of [['setup.exe', 'exe'], ['README', '?'], ['script.pdf.sh', 'sh'], ['.pdf', '?']] as const) {
      const res = await s.upload(lina, '/set/file/uploadFile', { name, content: 'MZ' }, { module: 'fixedattach' });
      expect(res.status, name).toBe(200);
      expect(res.body.code, name).toBe(100);
      // The refusal names the types that are allowed, so the user knows what to send instead.
      expect(res.body.message, name).toMatch(new RegExp(`^不支持的文件类型：${shown.replace('?', '\\?')}。可上传的类型：`));
      expect(res.body.message, name).toContain('docx');
      expect(res.body.message, name).toContain('pdf');
    }
    expect(await attachCount()).toBe(rows);
    expect(filesUnder(attachDir())).toHaveLength(files);
  });

  it('refuses a .pdf on uploadImg and accepts a png there', async () => {
    const pdf = await s.upload(lina, '/set/file/uploadImg', { name: 'scan.pdf', content: '%PDF' });
    expect(pdf.body.code).toBe(100);
    expect(pdf.body.message).toBe('上传文件只能是图片格式（gif、jpeg、png）');
    const png = await s.upload(lina, '/set/file/uploadImg', { name: 'photo.PNG', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    expect(png.body.code).toBe(200);
    expect(png.body.data).toMatchObject({ fileName: 'photo.PNG', extName: 'png', fileSize: 4 });
    expect(png.body.data.src).toContain(png.body.data.attachId);
  });

  it('refuses an upload without a file, and without a session', async () => {
    const form = new FormData();
    form.append('module', 'fixedattach');
    const noFile = await fetch(`${s.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: { Authorization: `Bearer ${lina}` }, body: form });
    expect((await noFile.json()).code).toBe(100);
    const anonymous = await s.upload(undefined, '/set/file/uploadFile', { name: 'a.pdf', content: 'x' });
    expect(anonymous.status).toBe(401);
  });

  it('lists attachment metadata in the order asked, skipping unknown ids', async () => {
    const a = (await s.upload(lina, '/set/file/uploadFile', { name: 'first.docx', content: 'aaaa' }, { module: 'fixedattach' })).body.data;
    const b = (await s.upload(lina, '/set/file/uploadFile', { name: '第二个.xlsx', content: 'bb' }, { module: 'fixedattach' })).body.data;
    const res = await s.get(lina, '/get/file/getAttachList', { attachIds: `${b.attachId},no-such-id,${a.attachId}` });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual([
      { attachId: b.attachId, name: '第二个.xlsx', extName: 'xlsx', fileSize: 2, createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      { attachId: a.attachId, name: 'first.docx', extName: 'docx', fileSize: 4, createTime: expect.any(String) },
    ]);
    expect((await s.get(lina, '/get/file/getAttachList', { attachIds: '' })).body.data).toEqual([]);
  });

  it('downloads by GET and by POST with the bytes and an RFC 5987 UTF-8 file name', async () => {
    const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const up = (await s.upload(lina, '/set/file/uploadFile', { name: '合同 扫描件(终版).pdf', content }, { module: 'fixedattach' })).body.data;
    for (const method of ['GET', 'POST'] as const) {
      const res = await download(lina, up.attachId, method);
      expect(res.status, method).toBe(200);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toContain('attachment');
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('合同 扫描件(终版).pdf')}`);
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)![1];
      expect(decodeURIComponent(encoded)).toBe('合同 扫描件(终版).pdf');
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    }
    // A file no record holds is its uploader's alone, even for a colleague of the same unit (attachmentAccess.test.ts).
    expect((await download(liuyang, up.attachId)).status).toBe(403);
  });

  it('answers 404 for an unknown attachment and 401 without a token', async () => {
    const unknown = await download(lina, 'no-such-attachment');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe(404);
    const up = (await s.upload(lina, '/set/file/uploadFile', { name: 'x.pdf', content: 'x' })).body.data;
    const anonymous = await download(undefined, up.attachId);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe(401);
    expect((await s.get(undefined, '/get/file/getAttachList', { attachIds: up.attachId })).status).toBe(401);
  });

  describe('with MAX_UPLOAD_MB=1', () => {
    let small: TestServer;
    beforeAll(async () => { small = await startTestServer(database, { MAX_UPLOAD_MB: '1' }); });
    afterAll(async () => { await small.stop(); });

    it('refuses a 1.5 MB upload with code 100 naming the MB limit, leaving no file and no row', async () => {
      const token = await small.login('lina');
      const content = Buffer.alloc(1.5 * 1024 * 1024, 0x41);
      // The demo data holds files of its own (the red-header templates): nothing may be added to them.
      const filesBefore = filesUnder(path.join(small.dataDir, 'attachments'));
      const rowsBefore = await small.server.ctx.database.db.selectFrom('sys_attach').selectAll().execute();
      const res = await small.upload(token, '/set/file/uploadFile', { name: 'big.pdf', content }, { module: 'fixedattach' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('上传文件大小不能超过 1 MB');
      expect(filesUnder(path.join(small.dataDir, 'attachments'))).toEqual(filesBefore);
      expect(await small.server.ctx.database.db.selectFrom('sys_attach').selectAll().execute()).toEqual(rowsBefore);
      // Just under the limit is fine.
      const ok = await small.upload(token, '/set/file/uploadFile', { name: 'ok.pdf', content: Buffer.alloc(1024 * 1024 - 1, 0x42) });
      expect(ok.body.code).toBe(200);
      expect(ok.body.data.fileSize).toBe(1024 * 1024 - 1);
    });
  });
});
