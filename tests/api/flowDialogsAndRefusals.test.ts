import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_EXTENSIONS } from '../../runtime/core/constants';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();

/**
 * Issue 12, parts 4, 8 and 9 on the server: a transition's own opinion field is the decision's
 * opinion, date-times picked to the minute are stored, the staff's my list answers where the
 * manage list refuses in words, and a refused upload names the types that may be uploaded.
 */
describe.each(databases)('flow opinions, my lists and upload refusals on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let wangfang: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, wangfang] = await Promise.all(['lina', 'wangfang'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });

  it('records the approval remark as the approval\'s opinion, the one box the dialog shows', async () => {
    const inserted = await s.post(lina, '/set/office/insertOfficeOut', {
      destination: '苏州工业园区', reason: '客户回访', transport: 'taxi', startTime: '2026-12-10 09:00', endTime: '2026-12-10 17:30',
    });
    expect(inserted.body.code, inserted.body.message).toBe(200);
    const id = String(inserted.body.data.outId);
    // Picked to the minute, stored with the wire's seconds.
    expect(inserted.body.data.startTime).toBe('2026-12-10 09:00:00');
    const approved = await s.post(wangfang, '/set/office/approveOfficeOut', {
      id, approveRemark: '同意，注意安全', opinion: '这一栏对话框里已经没有了', rowVersion: inserted.body.data.rowVersion,
    });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data.approveRemark).toBe('同意，注意安全');
    const log = await s.get(lina, '/get/system/getFlowLog', { entity: 'OfficeOut', id });
    expect(log.body.code, log.body.message).toBe(200);
    const decision = (log.body.data as { transition: string; opinion: string | null }[]).find((entry) => entry.transition === 'approve');
    expect(decision?.opinion).toBe('同意，注意安全');
  });

  it('answers a staff user\'s own contracts on the my list; the manage list refuses in words, never with the code', async () => {
    const mine = await s.get(lina, '/get/hr/getMyHrContractList', { page: 1, pageSize: 10 });
    expect(mine.body.code, mine.body.message).toBe(200);
    expect(mine.body.data.total).toBeGreaterThan(0);
    const manage = await s.get(lina, '/get/hr/getHrContractList', { page: 1, pageSize: 10 });
    expect(manage.status).toBe(403);
    expect(manage.body.message).not.toMatch(/hr:HrContract|:list/);
    expect(manage.body.message).toContain('劳动合同');
    const english = await rawCall(s, lina, 'GET', '/get/hr/getHrContractList', { headers: { 'X-Lang': 'en' }, query: { page: '1', pageSize: '10' } });
    expect(english.status).toBe(403);
    expect(english.body.message).not.toMatch(/hr:HrContract/);
  });

  it('names the allowed file types when it refuses an upload, in both languages', async () => {
    const upload = (lang: string) => {
      const form = new FormData();
      form.append('module', 'fixedattach');
      form.append('file', new Blob([Buffer.from('MZ not really a program')]), '安装程序.exe');
      return rawCall(s, lina, 'POST', '/set/file/uploadFile', { headers: { 'X-Lang': lang }, body: form });
    };
    const zh = await upload('zh-CN');
    expect(zh.body.code).toBe(100);
    expect(zh.body.message).toBe(`不支持的文件类型：exe。可上传的类型：${[...ALLOWED_EXTENSIONS].join('、')}`);
    const en = await upload('en');
    expect(en.body.code).toBe(100);
    expect(en.body.message).toBe(`File type not supported: exe. Allowed types: ${[...ALLOWED_EXTENSIONS].join(', ')}`);
    expect(en.body.message).toContain('pdf, ofd');
  });
});
