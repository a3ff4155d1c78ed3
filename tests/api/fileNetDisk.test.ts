import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';
import { pngFile } from '../../server/modules/file/demoFileBytes';
import { fileModule } from '../../server/modules/file';

const databases = await databasesUnderTest();

/**
 * 文档中心 beyond the generic contract: the network disk (quota, tree rules, recycle bin), share
 * links (expiry, access code, throttling, the bytes), personal isolation (the administrator
 * included), public cabinet grants on list, download and upload, published regulations, and the
 * configuration's image uploads.
 */
describe.each(databases)('network disk, cabinets, regulations and image uploads, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let liuyang: string;
  let chenjing: string;
  let huangqiang: string;
  let zhangwei: string;
  let yanglei: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina, liuyang, chenjing, huangqiang, zhangwei, yanglei] = await Promise.all(
      ['admin', 'lina', 'liuyang', 'chenjing', 'huangqiang', 'zhangwei', 'yanglei'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const folder = async (token: string, name: string, parentId?: string) => {
    const res = await s.post(token, '/set/file/createNetDiskFolder', { name, parentId });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.itemId);
  };
  const upload = (token: string, name: string, content: Buffer | string, parentId?: string) =>
    s.upload(token, '/set/file/createNetDiskFile', { name, content }, parentId ? { parentId } : {});
  const items = async (token: string, parentId?: string) => (await s.get(token, '/get/file/getNetDiskItems', { parentId })).body.data;

  it('keeps a disk under its quota, counting the recycle bin until it is emptied', async () => {
    expect((await s.post(huangqiang, '/set/file/insertNetDiskQuota', { userId: users.liuyang.userId, quotaMb: 1 })).body.code).toBe(200);
    const first = await upload(liuyang, '接口文档.pdf', Buffer.alloc(700 * 1024, 'a'));
    expect(first.body.code, first.body.message).toBe(200);
    const refused = await upload(liuyang, '接口文档2.pdf', Buffer.alloc(700 * 1024, 'b'));
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toBe('网盘空间不足：配额 1 MB，已用 0.7 MB，本文件 0.7 MB。请先清理回收站或删除不需要的文件');
    expect((await items(liuyang)).usage).toEqual({ used: 700 * 1024, quota: 1024 * 1024 });
    // In the recycle bin the file still counts; emptied, the space is back.
    expect((await s.post(liuyang, '/set/file/recycleNetDiskItems', { itemIds: [first.body.data.itemId] })).body.code).toBe(200);
    expect((await upload(liuyang, '接口文档2.pdf', Buffer.alloc(700 * 1024, 'b'))).body.code).toBe(100);
    expect((await s.post(liuyang, '/set/file/emptyNetDiskRecycle', {})).body.data.removed).toBe(1);
    expect((await upload(liuyang, '接口文档2.pdf', Buffer.alloc(700 * 1024, 'b'))).body.code).toBe(200);
    // A type outside the allowed list and an empty file are refused before they count.
    expect((await upload(liuyang, 'run.exe', 'MZ')).body.code).toBe(100);
    expect((await upload(liuyang, '空.pdf', '')).body.code).toBe(100);
  });

  it('refuses a move into the folder itself or below it, and a name its folder already holds', async () => {
    const top = await folder(lina, '移动测试');
    const child = await folder(lina, '子目录', top);
    const grandchild = await folder(lina, '孙目录', child);
    for (const target of [top, child, grandchild]) {
      const res = await s.post(lina, '/set/file/moveNetDiskItems', { itemIds: [top], parentId: target });
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('不能把文件夹「移动测试」移动到它自己或它的子文件夹中');
    }
    const other = await folder(lina, '另一个');
    // Same name in the same folder: refused for new folders, renames and moves; other folders are free.
    expect((await s.post(lina, '/set/file/createNetDiskFolder', { name: '子目录', parentId: top })).body.message).toBe('此文件夹中已有名为「子目录」的项目');
    const sibling = await folder(lina, '子目录2', top);
    const clash = await postEn(s, lina, '/set/file/renameNetDiskItem', { itemId: sibling, name: '子目录' });
    expect(clash.body.message).toBe('This folder already holds an item named "子目录"');
    expect((await s.post(lina, '/set/file/renameNetDiskItem', { itemId: sibling, name: 'a/b' })).body.code).toBe(100);
    const file = await upload(lina, '子目录', 'x'.repeat(10), other);
    expect(file.body.code).toBe(100); // no extension: not an allowed type
    const txt = await upload(lina, '说明.pdf', 'hello', other);
    await upload(lina, '说明.pdf', 'again', child);
    expect((await s.post(lina, '/set/file/moveNetDiskItems', { itemIds: [txt.body.data.itemId], parentId: child })).body.message).toBe('此文件夹中已有名为「说明.pdf」的项目');
    // Uploading onto a taken name keeps both.
    expect((await upload(lina, '说明.pdf', 'third', other)).body.data.name).toBe('说明 (2).pdf');
    // A legal move: the folder with its content, into another folder.
    expect((await s.post(lina, '/set/file/moveNetDiskItems', { itemIds: [child], parentId: other })).body.code).toBe(200);
    const moved = await items(lina, child);
    expect(moved.path.map((p: { name: string }) => p.name)).toEqual(['另一个', '子目录']);
  });

  it('restores from the recycle bin into the folder or, when that is gone, the root; emptying removes for good', async () => {
    const box = await folder(lina, '回收测试');
    const note = await upload(lina, '待删.pdf', 'bye', box);
    const noteId = String(note.body.data.itemId);
    expect((await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [noteId] })).body.data.recycled).toBe(1);
    expect((await items(lina, box)).items).toHaveLength(0);
    const bin = (await s.get(lina, '/get/file/getNetDiskRecycleList')).body.data.items.map((i: { itemId: string }) => i.itemId);
    expect(bin).toContain(noteId);
    // A file with the same name meanwhile: the restored one is renamed.
    await upload(lina, '待删.pdf', 'new', box);
    const restored = await s.post(lina, '/set/file/restoreNetDiskItems', { itemIds: [noteId] });
    expect(restored.body.data.restored[0]).toMatchObject({ name: '待删 (2).pdf', parentId: box });
    // The folder deleted: what was inside it comes back at the root.
    await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [noteId] });
    await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [box] });
    expect((await s.post(lina, '/set/file/restoreNetDiskItems', { itemIds: [noteId] })).body.data.restored[0].parentId).toBeNull();
    // Emptying removes the folder with its content, and their file links.
    const removed = await s.post(lina, '/set/file/emptyNetDiskRecycle', { itemIds: [box] });
    expect(removed.body.data.removed).toBe(2);
    const db = s.server.ctx.database.db;
    expect(await db.selectFrom('file_net_disk_item').select('itemId').where('itemId', '=', box).executeTakeFirst()).toBeUndefined();
    const linked = await db.selectFrom('sys_attach_link').select('attachId').where('entity', '=', 'NetDiskItem').where('recordId', '=', box).execute();
    expect(linked).toHaveLength(0);
  });

  it('keeps a disk its owner\'s alone, the administrator included', async () => {
    const mine = await items(lina);
    const workFolder = mine.items.find((i: { name: string }) => i.name === '工作文档');
    expect(workFolder).toBeTruthy();
    const adminView = await items(admin);
    expect(adminView.items.map((i: { name: string }) => i.name)).not.toContain('工作文档');
    // Someone else's item is "not found", for reads and writes alike, through named and generic calls.
    expect((await s.get(admin, '/get/file/getNetDiskItems', { parentId: workFolder.itemId })).status).toBe(404);
    expect((await s.post(admin, '/set/file/renameNetDiskItem', { itemId: workFolder.itemId, name: '改名' })).status).toBe(404);
    expect((await s.post(zhangwei, '/set/file/recycleNetDiskItems', { itemIds: [workFolder.itemId] })).status).toBe(404);
    expect([403, 404]).toContain((await s.get(admin, '/get/file/getNetDiskItemById', { id: workFolder.itemId })).status);
    const adminList = (await s.get(admin, '/get/file/getNetDiskItemList', { pageSize: 100 })).body.data.list;
    expect(adminList.filter((r: { createUser: string }) => r.createUser === users.lina.userId)).toHaveLength(0);
    // Another's file cannot be shared either.
    const spec = (await items(lina, workFolder.itemId)).items.find((i: { name: string }) => i.name === '前端开发规范.docx');
    expect((await s.post(zhangwei, '/set/file/createNetDiskShare', { itemId: spec.itemId, days: 7 })).body.message).toBe('只能分享自己网盘中的文件或文件夹');
  });

  it('serves a share link: info, access code refused or accepted with the bytes, counted, expired, throttled', async () => {
    const content = Buffer.from('季度总结：门户访问量同比增长 35%。');
    const file = await upload(lina, '季度总结.pdf', content);
    const created = await s.post(lina, '/set/file/createNetDiskShare', { itemId: file.body.data.itemId, days: 7, withPassword: true });
    expect(created.body.code, created.body.message).toBe(200);
    const { token, password } = created.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(password).toMatch(/^[a-z0-9]{4}$/);
    const info = await s.get(undefined, '/get/file/getNetDiskShareInfo', { token });
    expect(info.body.data).toMatchObject({ itemName: '季度总结.pdf', itemType: 'file', needsPassword: true, sharer: '李娜', fileSize: content.length });
    expect(JSON.stringify(info.body.data)).not.toContain(password);
    // The code is kept as a salted scrypt hash beside the row, never in clear; the owner's list and
    // by-id answers say only that the link has one.
    const shareId = String(created.body.data.shareId);
    const stored = await s.server.ctx.database.db.selectFrom('file_net_disk_share_code').select('codeHash').where('shareId', '=', shareId).executeTakeFirstOrThrow();
    expect(String(stored.codeHash)).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{80,}$/);
    expect(String(stored.codeHash)).not.toContain(password);
    const own = await s.get(lina, '/get/file/getNetDiskShareById', { id: shareId });
    expect(own.body.data).toMatchObject({ hasCode: 1 });
    const listed = JSON.stringify((await s.get(lina, '/get/file/getNetDiskShareList', { pageSize: 100 })).body.data);
    for (const secret of [password, String(stored.codeHash)]) expect(JSON.stringify(own.body.data) + listed).not.toContain(secret);

    const download = (code: string, lang = 'zh-CN') => fetch(`${s.baseUrl}/capi/set/file/downloadNetDiskShare`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': lang }, body: JSON.stringify({ token, password: code }),
    });
    const wrong = await (await download('zzzz')).json();
    expect(wrong).toMatchObject({ code: 100, message: '提取码错误' });
    const right = await download(password);
    expect(right.status).toBe(200);
    expect(Buffer.from(await right.arrayBuffer()).equals(content)).toBe(true);
    const db = s.server.ctx.database.db;
    const row = await db.selectFrom('file_net_disk_share').select(['accessCount', 'failCount']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(Number(row.accessCount)).toBe(1);
    expect(Number(row.failCount)).toBe(0);

    // Five wrong codes in a row lock the link; the right one is refused while it is locked.
    for (let i = 0; i < 4; i += 1) expect((await (await download('yyyy')).json()).message).toBe('提取码错误');
    expect((await (await download('yyyy', 'en')).json()).message).toBe('Too many wrong access codes; try again in 15 minutes');
    expect((await (await download(password)).json()).code).toBe(100);

    // Expired: the page and the download say so.
    await db.updateTable('file_net_disk_share').set({ expireTime: '2026-01-01 00:00:00', lockedUntil: null }).where('token', '=', token).execute();
    const expired = await s.get(undefined, '/get/file/getNetDiskShareInfo', { token });
    expect(expired.body).toMatchObject({ code: 100, message: '分享链接已于 2026-01-01 00:00 过期' });
    expect((await (await download(password)).json()).code).toBe(100);
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token: 'no-such-token' })).status).toBe(404);
    // The seeded expired link too.
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token: 'demo-notes-2b8e5d0c97' })).body.code).toBe(100);
    // A file in the recycle bin is no longer shared.
    const other = await upload(lina, '临时.pdf', 'tmp');
    const open = await s.post(lina, '/set/file/createNetDiskShare', { itemId: other.body.data.itemId, days: 0 });
    expect(open.body.data.expireTime).toBeNull();
    await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [other.body.data.itemId] });
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token: open.body.data.token })).body.message).toBe('分享的文件已被删除');
  });

  const shareCall = (call: string, body: Record<string, unknown>) => fetch(`${s.baseUrl}/capi/set/file/${call}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': 'zh-CN' }, body: JSON.stringify(body),
  });
  const diskItemId = async (owner: string, name: string) => String((await s.server.ctx.database.db.selectFrom('file_net_disk_item').select('itemId')
    .where('createUser', '=', users[owner].userId).where('name', '=', name).executeTakeFirstOrThrow()).itemId);

  it('resets and removes a link\'s code for its owner only, shown once, lifting a lock, logged without the code', async () => {
    const file = await upload(lina, '重置测试.pdf', 'reset me');
    const created = (await s.post(lina, '/set/file/createNetDiskShare', { itemId: file.body.data.itemId, days: 1, password: 'first1' })).body.data;
    const { token, shareId } = created;
    expect(created.password).toBe('first1');
    const downloads = async (password?: string) => (await shareCall('downloadNetDiskShare', { token, password })).headers.get('content-disposition')?.startsWith('attachment') ?? false;
    expect((await s.post(zhangwei, '/set/file/resetNetDiskShareCode', { id: shareId })).status).toBe(404);
    // A locked link: the reset lifts the lock with the old code gone.
    for (let i = 0; i < 5; i += 1) await shareCall('downloadNetDiskShare', { token, password: 'nope' });
    expect(await (await shareCall('downloadNetDiskShare', { token, password: 'first1' })).json()).toMatchObject({ code: 100, message: '提取码错误次数过多，请 15 分钟后再试' });
    const reset = await s.post(lina, '/set/file/resetNetDiskShareCode', { id: shareId });
    expect(reset.body.code, reset.body.message).toBe(200);
    const fresh = String(reset.body.data.password);
    expect(fresh).toMatch(/^[a-z0-9]{4}$/);
    expect(reset.body.data.secretNote).toBe(`新的提取码：${fresh}（只显示这一次，请转交给要下载的人）`);
    expect((await s.server.ctx.database.db.selectFrom('file_net_disk_share').select(['failCount', 'lockedUntil']).where('shareId', '=', shareId).executeTakeFirstOrThrow()))
      .toMatchObject({ lockedUntil: null });
    expect((await (await shareCall('downloadNetDiskShare', { token, password: 'first1' })).json()).message).toBe('提取码错误');
    expect(await downloads(fresh)).toBe(true);
    // A typed code; then none at all.
    expect((await s.post(lina, '/set/file/resetNetDiskShareCode', { id: shareId, password: 'a' })).body.code).toBe(100);
    expect((await s.post(lina, '/set/file/resetNetDiskShareCode', { id: shareId, password: 'Typed2026' })).body.data.password).toBe('Typed2026');
    expect(await downloads(fresh)).toBe(false);
    expect(await downloads('Typed2026')).toBe(true);
    const cleared = await s.post(lina, '/set/file/clearNetDiskShareCode', { id: shareId });
    expect(cleared.body.data.password).toBeUndefined();
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token })).body.data.needsPassword).toBe(false);
    expect(await downloads()).toBe(true);
    expect((await s.get(lina, '/get/file/getNetDiskShareById', { id: shareId })).body.data.hasCode).toBe(0);
    const db = s.server.ctx.database.db;
    expect(await db.selectFrom('file_net_disk_share_code').select('shareId').where('shareId', '=', shareId).executeTakeFirst()).toBeUndefined();
    const log = await db.selectFrom('sys_operation_log').selectAll().where('entity', '=', 'NetDiskShare').where('recordId', '=', shareId).execute();
    expect(log.length).toBe(3);
    expect(JSON.stringify(log)).not.toMatch(new RegExp(`${fresh}|Typed2026|scrypt`));
    // Deleting the link takes its code along.
    await s.post(lina, '/set/file/resetNetDiskShareCode', { id: shareId });
    expect((await s.post(lina, '/set/file/deleteNetDiskShare', { id: shareId })).body.code).toBe(200);
    expect(await db.selectFrom('file_net_disk_share_code').select('shareId').where('shareId', '=', shareId).executeTakeFirst()).toBeUndefined();
  });

  it('hashes the codes an older version kept in clear, once, at start', async () => {
    const db = s.server.ctx.database.db;
    // The older table: its `password` column in clear (a new database has none).
    await db.schema.alterTable('file_net_disk_share').addColumn('password', 'text').execute();
    const file = await upload(lina, '旧链接.pdf', 'legacy bytes');
    const { shareId, token } = (await s.post(lina, '/set/file/createNetDiskShare', { itemId: file.body.data.itemId, days: 1 })).body.data;
    await db.updateTable('file_net_disk_share').set({ password: 'old9' }).where('shareId', '=', shareId).execute();
    await db.deleteFrom('sys_migration').where('migrationId', '=', 'hash net disk share codes').execute();
    await fileModule.upgradeData!(s.server.ctx);
    const row = await db.selectFrom('file_net_disk_share').select(['password', 'hasCode']).where('shareId', '=', shareId).executeTakeFirstOrThrow();
    expect(row.password).toBeNull();
    expect(Number(row.hasCode)).toBe(1);
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token })).body.data.needsPassword).toBe(true);
    expect((await (await shareCall('downloadNetDiskShare', { token, password: 'zzzz' })).json()).message).toBe('提取码错误');
    expect((await shareCall('downloadNetDiskShare', { token, password: 'old9' })).headers.get('content-disposition')).toContain('attachment');
    // Once: a clear value written afterwards is not touched by the next start.
    await db.updateTable('file_net_disk_share').set({ password: 'again1' }).where('shareId', '=', shareId).execute();
    await fileModule.upgradeData!(s.server.ctx);
    expect((await db.selectFrom('file_net_disk_share').select('password').where('shareId', '=', shareId).executeTakeFirstOrThrow()).password).toBe('again1');
  });

  it('shares a folder: its files and subfolders listed and downloaded inside it only, with expiry, code and lock', async () => {
    const db = s.server.ctx.database.db;
    // lina's folder tree for the move dialog: live folders with their parents.
    const tree = (await s.get(lina, '/get/file/getNetDiskFolderTree')).body.data as { itemId: string; name: string; parentId: string | null }[];
    const project = tree.find((f) => f.name === '项目资料')!;
    expect(tree.find((f) => f.name === '门户改版')?.parentId).toBe(project.itemId);
    expect(tree.map((f) => f.name)).not.toContain('招聘资料'); // zhangwei's

    // The seeded folder link: no code, so its content is open to anyone with the link.
    const token = 'demo-project-5e2b8c1f30';
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token })).body.data).toMatchObject({ itemName: '项目资料', itemType: 'folder', needsPassword: false, sharer: '李娜' });
    const top = await (await shareCall('listNetDiskShareFolder', { token })).json();
    expect(top.data.path.map((p: { name: string }) => p.name)).toEqual(['项目资料']);
    expect(top.data.items).toEqual([expect.objectContaining({ name: '门户改版', itemType: 'folder' })]);
    expect(JSON.stringify(top.data)).not.toMatch(/attachId|parentId/);
    const sub = top.data.items[0].itemId;
    const inner = await (await shareCall('listNetDiskShareFolder', { token, folderId: sub })).json();
    expect(inner.data.path.map((p: { name: string }) => p.name)).toEqual(['项目资料', '门户改版']);
    expect(inner.data.items.map((i: { name: string }) => i.name)).toEqual(['迭代计划.xlsx', '首页设计稿.png']);
    const png = inner.data.items.find((i: { name: string }) => i.name === '首页设计稿.png');
    const before = Number((await db.selectFrom('file_net_disk_share').select('accessCount').where('token', '=', token).executeTakeFirstOrThrow()).accessCount);
    const got = await shareCall('downloadNetDiskShare', { token, itemId: png.itemId });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain(encodeURIComponent('首页设计稿.png'));
    expect(Buffer.from(await got.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect(Number((await db.selectFrom('file_net_disk_share').select('accessCount').where('token', '=', token).executeTakeFirstOrThrow()).accessCount)).toBe(before + 1);

    // Nothing outside the shared folder, by any id: a sibling folder, a file beside it, another
    // person's file, a folder named as a file; a file id as a folder.
    const outside = [await diskItemId('lina', '工作文档'), await diskItemId('lina', '前端开发规范.docx'), await diskItemId('zhangwei', '面试评估表.xlsx'), sub];
    for (const itemId of outside) {
      const refused = await shareCall('downloadNetDiskShare', { token, itemId });
      expect(refused.status).toBe(404);
      expect((await refused.json()).message).toBe('该项目不在分享的文件夹中');
    }
    for (const folderId of [outside[0], outside[1], png.itemId, 'no-such-id']) {
      expect((await shareCall('listNetDiskShareFolder', { token, folderId })).status).toBe(404);
    }
    expect((await shareCall('downloadNetDiskShare', { token })).status).toBe(404); // a folder link downloads a file it names
    // A file link is no folder.
    expect((await (await shareCall('listNetDiskShareFolder', { token: 'demo-onboard-9c1d4e7a55' })).json()).message).toBe('这个链接分享的是文件，不是文件夹');

    // A folder of her own with a code: the content needs it too, wrong codes lock the link.
    const box = await folder(lina, '分享目录');
    const deep = await folder(lina, '深层', box);
    const kept = await upload(lina, '内部.pdf', 'inside the shared folder', deep);
    const created = (await s.post(lina, '/set/file/createNetDiskShare', { itemId: box, days: 7, withPassword: true })).body.data;
    expect(created).toMatchObject({ itemName: '分享目录', itemType: 'folder' });
    const coded = { token: created.token, password: created.password };
    expect((await (await shareCall('listNetDiskShareFolder', { token: created.token })).json()).message).toBe('提取码错误');
    const listed = await (await shareCall('listNetDiskShareFolder', { ...coded, folderId: deep })).json();
    expect(listed.data.items.map((i: { name: string }) => i.name)).toEqual(['内部.pdf']);
    const bytes = await shareCall('downloadNetDiskShare', { ...coded, itemId: kept.body.data.itemId });
    expect(Buffer.from(await bytes.arrayBuffer()).toString()).toBe('inside the shared folder');
    // A file put in the recycle bin leaves the share with it.
    await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [kept.body.data.itemId] });
    expect((await shareCall('downloadNetDiskShare', { ...coded, itemId: kept.body.data.itemId })).status).toBe(404);
    for (let i = 0; i < 4; i += 1) expect((await (await shareCall('listNetDiskShareFolder', { token: created.token, password: 'zzzz' })).json()).message).toBe('提取码错误');
    expect((await (await shareCall('listNetDiskShareFolder', { token: created.token, password: 'zzzz' })).json()).message).toBe('提取码错误次数过多，请 15 分钟后再试');
    expect((await (await shareCall('listNetDiskShareFolder', coded)).json()).code).toBe(100);
    // Expired, then deleted: said in words.
    await db.updateTable('file_net_disk_share').set({ expireTime: '2026-01-02 00:00:00', lockedUntil: null }).where('token', '=', created.token).execute();
    expect((await (await shareCall('listNetDiskShareFolder', coded)).json()).message).toBe('分享链接已于 2026-01-02 00:00 过期');
    await db.updateTable('file_net_disk_share').set({ expireTime: null }).where('token', '=', created.token).execute();
    await s.post(lina, '/set/file/recycleNetDiskItems', { itemIds: [box] });
    expect((await s.get(undefined, '/get/file/getNetDiskShareInfo', { token: created.token })).body.message).toBe('分享的文件夹已被删除');
  });

  it('enforces public folder grants for listing, downloading and uploading, added and removed in batches', async () => {
    const folders = (await s.get(chenjing, '/get/file/getMyPublicFolders')).body.data as { folderId: string; folderName: string; level: string }[];
    const byName = (name: string) => folders.find((f) => f.folderName === name);
    expect(byName('公司制度汇编')?.level).toBe('view');
    expect(byName('财务资料')?.level).toBe('manage'); // she manages it
    expect(byName('技术文档')).toBeUndefined();
    const tech = ((await s.get(huangqiang, '/get/file/getMyPublicFolders')).body.data as typeof folders).find((f) => f.folderName === '技术文档')!;
    expect(tech.level).toBe('manage'); // the file administrator

    // lina (前端开发组, below 技术研发部) reads it through the department grant.
    const listed = await s.get(lina, '/get/file/getPublicFolderFiles', { folderId: tech.folderId });
    expect(listed.body.data.level).toBe('upload');
    const attachId = listed.body.data.files[0].attachments[0].attachId;
    expect((await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${lina}` } })).status).toBe(200);
    // chenjing (财务部) holds nothing on it: list, download and upload are refused.
    expect((await s.get(chenjing, '/get/file/getPublicFolderFiles', { folderId: tech.folderId })).status).toBe(403);
    expect((await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${chenjing}` } })).status).toBe(403);
    expect((await s.upload(chenjing, '/set/file/uploadPublicFile', { name: '报表.pdf', content: '1' }, { folderId: tech.folderId })).status).toBe(403);
    // View is not upload.
    const rules = byName('公司制度汇编')!;
    expect((await s.upload(chenjing, '/set/file/uploadPublicFile', { name: '报表.pdf', content: '1' }, { folderId: rules.folderId })).status).toBe(403);
    const up = await s.upload(liuyang, '/set/file/uploadPublicFile', { name: '接口规范.pdf', content: 'REST' }, { folderId: tech.folderId, title: '接口规范' });
    expect(up.body.code, up.body.message).toBe(200);

    // Granted in a batch, chenjing reads it; the grant removed, she no longer does. Only managers change grants.
    expect((await s.post(lina, '/set/file/addPublicFolderUsers', { folderId: tech.folderId, level: 'view', userIds: [users.chenjing.userId] })).status).toBe(403);
    const added = await s.post(huangqiang, '/set/file/addPublicFolderUsers', { folderId: tech.folderId, level: 'view', userIds: [users.chenjing.userId, users.zhangwei.userId] });
    expect(added.body.data.granted).toBe(2);
    expect((await s.get(chenjing, '/get/file/getPublicFolderFiles', { folderId: tech.folderId })).body.code).toBe(200);
    // The grant reaches the subfolder 前端 too.
    const front = ((await s.get(chenjing, '/get/file/getMyPublicFolders')).body.data as typeof folders).find((f) => f.folderName === '前端');
    expect(front?.level).toBe('view');
    const grants = (await s.get(huangqiang, '/get/file/getPublicFolderGrants', { folderId: tech.folderId })).body.data as { grantId: string; subjectId: string }[];
    const chosen = grants.filter((g) => [users.chenjing.userId, users.zhangwei.userId].includes(g.subjectId)).map((g) => g.grantId);
    expect((await s.post(huangqiang, '/set/file/removePublicFolderUsers', { folderId: tech.folderId, grantIds: chosen })).body.data.removed).toBe(2);
    expect((await s.get(chenjing, '/get/file/getPublicFolderFiles', { folderId: tech.folderId })).status).toBe(403);
    // Deleting: the uploader their own file, not others'.
    expect((await s.post(liuyang, '/set/file/deletePublicFiles', { fileIds: [listed.body.data.files[0].fileId] })).status).toBe(403);
    expect((await s.post(liuyang, '/set/file/deletePublicFiles', { fileIds: [up.body.data.fileId] })).body.code).toBe(200);
  });

  it('lets everyone read published regulations only, and publishes through approval', async () => {
    const list = (await s.get(lina, '/get/file/getPublishedRegulations', { pageSize: 50 })).body.data;
    expect(list.total).toBe(4);
    const db = s.server.ctx.database.db;
    const draft = await db.selectFrom('file_regulation_file').select(['regulationId']).where('status', '=', 'draft').executeTakeFirstOrThrow();
    expect((await s.get(lina, '/get/file/getPublishedRegulation', { id: draft.regulationId })).status).toBe(404);
    const published = await s.get(lina, '/get/file/getPublishedRegulation', { id: list.list[0].regulationId });
    expect(published.body.data.content).toContain('第一章 总则');
    const attach = published.body.data.attachments[0];
    expect((await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attach.attachId}`, { headers: { Authorization: `Bearer ${lina}` } })).status).toBe(200);
    // The file administrator drafts and submits, the approver publishes; staff can do neither.
    const sortId = (await db.selectFrom('file_regulation_sort').select('sortId').where('sortName', '=', '行政管理').executeTakeFirstOrThrow()).sortId;
    const drafted = await s.post(huangqiang, '/set/file/insertRegulationFile', {
      title: '印章使用管理办法', fileNo: 'ZD-XZ-2026-009', sortId, effectiveDate: '2026-12-01', content: '<p>第一条 印章由行政部专人保管。</p>',
    });
    expect(drafted.body.code, drafted.body.message).toBe(200);
    const id = drafted.body.data.regulationId;
    expect(drafted.body.data.status).toBe('draft');
    expect((await s.post(zhangwei, '/set/file/submitRegulationFile', { id })).status).toBe(403);
    expect((await s.post(huangqiang, '/set/file/submitRegulationFile', { id })).body.data.status).toBe('approving');
    expect((await s.get(lina, '/get/file/getPublishedRegulation', { id })).status).toBe(404);
    expect((await s.post(lina, '/set/file/approveRegulationFile', { id, approveRemark: '同意' })).status).toBe(403);
    const approved = await s.post(yanglei, '/set/file/approveRegulationFile', { id, approveRemark: '同意发布' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data.status).toBe('published');
    expect((await s.get(lina, '/get/file/getPublishedRegulations', {})).body.data.total).toBe(5);
  });

  it('takes the configuration\'s images from administrators and personnel photos from HR, checking type and size', async () => {
    const png = pngFile(8, 8, [200, 0, 0], [0, 0, 200]);
    expect((await s.upload(lina, '/set/file/uploadSysLogo', { name: 'logo.png', content: png })).status).toBe(403);
    expect((await s.upload(admin, '/set/file/uploadSysLogo', { name: 'logo.pdf', content: 'text' })).body.code).toBe(100);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await s.upload(admin, '/set/file/uploadSysLogo', { name: 'logo.png', content: big });
    expect(tooBig.body.code).toBe(100);
    const logo = await s.upload(admin, '/set/file/uploadSysLogo', { name: 'logo.png', content: png });
    expect(logo.body.code, logo.body.message).toBe(200);
    const served = await fetch(`${s.baseUrl}${logo.body.data.src}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const banner = await s.upload(admin, '/set/file/uploadSysBanner', { name: 'banner.png', content: png });
    expect(banner.body.code, banner.body.message).toBe(200);
    expect((await fetch(`${s.baseUrl}${banner.body.data.src}`)).status).toBe(200);
    expect((await s.upload(admin, '/set/file/uploadLogo', { name: 'unit.jpg', content: png })).body.code).toBe(200);
    // The sign-in background: none at first (the sign-in page keeps its gradient), then the upload, for anyone.
    expect((await fetch(`${s.baseUrl}/capi/get/file/getLoginBackground`)).status).toBe(404);
    expect((await s.upload(zhangwei, '/set/file/uploadBackGroundImg', { name: 'bg.png', content: png })).status).toBe(403);
    const background = pngFile(16, 9, [10, 90, 160], [240, 240, 240]);
    expect((await s.upload(admin, '/set/file/uploadBackGroundImg', { name: 'bg.png', content: background })).body).toMatchObject({ code: 200, data: { src: '/capi/get/file/getLoginBackground' } });
    const shown = await fetch(`${s.baseUrl}/capi/get/file/getLoginBackground`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(background)).toBe(true);
    expect((await s.upload(lina, '/set/file/uploadHrPhoto', { name: 'me.png', content: png })).status).toBe(403);
    const photo = await s.upload(zhangwei, '/set/file/uploadHrPhoto', { name: '证件照.png', content: png });
    expect(photo.body.code, photo.body.message).toBe(200);
    expect((await s.upload(zhangwei, '/set/file/uploadHrPhoto', { name: '证件照.gif.exe', content: png })).body.code).toBe(100);
  });
});
