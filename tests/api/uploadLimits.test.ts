import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { readConfig } from '../../server/config';
import { JOBS } from '../../server/scheduler/jobs';
import { purgeUnlinkedAttachments } from '../../server/files/purgeUnlinkedAttachments';
import { newId, nowText } from '../../server/http/newId';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();
const KB = 1024;
const HOUR = 3_600_000;

/**
 * Uploads: an empty file is refused, each user's files together stay under UPLOAD_QUOTA_MB,
 * files no record holds are removed after a day by the purgeUnlinkedAttachments task, and
 * hostile names and attachment ids stay harmless.
 */
describe.each(databases)('upload limits on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let liuyang: string;
  let hr: string;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(database, { UPLOAD_QUOTA_MB: '1' });
    [lina, liuyang, hr, admin] = await Promise.all(['lina', 'liuyang', 'zhangwei', 'admin'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const attachRow = (attachId: string) => db().selectFrom('sys_attach').selectAll().where('attachId', '=', attachId).executeTakeFirst();
  const attachCount = async () => (await db().selectFrom('sys_attach').select('attachId').execute()).length;
  const filesOnDisk = () => {
    const root = path.join(s.dataDir, 'attachments');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };
  const upload = (token: string, name: string, bytes: number) =>
    s.upload(token, '/set/file/uploadFile', { name, content: Buffer.alloc(bytes, 7) }, { module: 'fixedattach' });
  const uploaded = async (token: string, name: string, bytes = 100) => {
    const res = await upload(token, name, bytes);
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.attachId);
  };
  const onDisk = async (attachId: string) => {
    const row = await attachRow(attachId);
    return Boolean(row) && fs.existsSync(path.join(s.dataDir, String(row!.storedPath)));
  };

  it('refuses an empty file with a clear message and keeps nothing', async () => {
    const [rows, files] = [await attachCount(), filesOnDisk()];
    for (const call of ['/set/file/uploadFile', '/set/file/uploadImg']) {
      const res = await s.upload(lina, call, { name: call.endsWith('Img') ? '空.png' : '空.pdf', content: Buffer.alloc(0) });
      expect(res.status, call).toBe(200);
      expect(res.body, call).toMatchObject({ code: 100, message: '不能上传空文件（0 字节）' });
    }
    expect(await attachCount()).toBe(rows);
    expect(filesOnDisk()).toBe(files);
  });

  it('keeps each user under the storage quota, counting only their own files', async () => {
    await uploaded(lina, '报告一.pdf', 600 * KB);
    const [rows, files] = [await attachCount(), filesOnDisk()];
    const over = await upload(lina, '报告二.pdf', 600 * KB);
    expect(over.body).toMatchObject({ code: 100, message: '附件存储空间不足：每人最多 1 MB，已使用 0.6 MB，本文件 0.6 MB' });
    expect(await attachCount()).toBe(rows);
    expect(filesOnDisk()).toBe(files);
    // What still fits is accepted; another user's quota is their own.
    await uploaded(lina, '小文件.pdf', 300 * KB);
    await uploaded(liuyang, '报告二.pdf', 600 * KB);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(600 * KB)]), 'report.pdf');
    const english = await rawCall(s, lina, 'POST', '/set/file/uploadFile', { headers: { 'X-Lang': 'en' }, body: form });
    expect(english.body.code).toBe(100);
    expect(english.body.message).toBe('Not enough attachment storage: each user may store 1 MB, 0.9 MB are used and this file has 0.6 MB');
  });

  it('reads UPLOAD_QUOTA_MB (1024 MB by default, 0 for none) and refuses a value that is no size', () => {
    expect(readConfig({}).uploadQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(readConfig({ UPLOAD_QUOTA_MB: '0' }).uploadQuotaBytes).toBe(0);
    for (const bad of ['lots', '-5']) expect(() => readConfig({ UPLOAD_QUOTA_MB: bad })).toThrow('UPLOAD_QUOTA_MB');
  });

  it('removes files no record holds once they are a day old, from the table and the disk', async () => {
    const abandoned = await uploaded(hr, '草稿.pdf');
    const held = await uploaded(hr, '合同扫描件.pdf');
    const released = await uploaded(hr, '旧合同.pdf');
    const signature = await uploaded(hr, '签名.png');
    const signer = await db().selectFrom('sys_user').select(['userId']).where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const contract = async (contractNo: string, attachIds: string) => {
      const res = await s.post(hr, '/set/hr/insertHrContract', {
        contractNo, userId: signer.userId, contractType: 'service', startDate: '2030-01-01', endDate: '2030-12-31', attachIds,
      });
      expect(res.body.code, res.body.message).toBe(200);
      return String(res.body.data.contractId);
    };
    await contract('UL-1', held);
    const gone = await contract('UL-2', released);
    expect((await s.post(hr, '/set/hr/deleteHrContract', { id: gone })).body.code).toBe(200);
    // A signed flow decision keeps the signature image it was signed with, even after the signer replaces it.
    await db().insertInto('sys_flow_log').values({
      logId: newId(), entity: 'OfficeOut', recordId: newId(), transition: 'approve', fromState: 'applied', toState: 'approved',
      userId: signer.userId, opinion: null, createTime: nowText(), verifyMethod: 'password', signImage: signature,
    }).execute();

    // Fresh files stay, whoever holds them: the form they were uploaded for may not be saved yet.
    expect(await JOBS.purgeUnlinkedAttachments(s.server.ctx)).toContain('removed 0 unlinked attachments');
    for (const id of [abandoned, held, released, signature]) expect(await onDisk(id), id).toBe(true);

    const message = await purgeUnlinkedAttachments(s.server.ctx, new Date(Date.now() + 25 * HOUR));
    expect(await attachRow(abandoned)).toBeUndefined();
    expect(await attachRow(released)).toBeUndefined();
    expect(await onDisk(held)).toBe(true);
    expect(await onDisk(signature)).toBe(true);
    // lina's and liuyang's files of the quota test are unlinked too.
    expect(message).toMatch(/^removed [4-9] unlinked attachments \(\d+ bytes\) older than 24 hours$/);
    const paths = await db().selectFrom('sys_attach').select('storedPath').execute();
    expect(filesOnDisk()).toBe(paths.length);
    // Space freed counts for the quota again.
    await uploaded(lina, '报告二.pdf', 600 * KB);
    const download = await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${held}`, { headers: { Authorization: `Bearer ${hr}` } });
    expect(download.status).toBe(200);
  });

  it('runs as the scheduled task 清理无主附件', async () => {
    const task = await s.post(admin, '/set/system/insertScheduledTask', { taskName: '清理无主附件', jobName: 'purgeUnlinkedAttachments', cron: '0 4 * * *' });
    expect(task.body.code, task.body.message).toBe(200);
    const run = await s.post(admin, '/set/system/runScheduledTask', { id: task.body.data.taskId });
    expect(run.body.data).toMatchObject({ status: 'success', message: expect.stringContaining('unlinked attachments') });
  });

  it('keeps path tricks in file names and attachment ids harmless', async () => {
    const res = await s.upload(lina, '/set/file/uploadFile', { name: 'a\u0000b/../..\\..\\x\u0001.pdf', content: 'payload' });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.fileName).toBe('x.pdf');
    const row = (await attachRow(res.body.data.attachId))!;
    expect(path.resolve(s.dataDir, String(row.storedPath)).startsWith(path.join(s.dataDir, 'attachments') + path.sep)).toBe(true);

    const hostile = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', 'C:\\Windows\\win.ini', `${row.attachId}\u0000.pdf`, String(row.storedPath), '.', ''];
    for (const attachId of hostile) {
      const down = await rawCall(s, lina, 'GET', '/get/file/getFileDown', { query: { attachId } });
      // Unknown (404), or refused as a request no call can mean (a NUL byte: code 100); never the file.
      expect([down.status, down.body.code], JSON.stringify(attachId)).toEqual(attachId.includes('\u0000') ? [200, 100] : [404, 404]);
      expect(JSON.stringify(down.body)).not.toMatch(/root:|stack|SELECT|sys_attach/i);
    }
    const list = await rawCall(s, lina, 'GET', '/get/file/getAttachList', { query: { attachIds: hostile.filter((id) => id && !id.includes('\u0000')).join(',') } });
    expect(list.body).toMatchObject({ code: 200, data: [] });
    // A record cannot be made to hold a path instead of an attachment.
    const contract = await s.post(hr, '/set/hr/insertHrContract', {
      contractNo: 'UL-3', userId: row.createUser, contractType: 'service', startDate: '2030-01-01', endDate: '2030-12-31', attachIds: '../../etc/passwd',
    });
    expect(contract.body.code).toBe(100);
    expect((await s.get(lina, '/get/file/getAttachList', { attachIds: row.attachId })).body.data).toHaveLength(1);
  });
});
