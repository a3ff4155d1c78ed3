import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/** A 1×1 PNG: what the editor's image button uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Rich text (`richText` fields, here 会议纪要's content) is HTML kept by an allow-list on every write,
 * and the images the editor uploads are lent to the record's readers like its attachments.
 */
describe.each(databases)('rich text on $name', (database) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  let meetingId: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['lina', 'huangqiang', 'zhoujie']) tokens[account] = await s.login(account);
    const meeting = await s.server.ctx.database.db.selectFrom('office_meeting').select('meetingId').executeTakeFirstOrThrow();
    meetingId = String(meeting.meetingId);
  });
  afterAll(async () => { await s.stop(); });

  const upload = async (account: string) => {
    const res = await s.upload(tokens[account], '/set/file/uploadFile', { name: 'chart.png', content: PNG });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.attachId);
  };
  const insertNotes = (content: string) => s.post(tokens.lina, '/set/office/insertOfficeMeetingNotes', { meeting: meetingId, title: '富文本纪要', content });
  const download = (account: string, attachId: string) => s.get(tokens[account], '/get/file/getFileDown', { attachId });

  it('keeps formatting and drops what could run', async () => {
    const res = await insertNotes('<h2>议题</h2><p><strong>结论</strong><img src="x.png" onerror="alert(1)"><a href="javascript:alert(2)">点我</a>'
      + '<a href="https://example.com" target="_blank">官网</a></p><script>alert(3)</script><iframe src="https://evil.example"></iframe><p style="color:#ff0000;position:fixed">红字</p>');
    expect(res.body.code, res.body.message).toBe(200);
    const stored = String(res.body.data.content);
    expect(stored).toContain('<h2>议题</h2>');
    expect(stored).toContain('<strong>结论</strong>');
    expect(stored).toContain('<img src="x.png" />');
    expect(stored).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">官网</a>');
    expect(stored).toContain('<p style="color:#ff0000">红字</p>');
    for (const bad of ['onerror', 'javascript:', '<script', 'alert(3)', '<iframe', 'position']) expect(stored).not.toContain(bad);
    const row = await s.server.ctx.database.db.selectFrom('office_meeting_notes').select('content').where('notesId', '=', String(res.body.data.notesId)).executeTakeFirstOrThrow();
    expect(row.content).toBe(stored);
  });

  it('lends an uploaded image to the record\'s readers, and takes it back when the text drops it', async () => {
    const attachId = await upload('lina');
    expect((await download('huangqiang', attachId)).status).toBe(403);
    const res = await insertNotes(`<p>附图</p><img src="blob:http://localhost/abc" data-attach-id="${attachId}" alt="chart.png">`);
    expect(res.body.code, res.body.message).toBe(200);
    const stored = String(res.body.data.content);
    expect(stored).toBe(`<p>附图</p><img alt="chart.png" data-attach-id="${attachId}" />`);
    // The office administrator reads every unit's minutes, so the image too.
    const read = await download('huangqiang', attachId);
    expect(read.status).toBe(200);
    const changed = await s.post(tokens.lina, '/set/office/updateOfficeMeetingNotes', { notesId: res.body.data.notesId, content: '<p>去掉了图片</p>', rowVersion: res.body.data.rowVersion });
    expect(changed.body.code, changed.body.message).toBe(200);
    expect((await download('huangqiang', attachId)).status).toBe(403);
  });

  it('refuses an image that is someone else\'s upload', async () => {
    const theirs = await upload('zhoujie');
    const res = await insertNotes(`<p>借用</p><img data-attach-id="${theirs}">`);
    expect(res.body.code).toBe(100);
    expect((await download('lina', theirs)).status).toBe(403);
  });
});
