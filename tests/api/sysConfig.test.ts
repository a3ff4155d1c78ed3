import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptData, encryptFields } from '../../runtime/core/crypto';
import { officeViewerLink, parseOfficeViewerConfig } from '../../runtime/core/office';
import { readConfig } from '../../server/config';
import { ensureSysConfig } from '../../server/sysConfig';
import { LINK_TABLE } from '../../server/files/attachmentLinks';
import { databasesUnderTest } from '../support/databases';
import { answer, startTestServer, type Answer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/** The stored configuration is the source; the environment only seeds a new database (docs/SHELL.md). */

const ENV_KEY = '5d41402abc4b2a76b9719d911017c592';
const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);
/** A tiny PNG: the server checks the extension, the browser the picture. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const HEX_KEY = /[0-9a-f]{32}/;

/** Waits as long as the one-second settings cache of another process may need. */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 5000, interval: 100 });
}

async function image(s: TestServer, attachId: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${s.baseUrl}/capi/get/file/getSysImage?attachId=${encodeURIComponent(attachId)}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(databases)('the environment seeds the configuration row on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(database, {
      APP_NAME: '智慧政务 OA', APP_COLOR: '#0C8', DASHBOARD_URL: '/hr/contract', GREY_END_TIME: '2099-12-31 23:59:59',
      WATER_MARK: '1', WATER_MARK_CONTENT: '{userName} 内部资料', ATTACH_HOST: 'https://office.example.cn/attach/', OFFICE_TYPE: 'wps',
      OFD_TYPE: 'reader', OPEN_ON_LINE_FLAG: '0', SM4_KEY: ENV_KEY,
    });
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;

  it('writes one row from the variables, naming the key by its fingerprint only', async () => {
    const rows = await db().selectFrom('sys_config').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      configId: 'system', configName: '智慧政务 OA', themeColor: '#00CC88', dashboardUrl: '/hr/contract', greyEndTime: '2099-12-31 23:59:59',
      waterMarkContent: '{userName} 内部资料', waterMarkSubtext: null, encryptionType: '0', encryptKeyId: fingerprint(ENV_KEY),
      officeType: 'wps', ofdType: 'reader', attachHost: 'https://office.example.cn/attach',
    });
    expect(Number(rows[0].waterMark)).toBe(1);
    expect(Number(rows[0].openOnLine)).toBe(0);
    expect(JSON.stringify(rows[0])).not.toContain(ENV_KEY);
    const admin = await s.login('admin');
    const listed = await s.get(admin, '/get/system/getSysConfigList');
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0].encryptKeyId).toBe(fingerprint(ENV_KEY));
    expect(JSON.stringify(listed.body)).not.toContain(ENV_KEY);
  });

  it('keeps the row on a later start whatever the environment says then', async () => {
    await ensureSysConfig({ ...s.server.ctx, config: readConfig({ APP_NAME: '别的名字', WATER_MARK: '0', DATA_DIR: s.dataDir }) });
    const rows = await db().selectFrom('sys_config').select(['configName', 'waterMark']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].configName).toBe('智慧政务 OA');
    expect(Number(rows[0].waterMark)).toBe(1);
  });
});

describe.each(databases)('the stored configuration is in force on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;
  let configId: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina] = await Promise.all([s.login('admin'), s.login('lina')]);
    configId = String((await s.server.ctx.database.db.selectFrom('sys_config').select('configId').executeTakeFirstOrThrow()).configId);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;
  const row = () => db().selectFrom('sys_config').selectAll().executeTakeFirstOrThrow();
  const update = (token: string, values: Record<string, unknown>) => s.post(token, '/set/system/updateSysConfig', { configId, ...values });
  const shell = async () => (await s.get(undefined, '/get/system/getShellConfig')).body.data;

  it('starts from the environment defaults, with the demo agreement texts', async () => {
    expect(await row()).toMatchObject({ configName: null, themeColor: '#00C6AE', encryptionType: '0', encryptKeyId: null });
    expect(await shell()).toMatchObject({ appName: '', appColor: '#00C6AE', logo: '', banners: [], waterMark: { enabled: false } });
    const texts = await s.get(undefined, '/get/system/getAgreements');
    expect(texts.body.data.serviceProtocol).toContain('欢迎使用华东智联协同办公平台');
    expect(texts.body.data.userNotice).toContain('首次登录请修改初始密码');
  });

  it('changes the shell configuration, the sign-in watermark, the theme and the office links at once', async () => {
    const res = await update(admin, {
      configName: '智慧园区协同平台', themeColor: '#722ED1', dashboardUrl: '/personal/message', greyEndTime: '2099-01-01 00:00:00',
      waterMark: 1, waterMarkContent: '{userName} 仅限内部', waterMarkSubtext: '{deptName}',
      attachHost: 'https://docs.example.cn:8443/view', officeType: 'office', ofdType: 'viewer', openOnLine: 1,
    });
    expect(res.body.code, res.body.message).toBe(200);
    const config = await shell();
    expect(config).toMatchObject({
      appName: '智慧园区协同平台', appColor: '#722ED1', dashboardUrl: '/personal/message', greyEndTime: new Date(2099, 0, 1).getTime(),
      waterMark: { enabled: true, content: '{userName} 仅限内部', subtext: '{deptName}' },
      attachHost: 'https://docs.example.cn:8443/view', officeType: 'office', ofdType: 'viewer', openOnLineFlag: 1,
    });
    const signIn = await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' });
    expect(signIn.body.data).toMatchObject({ waterMark: '1', waterMarkContent: '李娜 仅限内部', waterMarkSubtext: '前端开发组' });
    const viewer = (await s.get(lina, '/get/file/getOfficeViewerConfig')).body.data;
    expect(viewer).toEqual({ attachHost: 'https://docs.example.cn:8443/view', officeType: 'office', ofdType: 'viewer', openOnLineFlag: true });
    // The link the browser builds from these values opens the configured host's viewer.
    const link = officeViewerLink(parseOfficeViewerConfig(config), { attachId: 'a1', extName: 'docx', openModeType: 1 });
    expect(link).toMatchObject({ external: true, url: expect.stringMatching(/^https:\/\/docs\.example\.cn:8443\/view\/office\/openWord\?/) });
  });

  it('is seen by another process within a second (a write it did not make)', async () => {
    await shell();
    await db().updateTable('sys_config').set({ configName: '另一进程写入的名称' }).execute();
    await eventually(async () => (await shell()).appName).toBe('另一进程写入的名称');
  });

  it('refuses a plain user every read and write of it with 403, changing nothing', async () => {
    const before = await row();
    expect((await s.get(lina, '/get/system/getSysConfigList')).status).toBe(403);
    expect((await s.get(lina, '/get/system/getSysConfigById', { configId })).status).toBe(403);
    expect((await update(lina, { configName: '被改了', themeColor: '#000000' })).status).toBe(403);
    expect((await s.post(lina, '/set/system/createEncryptKey', { id: configId })).status).toBe(403);
    expect((await s.post(undefined, '/set/system/updateSysConfig', { configId, configName: '匿名' })).status).toBe(401);
    expect(await row()).toEqual(before);
  });

  it('refuses a bad colour, dashboard or host with code 100 naming the field, changing nothing', async () => {
    const before = await row();
    const colour = await update(admin, { themeColor: 'red' });
    expect(colour.body).toMatchObject({ code: 100, data: { errors: [{ field: 'themeColor' }] } });
    const dashboard = await update(admin, { dashboardUrl: 'https://evil.example/' });
    expect(dashboard.body).toMatchObject({ code: 100, data: { errors: [{ field: 'dashboardUrl' }] } });
    const host = await update(admin, { attachHost: 'javascript:alert(1)' });
    expect(host.body).toMatchObject({ code: 100, data: { errors: [{ field: 'attachHost' }] } });
    expect(await row()).toEqual(before);
  });

  it('is one row: there is no insert or delete, and an unknown id is not found', async () => {
    for (const call of ['/set/system/insertSysConfig', '/set/system/deleteSysConfig', '/set/system/deleteSysConfigByIds']) {
      const res = await s.post(admin, call, { configId, ids: [configId], configName: '第二份配置' });
      expect(res.status, call).toBe(404);
    }
    expect((await update(admin, { configId: 'not-the-row', configName: 'x' })).status).toBe(404);
    expect(await db().selectFrom('sys_config').select('configId').execute()).toHaveLength(1);
    // The menu offers no insert or delete button for the one row (the permissions the call also answers are the superuser's all).
    const menus = JSON.stringify((await s.get(admin, '/get/system/myMenus')).body.data.menu);
    expect(menus).not.toContain('system:SysConfig:insert');
    expect(menus).not.toContain('system:SysConfig:delete');
  });

  it('serves the configured logo and banners publicly, and nothing else', async () => {
    const upload = async (name: string, content: Buffer | string) => (await s.upload(admin, '/set/file/uploadFile', { name, content }, { module: 'fixedattach' })).body.data.attachId as string;
    const logo = await upload('logo.png', PNG);
    const banner = await upload('banner.jpg', Buffer.concat([PNG, Buffer.from('jpeg')]));
    const other = await upload('private.png', PNG);
    const pdf = await upload('contract.pdf', '%PDF-1.4');
    expect((await image(s, logo)).status).toBe(404);

    const notImage = await update(admin, { banners: [banner, pdf] });
    expect(notImage.body).toMatchObject({ code: 100, message: '登录页横幅：只能使用图片（gif、jpeg、png），“contract.pdf”不是图片' });
    const unknown = await update(admin, { logo: 'no-such-attachment' });
    expect(unknown.body).toMatchObject({ code: 100, message: '系统 Logo：附件不存在或无权使用' });
    expect(await row()).toMatchObject({ logo: null, banners: null });

    const saved = await update(admin, { logo, banners: [banner] });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(await shell()).toMatchObject({ logo, banners: [banner] });
    const served = await image(s, logo);
    expect(served).toMatchObject({ status: 200, type: 'image/png' });
    expect(served.bytes.equals(PNG)).toBe(true);
    expect((await image(s, banner))).toMatchObject({ status: 200, type: 'image/jpeg' });
    for (const id of [other, pdf, '', '../../etc/passwd']) expect((await image(s, id)).status, id).toBe(404);
  });

  it('removes the sign-in background for whoever may upload it, on the operation log, and the sign-in page has none again', async () => {
    const background = async () => (await fetch(`${s.baseUrl}/capi/get/file/getLoginBackground`)).status;
    const links = () => db().selectFrom(LINK_TABLE).select('attachId').where('entity', '=', 'LoginBackground').execute();
    const logged = (detail: string) => db().selectFrom('sys_operation_log').selectAll().where('detail', '=', detail).execute();
    const uploaded = await s.upload(admin, '/set/file/uploadBackGroundImg', { name: 'bg.png', content: PNG });
    expect(uploaded.body.code, uploaded.body.message).toBe(200);
    const attachId = String(uploaded.body.data.attachId);
    expect(await background()).toBe(200);
    expect(await links()).toEqual([{ attachId }]);
    const [upload] = await logged('uploadBackGroundImg');
    expect(upload).toMatchObject({ entity: 'SysConfig', action: 'update', recordId: configId, accountId: 'admin' });
    expect(JSON.parse(String(upload.summary))).toEqual({ loginBackground: [null, attachId] });

    // The upload's permission guards the removal: a plain user is refused, a visitor has no session.
    expect((await s.post(lina, '/set/file/deleteBackGroundImg')).status).toBe(403);
    expect((await s.post(undefined, '/set/file/deleteBackGroundImg')).status).toBe(401);
    expect(await background()).toBe(200);

    expect((await s.post(admin, '/set/file/deleteBackGroundImg')).body).toMatchObject({ code: 200, data: { removed: true } });
    expect(await background()).toBe(404);
    // Unlinked, the file is the purge's a day later; the setting is gone.
    expect(await links()).toEqual([]);
    expect(await db().selectFrom('sys_setting').select('settingKey').where('settingKey', '=', 'loginBackground').execute()).toEqual([]);
    const [removal] = await logged('deleteBackGroundImg');
    expect(removal).toMatchObject({ entity: 'SysConfig', action: 'update', recordId: configId, accountId: 'admin' });
    expect(JSON.parse(String(removal.summary))).toEqual({ loginBackground: [attachId, null] });
    // Nothing left to remove: answered as such, and no second log line.
    expect((await s.post(admin, '/set/file/deleteBackGroundImg')).body).toMatchObject({ code: 200, data: { removed: false } });
    expect(await logged('deleteBackGroundImg')).toHaveLength(1);
  });

  it('asks an applicant to agree to the configured texts, and stops asking when there are none', async () => {
    const applicant = { accountId: 'agreer', userName: '同意者', phone: '13911118888', password: 'Agree2026x', password2: 'Agree2026x' };
    const refused = await s.post(undefined, '/set/system/register', applicant);
    expect(refused.body).toMatchObject({ code: 100, message: '请先阅读并同意《服务协议》和《用户须知》' });
    expect(await db().selectFrom('sys_user_registration').select('accountId').where('accountId', '=', 'agreer').execute()).toHaveLength(0);
    const agreed = await s.post(undefined, '/set/system/register', { ...applicant, agree: 1 });
    expect(agreed.body.code, agreed.body.message).toBe(200);

    expect((await update(admin, { serviceProtocol: '', userNotice: '' })).body.code).toBe(200);
    expect((await s.get(undefined, '/get/system/getAgreements')).body.data).toEqual({ serviceProtocol: '', userNotice: '' });
    const noTexts = await s.post(undefined, '/set/system/register', { ...applicant, accountId: 'noagree', phone: '13911119999' });
    expect(noTexts.body.code, noTexts.body.message).toBe(200);
  });

  it('refuses to switch SM4 on without a key, then generates one shown only by its fingerprint', async () => {
    const refused = await update(admin, { encryptionType: '1' });
    expect(refused.body).toMatchObject({ code: 100, message: expect.stringContaining('请先生成密钥') });
    expect((await row()).encryptionType).toBe('0');

    const created = await s.post(admin, '/set/system/createEncryptKey', { id: configId });
    expect(created.body.code, created.body.message).toBe(200);
    const { encryptKeyId } = created.body.data;
    expect(encryptKeyId).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(created.body)).not.toMatch(HEX_KEY);
    const stored = await db().selectFrom('sys_setting').select('value').where('settingKey', '=', `sm4Key:${encryptKeyId}`).executeTakeFirstOrThrow();
    const key = JSON.parse(String(stored.value)).key as string;
    expect(fingerprint(key)).toBe(encryptKeyId);
    expect((await row()).encryptKeyId).toBe(encryptKeyId);
    for (const res of [await s.get(admin, '/get/system/getSysConfigList'), await s.get(admin, '/get/system/getSysConfigById', { configId })]) {
      expect(JSON.stringify(res.body)).toContain(encryptKeyId);
      expect(JSON.stringify(res.body)).not.toContain(key);
    }
    const logged = await db().selectFrom('sys_operation_log').selectAll().where('recordId', '=', configId).execute();
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(key);
    // The mode is still off until the administrator turns it on.
    expect((await s.get(undefined, '/get/system/getEncryptionConfig')).body.data).toEqual({ encryptionType: 0, key: null });
  });

  it('switches SM4 on: plain calls are refused for the browser to reload the mode, encrypted ones work, and back off', async () => {
    const switched = await update(admin, { encryptionType: '1' });
    expect(switched.body.code, switched.body.message).toBe(200);
    // The switching request itself was read and answered in the mode it arrived in.
    expect(switched.headers.get('x-data-encrypted')).toBeNull();
    const mode = (await s.get(undefined, '/get/system/getEncryptionConfig')).body.data;
    expect(mode.encryptionType).toBe(1);
    expect(fingerprint(mode.key)).toBe((await row()).encryptKeyId);
    // A call without values passes; its answer is sealed like every other.
    const sealed = await s.get(undefined, '/get/system/getShellConfig');
    expect(decryptData<{ encryptionType: number }>(sealed.body.data, mode.key).encryptionType).toBe(1);

    const plain = await s.get(admin, '/get/system/getUserInfo', { _t: Date.now() });
    expect(plain.body).toMatchObject({ code: 100, data: { reason: 'encryptionMode', refusal: 'plain', field: '_t' } });
    const query = new URLSearchParams(encryptFields({ _t: Date.now() }, mode.key) as Record<string, string>);
    const encrypted = await answer(await fetch(`${s.baseUrl}/capi/get/system/getUserInfo?${query}`, {
      headers: { Authorization: `Bearer ${admin}`, 'x-encrypted': 'sm4' },
    }));
    expect(encrypted.headers.get('x-data-encrypted')).toBe('sm4');
    expect(decryptData<{ accountId: string }>(encrypted.body.data, mode.key).accountId).toBe('admin');

    const off = await postEncrypted(s, admin, mode.key, '/set/system/updateSysConfig', { configId, encryptionType: '0' });
    expect(off.body.code, off.body.message).toBe(200);
    expect((await s.get(undefined, '/get/system/getEncryptionConfig')).body.data).toEqual({ encryptionType: 0, key: null });
    expect((await s.get(admin, '/get/system/getUserInfo', { _t: Date.now() })).body.code).toBe(200);
  });
});

/** A POST as the browser sends it in SM4 mode. */
async function postEncrypted(s: TestServer, token: string, key: string, call: string, fields: Record<string, unknown>): Promise<Answer> {
  return answer(await fetch(`${s.baseUrl}/capi${call}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'x-encrypted': 'sm4', 'Content-Type': 'application/json' },
    body: JSON.stringify(encryptFields(fields, key)),
  }));
}

describe.each(databases)('encryption settings under the three-role security review on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let secadmin: string;
  let configId: string;
  beforeAll(async () => {
    s = await startTestServer(database, { SECURITY_REVIEW: '1' });
    [admin, secadmin] = await Promise.all([s.login('admin'), s.login('secadmin')]);
    configId = String((await s.server.ctx.database.db.selectFrom('sys_config').select('configId').executeTakeFirstOrThrow()).configId);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;
  const row = () => db().selectFrom('sys_config').selectAll().executeTakeFirstOrThrow();
  const storedKeys = async () => (await db().selectFrom('sys_setting').select('settingKey').where('settingKey', 'like', 'sm4Key:%').execute()).map((r) => String(r.settingKey).slice(7)).sort();

  it('holds a new key for the security administrator, who sees its fingerprint and never the key', async () => {
    const created = await s.post(admin, '/set/system/createEncryptKey', { id: configId });
    expect(created.body.code, created.body.message).toBe(200);
    const { encryptKeyId, $pendingSecurityEvent: eventId } = created.body.data;
    expect(eventId).toBeTruthy();
    expect((await row()).encryptKeyId).toBeNull();
    expect(await storedKeys()).toEqual([encryptKeyId]);
    const event = await s.get(secadmin, '/get/system/getSecurityEventById', { id: eventId });
    expect(event.body.data).toMatchObject({ targetEntity: 'SysConfig', action: 'update', status: 'pending' });
    expect(JSON.stringify(event.body)).toContain(encryptKeyId);
    expect(JSON.stringify(event.body)).not.toMatch(HEX_KEY);
    // Switching on waits for an approved key.
    expect((await s.post(admin, '/set/system/updateSysConfig', { configId, encryptionType: '1' })).body.code).toBe(100);

    expect((await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId, opinion: '同意' })).body.code).toBe(200);
    expect((await row()).encryptKeyId).toBe(encryptKeyId);
  });

  it('drops a rejected key at the next generation', async () => {
    const first = await s.post(admin, '/set/system/createEncryptKey', { id: configId });
    const rejected = first.body.data.encryptKeyId as string;
    expect((await s.post(secadmin, '/set/system/rejectSecurityEvent', { id: first.body.data.$pendingSecurityEvent, opinion: '不需要更换' })).body.code).toBe(200);
    const inForce = String((await row()).encryptKeyId);
    // Keys are pruned once they are older than the grace period another generation may need.
    await db().updateTable('sys_setting').set({ updateTime: '2000-01-01 00:00:00' }).where('settingKey', 'like', 'sm4Key:%').execute();
    const second = await s.post(admin, '/set/system/createEncryptKey', { id: configId });
    const waiting = second.body.data.encryptKeyId as string;
    expect(await storedKeys()).toEqual([inForce, waiting].sort());
    expect(await storedKeys()).not.toContain(rejected);
    expect((await s.post(secadmin, '/set/system/rejectSecurityEvent', { id: second.body.data.$pendingSecurityEvent, opinion: '不需要' })).body.code).toBe(200);
  });

  it('switches SM4 on only when the security administrator approves, and then for every browser', async () => {
    const res = await s.post(admin, '/set/system/updateSysConfig', { configId, encryptionType: '1', configName: '审批中的平台' });
    expect(res.body.code, res.body.message).toBe(200);
    const eventId = res.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    // The harmless part applies at once; the mode waits.
    expect(await row()).toMatchObject({ configName: '审批中的平台', encryptionType: '0' });
    expect((await s.get(undefined, '/get/system/getEncryptionConfig')).body.data.encryptionType).toBe(0);

    expect((await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId })).body.code).toBe(200);
    expect((await row()).encryptionType).toBe('1');
    await eventually(async () => (await s.get(undefined, '/get/system/getEncryptionConfig')).body.data.encryptionType).toBe(1);
    const plain = await s.get(admin, '/get/system/getUserInfo', { _t: Date.now() });
    expect(plain.body.data).toMatchObject({ reason: 'encryptionMode', refusal: 'plain' });
  });
});
