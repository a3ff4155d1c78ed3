import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildServer, type BuiltServer } from '../../server/app';
import { applyOperation, fromEntityDocument, startSimpleFlow, startWorkflow, toEntityDocument, type DesignDocument } from '../../designer/core';

const databases = await databasesUnderTest();

/**
 * The online designer's server (docs/DESIGNER.md › Storage): an administrator creates 出差申请 in
 * 行政办公, designs and publishes it; the entity is served at once (table, calls, menu, texts),
 * its requiredWhen rule holds on the server, later versions add a field and roll back without
 * losing a column or a row; stale saves and refused designs change nothing; a second server on
 * the same database follows a publish within seconds.
 */
const NAME = 'OfficeTravelApply';

function travelDesign(doc: Record<string, any>, extra: Record<string, any>[] = []): Record<string, any> {
  const fields = [
    ...doc.fields,
    { name: 'destination', type: 'string', required: true, maxLength: 100, label: `entity.${NAME}.field.destination` },
    { name: 'days', type: 'integer', min: 1, max: 60, label: `entity.${NAME}.field.days` },
    { name: 'reason', type: 'text', maxLength: 500, label: `entity.${NAME}.field.reason` },
    ...extra,
  ];
  return {
    ...doc,
    fields,
    form: {
      layout: [
        { kind: 'tabs', id: 'tabs1', children: [
          { kind: 'tab', id: 'tab1', title: `entity.${NAME}.tab.basic`, children: [
            { kind: 'grid', id: 'grid1', children: [
              { kind: 'col', id: 'col1', span: 12, children: [{ kind: 'field', id: 'f1', field: 'subject' }] },
              { kind: 'col', id: 'col2', span: 12, children: [{ kind: 'field', id: 'f2', field: 'destination' }] },
            ] },
            { kind: 'field', id: 'f3', field: 'days' },
          ] },
          { kind: 'tab', id: 'tab2', title: `entity.${NAME}.tab.reason`, children: [
            { kind: 'field', id: 'f4', field: 'reason', requiredWhen: 'days > 3' },
            ...extra.map((f, i) => ({ kind: 'field', id: `x${i}`, field: f.name })),
          ] },
        ] },
      ],
    },
    messages: {
      'zh-cn': { ...doc.messages['zh-cn'], [`entity.${NAME}.field.destination`]: '目的地', [`entity.${NAME}.field.days`]: '天数', [`entity.${NAME}.field.reason`]: '事由', [`entity.${NAME}.tab.basic`]: '基本信息', [`entity.${NAME}.tab.reason`]: '出差事由' },
      en: { ...doc.messages.en, [`entity.${NAME}.field.destination`]: 'Destination', [`entity.${NAME}.field.days`]: 'Days', [`entity.${NAME}.field.reason`]: 'Reason', [`entity.${NAME}.tab.basic`]: 'Basics', [`entity.${NAME}.tab.reason`]: 'Reason' },
    },
  };
}

describe.each(databases)('online designer on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina] = await Promise.all([s.login('admin'), s.login('lina')]);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const design = async (token = admin) => (await s.get(token, '/get/design/getDesignById', { name: NAME })).body;
  const versionCount = async () => Number((await db().selectFrom('sys_design_version').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('lists every entity and refuses the designer to users without its permission', async () => {
    const list = await s.get(admin, '/get/design/getDesignList');
    expect(list.body.code).toBe(200);
    const hr = list.body.data.list.find((r: { name: string }) => r.name === 'HrContract');
    expect(hr).toMatchObject({ module: 'hr', origin: 'file', status: 'file', publishedVersion: null });
    // The generic index reads the same rows.
    const index = await s.get(admin, '/get/system/getSysDesignList', { keyword: 'HrContract' });
    expect(index.body.data.list.map((r: { name: string }) => r.name)).toContain('HrContract');
    for (const [call, post] of [['/get/design/getDesignList', false], ['/get/design/getDesignById', false], ['/set/design/saveDesignDraft', true], ['/set/design/publishDesign', true]] as const) {
      const res = post ? await s.post(lina, call, { name: 'HrContract', schema: '{}', revision: 0 }) : await s.get(lina, call, { name: 'HrContract' });
      expect(res.status, call).toBe(403);
    }
  });

  it('creates a new entity as a draft, refusing bad names, unknown modules and taken names', async () => {
    expect((await s.post(admin, '/set/design/createDesign', { name: 'travel', module: 'office', title: '出差' })).body.code).toBe(100);
    expect((await s.post(admin, '/set/design/createDesign', { name: NAME, module: 'nowhere', title: '出差' })).body.code).toBe(100);
    expect((await s.post(admin, '/set/design/createDesign', { name: 'HrContract', module: 'hr', title: '合同' })).body.code).toBe(100);
    const created = await s.post(admin, '/set/design/createDesign', { name: NAME, module: 'office', title: '出差申请', titleEn: 'Business trip' });
    expect(created.body, created.body.message).toMatchObject({ code: 200, data: { name: NAME, revision: 1 } });
    const again = await s.post(admin, '/set/design/createDesign', { name: NAME, module: 'office', title: '出差申请' });
    expect(again.body.code).toBe(100);
    const body = await design();
    expect(body.data).toMatchObject({ name: NAME, module: 'office', origin: 'designed', status: 'draft', revision: 1, publishedVersion: null, problems: [] });
    expect(body.data.schema.table).toBe('office_office_travel_apply');
    // Not served before it is published.
    expect((await s.get(admin, `/get/office/get${NAME}List`)).status).toBe(404);
  });

  it('saves drafts by compare-and-set: a stale save is refused and loses nothing', async () => {
    const { schema, revision } = (await design()).data;
    const next = travelDesign(schema);
    const saved = await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(next), revision });
    expect(saved.body, saved.body.message).toMatchObject({ code: 200, data: { revision: revision + 1, problems: [] } });
    const stale = await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify({ ...next, title: 'x' }), revision });
    expect(stale.body).toMatchObject({ code: 100, data: { conflict: 'revision', revision: revision + 1 } });
    expect(stale.body.message).toContain('他人修改');
    expect((await design()).data.schema).toEqual(next);
  });

  it('reports a draft the server would refuse, with the JSON pointer, and refuses to publish it', async () => {
    const { schema, revision } = (await design()).data;
    const broken = structuredClone(schema);
    broken.form.layout[0].children[1].children[0].requiredWhen = 'dayz > 3';
    const saved = await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(broken), revision });
    expect(saved.body.data.problems).toEqual([expect.objectContaining({ pointer: expect.stringContaining('/form/layout/0/children/1/children/0') })]);
    const before = await versionCount();
    const refused = await s.post(admin, '/set/design/publishDesign', { name: NAME });
    expect(refused.body.code).toBe(100);
    expect(refused.body.data.problems.length).toBe(1);
    expect(await versionCount()).toBe(before);
    expect((await s.get(admin, `/get/office/get${NAME}List`)).status).toBe(404);
    const fixed = await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(schema), revision: revision + 1 });
    expect(fixed.body.data.problems).toEqual([]);
  });

  it('publishes: table, calls, menu with buttons, texts in both languages, the rule on the server, the operation log', async () => {
    const published = await s.post(admin, '/set/design/publishDesign', { name: NAME, comment: '首版' });
    expect(published.body, published.body.message).toMatchObject({ code: 200, data: { version: 1 } });
    expect((await design()).data).toMatchObject({ status: 'published', publishedVersion: 1, versions: [expect.objectContaining({ version: 1, comment: '首版' })] });
    const columns = (await db().introspection.getTables()).find((t) => t.name === 'office_office_travel_apply')?.columns.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['id', 'subject', 'destination', 'days', 'reason', 'createUser']));
    // The menu page and its buttons, under 行政办公, for roles to be granted.
    const menus = await db().selectFrom('sys_menu').select(['name', 'path', 'permission', 'menuType']).where((eb) => eb.or([eb('name', '=', `design${NAME}`), eb('permission', 'like', `office:${NAME}:%`)])).execute();
    expect(menus.find((m) => m.name === `design${NAME}`)).toMatchObject({ path: '/office/office-travel-apply', menuType: 'page' });
    expect(menus.filter((m) => m.menuType === 'button').map((m) => m.permission).sort()).toEqual(
      ['delete', 'export', 'insert', 'list', 'update', 'view'].map((a) => `office:${NAME}:${a}`));
    const messages = await s.get(lina, '/get/system/getDesignedMessages');
    expect(messages.body.data['zh-cn'][`entity.${NAME}.title`]).toBe('出差申请');
    expect(messages.body.data.en[`entity.${NAME}.field.destination`]).toBe('Destination');
    // requiredWhen holds on the server: more than three days needs a reason.
    const insert = `/set/office/insert${NAME}`;
    const long = await s.post(admin, insert, { subject: '上海客户拜访', destination: '上海', days: 5 });
    expect(long.body.code).toBe(100);
    expect(long.body.message).toContain('事由');
    const ok = await s.post(admin, insert, { subject: '上海客户拜访', destination: '上海', days: 5, reason: '客户现场需求确认' });
    expect(ok.body, ok.body.message).toMatchObject({ code: 200 });
    const short = await s.post(admin, insert, { subject: '苏州培训', destination: '苏州', days: 2 });
    expect(short.body.code).toBe(200);
    const list = await s.get(admin, `/get/office/get${NAME}List`, { pageSize: 10 });
    expect(list.body.data.list.map((r: { destination: string }) => r.destination).sort()).toEqual(['上海', '苏州']);
    // Staff hold nothing of it until a role is granted it, as any other page.
    expect((await s.get(lina, `/get/office/get${NAME}List`)).status).toBe(403);
    const staff = await db().selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    const granted = menus.filter((m) => m.permission === `office:${NAME}:list` || m.permission === `office:${NAME}:insert` || m.name === `design${NAME}`);
    const ids = await db().selectFrom('sys_menu').select('menuId').where('name', 'in', granted.map((m) => String(m.name))).execute();
    const grant = await s.post(admin, '/set/system/updateRole', { id: staff.roleId, menuIds: [...String(staff.menuIds).split(','), ...ids.map((r) => String(r.menuId))] });
    expect(grant.body.code, grant.body.message).toBe(200);
    const linaNow = await s.login('lina');
    const own = await s.post(linaNow, insert, { subject: '杭州需求调研', destination: '杭州', days: 4 });
    expect(own.body.code).toBe(100);
    expect((await s.post(linaNow, insert, { subject: '杭州需求调研', destination: '杭州', days: 4, reason: '门户需求调研' })).body.code).toBe(200);
    expect((await s.get(linaNow, `/get/office/get${NAME}List`)).body.code).toBe(200);
    const tree = JSON.stringify((await s.get(linaNow, '/get/system/myMenus')).body.data.menu);
    expect(tree).toContain('/office/office-travel-apply');
    const log = await db().selectFrom('sys_operation_log').select(['entity', 'recordId', 'detail']).where('entity', '=', 'SysDesign').execute();
    expect(log).toContainEqual({ entity: 'SysDesign', recordId: NAME, detail: 'publish v1: 首版' });
  });

  it('adds a field in a second version and rolls back to the first without dropping the column or its data', async () => {
    const { schema, revision } = (await design()).data;
    const base = { ...schema, fields: schema.fields.filter((f: { name: string }) => !['destination', 'days', 'reason'].includes(f.name)) };
    base.messages = { 'zh-cn': { ...schema.messages['zh-cn'], [`entity.${NAME}.field.budget`]: '预算' }, en: { ...schema.messages.en, [`entity.${NAME}.field.budget`]: 'Budget' } };
    const v2 = travelDesign({ ...base, messages: { 'zh-cn': base.messages['zh-cn'], en: base.messages.en } }, [{ name: 'budget', type: 'money', label: `entity.${NAME}.field.budget` }]);
    v2.messages['zh-cn'][`entity.${NAME}.field.budget`] = '预算';
    v2.messages.en[`entity.${NAME}.field.budget`] = 'Budget';
    expect((await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(v2), revision })).body.code).toBe(200);
    expect((await s.post(admin, '/set/design/publishDesign', { name: NAME })).body.data).toEqual({ version: 2 });
    const withBudget = await s.post(admin, `/set/office/insert${NAME}`, { subject: '北京展会', destination: '北京', days: 1, budget: 3200 });
    expect(withBudget.body.code, withBudget.body.message).toBe(200);
    const rolled = await s.post(admin, '/set/design/rollbackDesign', { name: NAME, version: 1 });
    expect(rolled.body, rolled.body.message).toMatchObject({ code: 200, data: { version: 3 } });
    const schemaNow = (await s.get(admin, '/get/system/getEntitySchema', { entity: NAME })).body.data.entity;
    expect(schemaNow.fields.map((f: { name: string }) => f.name)).not.toContain('budget');
    // The column and the value stay in the database.
    const stored = await db().selectFrom('office_office_travel_apply').select(['budget']).where('subject', '=', '北京展会').executeTakeFirstOrThrow();
    expect(Number(stored.budget)).toBe(3200);
    const versions = (await s.get(admin, '/get/design/getDesignVersions', { name: NAME })).body.data.list;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[0].comment).toContain('1');
    // The draft follows the rollback.
    expect((await design()).data.schema.fields.map((f: { name: string }) => f.name)).not.toContain('budget');
    const exported = await s.get(admin, '/get/design/exportDesign', { name: NAME });
    expect(exported.body.data.fileName).toBe(`${NAME}.json`);
    expect(JSON.parse(exported.body.data.content).name).toBe(NAME);
  });

  /** Saves the draft changed by `change` (a document of the designer's model) and publishes it. */
  const publishChange = async (change: (document: DesignDocument) => DesignDocument, comment: string) => {
    const { schema, revision } = (await design()).data;
    const next = toEntityDocument(change(fromEntityDocument(schema)));
    const saved = await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(next), revision });
    expect(saved.body.data.problems, JSON.stringify(saved.body.data.problems)).toEqual([]);
    const published = await s.post(admin, '/set/design/publishDesign', { name: NAME, comment });
    expect(published.body, published.body.message).toMatchObject({ code: 200 });
  };
  /** Grants staff the page's buttons of these actions (as 角色管理 does), and signs lina in again. */
  const grantStaff = async (actions: string[]) => {
    const staff = await db().selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    const menus = await db().selectFrom('sys_menu').select('menuId').where('permission', 'in', actions.map((a) => `office:${NAME}:${a}`)).execute();
    const grant = await s.post(admin, '/set/system/updateRole', { id: staff.roleId, menuIds: [...String(staff.menuIds).split(','), ...menus.map((m) => String(m.menuId))] });
    expect(grant.body.code, grant.body.message).toBe(200);
    return s.login('lina');
  };

  it('publishes a simple flow made in the flow tab: its actions are calls and buttons, the state moves, a reject needs a reason', async () => {
    await publishChange((document) => {
      const start = startSimpleFlow(document);
      const messages = document.entity.messages as Record<string, Record<string, string>>;
      return applyOperation(document, {
        type: 'updateEntity', addFields: start.fields,
        patch: { flow: start.flow, messages: { 'zh-cn': { ...messages['zh-cn'], ...start.texts['zh-cn'] }, en: { ...messages.en, ...start.texts.en } } },
      }).document;
    }, '审批流程');
    const buttons = await db().selectFrom('sys_menu').select('permission').where('permission', 'in', [`office:${NAME}:approve`, `office:${NAME}:reject`]).execute();
    expect(buttons.map((b) => b.permission).sort()).toEqual([`office:${NAME}:approve`, `office:${NAME}:reject`]);
    const linaNow = await grantStaff(['update']);
    const applied = await s.post(linaNow, `/set/office/insert${NAME}`, { subject: '成都项目验收', destination: '成都', days: 2 });
    expect(applied.body.code, applied.body.message).toBe(200);
    const id = String(applied.body.data.id);
    const row = async () => (await s.get(admin, `/get/office/get${NAME}ById`, { id })).body.data;
    expect((await row()).status).toBe('applied');
    // Staff hold neither action; the superuser takes them.
    expect((await s.post(linaNow, `/set/office/approve${NAME}`, { id })).status).toBe(403);
    const bare = await s.post(admin, `/set/office/reject${NAME}`, { id });
    expect(bare.body.code).toBe(100);
    expect(bare.body.message).toBe('驳回时请填写原因');
    expect((await row()).status).toBe('applied');
    const approved = await s.post(admin, `/set/office/approve${NAME}`, { id, opinion: '同意' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect((await row()).status).toBe('approved');
    // Once approved it is no longer the applicant's to change (editable only while applied).
    const late = await s.post(linaNow, `/set/office/update${NAME}`, { id, subject: '成都项目验收（改）', destination: '成都', days: 2, rowVersion: (await row()).rowVersion });
    expect(late.body.code).not.toBe(200);
  });

  it('binds the entity to a workflow process in the flow tab: submitting starts a request and freezes the record', async () => {
    await publishChange((document) => {
      const { flow: _flow, ...entity } = document.entity as Record<string, unknown>;
      const withoutFlow = { ...document, entity } as DesignDocument;
      const start = startWorkflow(withoutFlow, 'leave');
      expect(start.fields).toEqual([]);
      return applyOperation(withoutFlow, { type: 'updateEntity', patch: { workflow: start.workflow } }).document;
    }, '改用流程引擎');
    const linaNow = await s.login('lina');
    const inserted = await s.post(linaNow, `/set/office/insert${NAME}`, { subject: '西安客户培训', destination: '西安', days: 5, reason: '客户系统上线培训' });
    expect(inserted.body.code, inserted.body.message).toBe(200);
    const id = String(inserted.body.data.id);
    const started = await s.post(linaNow, '/set/bpm/startProcess', { bizEntity: NAME, bizId: id });
    expect(started.body, started.body.message).toMatchObject({ code: 200, data: { instanceId: expect.any(String) } });
    const request = (await s.get(linaNow, '/get/bpm/getBizInstance', { bizEntity: NAME, bizId: id })).body.data;
    expect(request).toMatchObject({ instanceId: started.body.data.instanceId, status: 'running' });
    const stored = (await s.get(linaNow, `/get/office/get${NAME}ById`, { id })).body.data;
    expect(stored.status).toBe('running');
    const frozen = await s.post(linaNow, `/set/office/update${NAME}`, { id, subject: '西安客户培训', destination: '西安', days: 6, reason: '延期', rowVersion: stored.rowVersion });
    expect(frozen.body.code).toBe(100);
    expect(frozen.body.message).toContain('审批');
  });

  it('customises a file-defined entity, refuses what a running entity must keep, and resets to the file', async () => {
    const file = (await s.get(admin, '/get/design/getDesignById', { name: 'OfficeAssetSort' })).body.data;
    expect(file).toMatchObject({ origin: 'file', status: 'file', revision: 0 });
    const moved = { ...file.schema, table: 'office_asset_sort_2' };
    const refusedSave = await s.post(admin, '/set/design/saveDesignDraft', { name: 'OfficeAssetSort', schema: JSON.stringify(moved), revision: 0 });
    expect(refusedSave.body.data.problems).toContainEqual(expect.objectContaining({ pointer: '/table' }));
    const before = await versionCount();
    expect((await s.post(admin, '/set/design/publishDesign', { name: 'OfficeAssetSort' })).body.code).toBe(100);
    expect(await versionCount()).toBe(before);
    const widened = file.schema.list.columns.map((c: Record<string, unknown>, i: number) => (i === 0 ? { ...c, width: 333 } : c));
    const retitled = { ...file.schema, list: { ...file.schema.list, columns: widened } };
    const saved = await s.post(admin, '/set/design/saveDesignDraft', { name: 'OfficeAssetSort', schema: JSON.stringify(retitled), revision: 1 });
    expect(saved.body.data.problems).toEqual([]);
    expect((await s.post(admin, '/set/design/publishDesign', { name: 'OfficeAssetSort' })).body.code).toBe(200);
    const firstWidth = async () => (await s.get(admin, '/get/system/getEntitySchema', { entity: 'OfficeAssetSort' })).body.data.entity.list.columns[0].width;
    expect(await firstWidth()).toBe(333);
    expect((await s.post(admin, '/set/design/resetDesign', { name: 'OfficeAssetSort' })).body.code).toBe(200);
    expect(await firstWidth()).not.toBe(333);
    expect((await s.get(admin, '/get/design/getDesignById', { name: 'OfficeAssetSort' })).body.data).toMatchObject({ status: 'file', revision: 0 });
    expect((await s.post(admin, '/set/design/resetDesign', { name: NAME })).body.code).toBe(100);
  });

  it('flags a customised entity whose file changed, and merges the file\'s change into the design (rebase)', async () => {
    const { schema, revision } = (await s.get(admin, '/get/design/getDesignById', { name: 'OfficeAssetSort' })).body.data;
    const widened = { ...schema, list: { ...schema.list, columns: schema.list.columns.map((c: Record<string, unknown>, i: number) => (i === 0 ? { ...c, width: 333 } : c)) } };
    expect((await s.post(admin, '/set/design/saveDesignDraft', { name: 'OfficeAssetSort', schema: JSON.stringify(widened), revision })).body.code).toBe(200);
    expect((await s.post(admin, '/set/design/publishDesign', { name: 'OfficeAssetSort' })).body.code).toBe(200);
    // A developer adds a field to the file; the server restarts on it (a second server here).
    const schemaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-schemas-'));
    fs.cpSync(path.resolve('schemas'), schemaDir, { recursive: true });
    const file = path.join(schemaDir, 'office', 'OfficeAssetSort.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.fields.push({ name: 'sortNote', type: 'string', maxLength: 20 });
    fs.writeFileSync(file, JSON.stringify(doc));
    const next = await buildServer({ ...s.server.ctx.config, schemaDir, schedulerEnabled: false, seedDemoData: false }, { pgSchema: s.server.ctx.database.pgSchema });
    try {
      await next.app.listen({ port: 0, host: '127.0.0.1' });
      const address = next.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/capi`;
      const headers = { Authorization: `Bearer ${admin}` };
      const get = async (call: string, query: Record<string, string>) => (await fetch(`${base}${call}?${new URLSearchParams(query)}`, { headers })).json();
      const post = async (call: string, body: Record<string, string>) => (await fetch(`${base}${call}`, { method: 'POST', headers, body: new URLSearchParams(body) })).json();
      // The design still runs (without the new field) and is flagged.
      expect(next.ctx.registry.entities.get('OfficeAssetSort')!.fields.map((f) => f.name)).not.toContain('sortNote');
      expect((await get('/get/design/getDesignById', { name: 'OfficeAssetSort' })).data).toMatchObject({ fileChanged: true, fileSchema: { fields: expect.arrayContaining([expect.objectContaining({ name: 'sortNote' })]) } });
      const rebased = await post('/set/design/rebaseDesign', { name: 'OfficeAssetSort' });
      expect(rebased, rebased.message).toMatchObject({ code: 200, data: { conflicts: [], problems: [] } });
      expect((await post('/set/design/publishDesign', { name: 'OfficeAssetSort' })).code).toBe(200);
      const running = next.ctx.registry.entities.get('OfficeAssetSort')!;
      expect(running.fields.map((f) => f.name)).toContain('sortNote');
      expect(running.list.columns[0].width).toBe(333);
      expect((await get('/get/design/getDesignById', { name: 'OfficeAssetSort' })).data.fileChanged).toBe(false);
    } finally {
      await next.close();
      fs.rmSync(schemaDir, { recursive: true, force: true });
    }
  });

  it('a second server on the same database follows a publish within seconds', async () => {
    const config = s.server.ctx.config;
    let second: BuiltServer | undefined;
    try {
      second = await buildServer({ ...config, schedulerEnabled: false, seedDemoData: false }, { pgSchema: s.server.ctx.database.pgSchema });
      expect(second.ctx.registry.entities.get(NAME)?.fields.map((f) => f.name)).not.toContain('budget');
      const { schema, revision } = (await design()).data;
      const withNote = { ...schema, fields: [...schema.fields, { name: 'note', type: 'string', label: `entity.${NAME}.field.note` }] };
      withNote.messages = { 'zh-cn': { ...schema.messages['zh-cn'], [`entity.${NAME}.field.note`]: '备注' }, en: { ...schema.messages.en, [`entity.${NAME}.field.note`]: 'Note' } };
      expect((await s.post(admin, '/set/design/saveDesignDraft', { name: NAME, schema: JSON.stringify(withNote), revision })).body.code).toBe(200);
      expect((await s.post(admin, '/set/design/publishDesign', { name: NAME })).body.code).toBe(200);
      const other = second;
      await expect.poll(() => other.ctx.registry.entities.get(NAME)?.fields.map((f) => f.name), { timeout: 15_000 }).toContain('note');
    } finally {
      await second?.close();
    }
  });
});
