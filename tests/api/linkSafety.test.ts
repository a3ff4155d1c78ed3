import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/** Values a browser would follow as script, or to another site, dressed up as links. */
const HOSTILE_LINKS = [
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript\n:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/\\evil.example/x',
  'https:evil.example',
  'http://',
  '/office\u0007/out',
];

describe.each(databases)('stored links are in-app paths or web addresses only, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const menuPaths = async () => (await db().selectFrom('sys_menu').select(['path', 'url']).execute()).flatMap((r) => [r.path, r.url]);
  const shortcutPaths = async () => (await db().selectFrom('sys_shortcut').select('path').execute()).map((r) => r.path);
  const noneHostile = (values: unknown[]) => values.filter((v) => typeof v === 'string' && HOSTILE_LINKS.includes(v));

  it('refuses hostile menu paths and iframe URLs on insert and update, with a clear message', async () => {
    for (const [index, path] of HOSTILE_LINKS.entries()) {
      const res = await s.post(admin, '/set/system/insertMenu', { name: `bad_${index}`, title: '坏链接', menuType: 'page', path, entity: 'OfficeOut' });
      expect(res.status, path).toBe(200);
      expect(res.body.code, path).toBe(100);
      expect(res.body.message, path).toContain('链接应为以 / 开头的系统内路径或 http(s):// 开头的网址');
      const frame = await s.post(admin, '/set/system/insertMenu', { name: `bad_frame_${index}`, title: '坏内嵌', menuType: 'iframe', path: '/frame', url: path });
      expect(frame.body.code, path).toBe(100);
    }
    const made = await s.post(admin, '/set/system/insertMenu', { name: 'good_link', title: '好链接', menuType: 'iframe', path: '/good', url: 'https://www.example.cn/a?b=1' });
    expect(made.body.code, made.body.message).toBe(200);
    const menuId = String(made.body.data.menuId);
    for (const url of HOSTILE_LINKS) {
      const res = await s.post(admin, '/set/system/updateMenu', { menuId, name: 'good_link', title: '好链接', menuType: 'iframe', path: '/good', url });
      expect(res.body.code, url).toBe(100);
    }
    const inApp = await s.post(admin, '/set/system/updateMenu', { menuId, name: 'good_link', title: '好链接', menuType: 'iframe', path: '/good', url: '/personal/message?x=1' });
    expect(inApp.body.code, inApp.body.message).toBe(200);
    expect(noneHostile(await menuPaths())).toEqual([]);
  });

  it('refuses hostile shortcut paths on insert and update, in English too', async () => {
    for (const path of HOSTILE_LINKS) {
      const res = await s.post(admin, '/set/system/insertShortcut', { title: '坏快捷', path, openMode: 'self' });
      expect(res.body.code, path).toBe(100);
    }
    const english = await fetch(`${s.baseUrl}/capi/set/system/insertShortcut`, {
      method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: new URLSearchParams({ title: 'bad', path: 'javascript:alert(1)', openMode: 'self' }),
    });
    expect(((await english.json()) as { message: string }).message).toContain('A link must be an in-app path starting with / or a web address');
    const made = await s.post(admin, '/set/system/insertShortcut', { title: '好快捷', path: '/office/out', openMode: 'self' });
    expect(made.body.code, made.body.message).toBe(200);
    for (const path of HOSTILE_LINKS) {
      const res = await s.post(admin, '/set/system/updateShortcut', { shortcutId: made.body.data.shortcutId, title: '好快捷', path, openMode: 'self' });
      expect(res.body.code, path).toBe(100);
    }
    expect(noneHostile(await shortcutPaths())).toEqual([]);
  });

  it('refuses a hostile link in a system message', async () => {
    const me = await s.get(admin, '/get/system/getUserInfo');
    const res = await s.post(admin, '/set/system/insertSysMessage', { title: '坏消息', receiverId: me.body.data.userId, msgType: 'system', link: 'javascript:alert(1)' });
    expect(res.body.code).toBe(100);
    const ok = await s.post(admin, '/set/system/insertSysMessage', { title: '好消息', receiverId: me.body.data.userId, msgType: 'system', link: '/office/out' });
    expect(ok.body.code, ok.body.message).toBe(200);
  });

  it('offers no import of menus or shortcuts: the generic import, which checks links like a form, is not open to them', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('导入').addRow(['路径']).commit();
    book.worksheets[0].addRow(['javascript:alert(1)']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    for (const entity of ['Menu', 'Shortcut']) {
      const res = await s.upload(admin, `/set/system/import${entity}`, { name: '导入.xlsx', content: file });
      expect(res.status, entity).toBe(404);
    }
    expect(noneHostile([...(await menuPaths()), ...(await shortcutPaths())])).toEqual([]);
  });
});
