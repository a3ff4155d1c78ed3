import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { readSchemaSources } from '../../server/schema/loadRegistry';
import { callPath, type CallKind } from '../../runtime/core/naming';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { deptIds } from './helpers';

/**
 * The generic contract every entity of the registry keeps, driven by the schema files: a new
 * entity is tested by being declared. For each one, on each database, with the demo data:
 * the manage list answers demo rows, by-id answers the row, a copy of a demo row inserts,
 * an update is read back, a delete is gone; a user holding no grant is refused every call; a
 * user whose only grant is the list with the "own rows" data scope sees no other user's rows.
 * An entity with export answers the file of its manage list to its holders, counting the rows
 * the list answers, and within the data scope (the "own rows" user exports only their own).
 * What is special about an entity (flows, hooks, named calls) has its own test file.
 */

const databases = await databasesUnderTest();
const ENTITY_NAMES = readSchemaSources(path.resolve('schemas'))
  .flatMap((s) => (s.kind === 'entity' ? [String((s.doc as { name: string }).name)] : []))
  .sort();

/**
 * Entities whose demo data is empty by design, each with why: their rows appear only when
 * something happens at run time (a lock, a pending change, a message sent, a job run).
 */
const NO_DEMO_ROWS: Record<string, string> = {
  SysLoginLock: 'a lock exists only after repeated failed sign-ins (loginThrottle.test.ts)',
  SecurityEvent: 'a pending change exists only under the security review (securityReview.test.ts)',
  SysOutbox: 'the outbox fills when a message is sent (messageDispatch.test.ts)',
  ScheduledTaskRun: 'a run is recorded when the scheduler runs a task (scheduler.test.ts)',
  SysUserRegistration: 'a registration exists once someone registers (enterpriseRegistration.test.ts)',
  DataRole: 'a data role widens or narrows what demo accounts see in every module; the demo leaves it to the administrator (dataRoles.test.ts)',
};

/**
 * Entities the clone-insert cannot exercise generically, each with why and where it is tested.
 * Everything else must accept a copy of its own demo row.
 */
const NO_CLONE_INSERT: Record<string, string> = {
  OfficeGanttLink: 'one link between two tasks: a copy of a demo link is refused by design (officeTasks.test.ts)',
  SalaryRecord: 'one payslip per employee and month: a copy of a demo slip is refused by design (hrKpiSalary.test.ts)',
  NetDiskItem: 'one name per folder of a disk: a copy of a demo item beside it is refused by design (fileNetDisk.test.ts)',
  SysDesign: 'one row per entity: its insert is the designer\'s createDesign, a new entity\'s first draft (designer.test.ts)',
};

const PASSWORD = 'Contract@123';
const SYSTEM_NAMES = new Set(['createUser', 'createDept', 'createTime', 'updateTime', 'unitId', 'rowVersion']);

describe.each(databases)('the generic contract of every entity on $name', (database) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  let selfUserId = '';
  const def = (name: string): EntityDef => {
    const entity = s.server.ctx.registry.entities.get(name);
    if (!entity) throw new Error(`${name} is not in the registry`);
    return entity;
  };
  const pathOf = (entity: EntityDef, kind: CallKind) => callPath(s.server.ctx.registry.modules.get(entity.module)!.base, entity.name, kind);
  const has = (entity: EntityDef, action: EntityDef['calls'][number]) => entity.calls.includes(action);

  /**
   * Who reads and writes the entity in the demo organisation: the superuser, the holder of a
   * separated duty, or for personal rows (my groups, notes) the demo user who made the first one.
   */
  async function ownerToken(entity: EntityDef): Promise<string> {
    if (entity.duty) return tokens[entity.duty === 'security' ? 'secadmin' : 'auditor'];
    if (!entity.personal) return tokens.admin;
    const db = s.server.ctx.database.db;
    const maker = await db.selectFrom(entity.table).innerJoin('sys_user', 'sys_user.userId', `${entity.table}.createUser`)
      .select('sys_user.accountId').orderBy(`${entity.table}.createTime`).limit(1).executeTakeFirst();
    if (!maker) return tokens.admin;
    const account = String(maker.accountId);
    tokens[account] ??= await s.login(account);
    return tokens[account];
  }

  /** The holder of a separated duty (secadmin, auditor) who holds `permission`, as their menu call answers it. */
  async function dutyHolderOf(permission: string): Promise<string> {
    for (const account of ['secadmin', 'auditor']) {
      const menus = await s.get(tokens[account], '/get/system/myMenus');
      if (String(menus.body.data.permissions).split(',').includes(permission)) return tokens[account];
    }
    throw new Error(`no holder of a separated duty holds ${permission}`);
  }

  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['admin', 'secadmin', 'auditor']) tokens[account] = await s.login(account);
    const admin = tokens.admin;
    const depts = await deptIds(s);
    const passwordHash = await hashPassword(PASSWORD);
    const db = s.server.ctx.database.db;

    // A role granting every entity's list and export, with the data scope "own rows" (1).
    const listPermissions = ENTITY_NAMES.map((n) => def(n)).filter((e) => !e.duty && has(e, 'list'))
      .flatMap((e) => [e.permissions.list, ...(has(e, 'export') ? [e.permissions.export] : [])]);
    const menus = await db.selectFrom('sys_menu').select(['menuId', 'permission']).where('permission', 'in', listPermissions).execute();
    const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'contract_own', roleName: '契约-本人', dataScope: '1', menuIds: menus.map((m) => m.menuId), status: 1 });
    expect(role.body.code, role.body.message).toBe(200);

    for (const [accountId, roleIds] of [['contractNobody', []], ['contractSelf', [role.body.data.roleId]]] as const) {
      const user = await s.post(admin, '/set/system/insertUser', { accountId, userName: `契约-${accountId}`, deptId: depts['财务部'], roleIds, status: 1 });
      expect(user.body.code, user.body.message).toBe(200);
      await db.insertInto('sys_credential').values({ userId: user.body.data.userId, passwordHash, updateTime: '2026-01-01 00:00:00' }).execute();
      tokens[accountId] = await s.login(accountId, PASSWORD);
      if (accountId === 'contractSelf') selfUserId = String(user.body.data.userId);
    }
  });
  afterAll(async () => { await s?.stop(); });

  it('reads every entity of the schema folder from the registry', () => {
    expect(ENTITY_NAMES.length).toBeGreaterThan(30);
    expect([...s.server.ctx.registry.entities.keys()].sort()).toEqual(ENTITY_NAMES);
    for (const name of [...Object.keys(NO_DEMO_ROWS), ...Object.keys(NO_CLONE_INSERT)]) expect(ENTITY_NAMES, name).toContain(name);
  });

  it.each(ENTITY_NAMES)('%s: list, by id, insert a copy, update, delete', async (name) => {
    const entity = def(name);
    const token = await ownerToken(entity);
    if (!has(entity, 'list')) return;
    const list = await s.get(token, pathOf(entity, 'list'), { pageSize: 20 });
    expect(list.body.code, `${name} list: ${list.body.message}`).toBe(200);
    const rows = list.body.data.list as Record<string, unknown>[];
    if (NO_DEMO_ROWS[name]) return;
    expect(rows.length, `${name} has no demo rows`).toBeGreaterThan(0);

    const id = String(rows[0][entity.key]);
    const byId = await s.get(token, pathOf(entity, 'view'), { id });
    expect(byId.body.code, `${name} by id: ${byId.body.message}`).toBe(200);
    expect(String(byId.body.data[entity.key])).toBe(id);

    if (!has(entity, 'insert') || entity.single || entity.securityReview?.all || NO_CLONE_INSERT[name]) return;
    const payload = await clonePayload(entity, byId.body.data, { s, token });
    const inserted = await s.postJson(token, pathOf(entity, 'insert'), payload);
    expect(inserted.body.code, `${name} insert of a demo row's copy: ${inserted.body.message} ${JSON.stringify(inserted.body.data)}`).toBe(200);
    const newId = String(inserted.body.data[entity.key]);
    expect(newId).not.toBe(id);
    expect((await s.get(token, pathOf(entity, 'view'), { id: newId })).body.code).toBe(200);

    const change = changeOf(entity, payload);
    if (has(entity, 'update') && change) {
      const updated = await s.postJson(token, pathOf(entity, 'update'), { [entity.key]: newId, ...change });
      expect(updated.body.code, `${name} update: ${updated.body.message}`).toBe(200);
      const reread = await s.get(token, pathOf(entity, 'view'), { id: newId });
      const [field, value] = Object.entries(change)[0];
      expect(reread.body.data[field], `${name}.${field} after the update`).toBe(value);
    }
    if (has(entity, 'delete')) {
      const deleted = await s.post(token, pathOf(entity, 'delete'), { id: newId });
      expect(deleted.body.code, `${name} delete: ${deleted.body.message}`).toBe(200);
      expect((await s.get(token, pathOf(entity, 'view'), { id: newId })).status, `${name} read after delete`).toBe(404);
    }
  });

  it.each(ENTITY_NAMES)('%s: refuses a user holding no grant, and scopes the list to the caller\'s own rows', async (name) => {
    const entity = def(name);
    const refusals: Array<[string, Answer]> = [];
    if (has(entity, 'list')) refusals.push(['list', await s.get(tokens.contractNobody, pathOf(entity, 'list'))]);
    if (has(entity, 'view')) refusals.push(['view', await s.get(tokens.contractNobody, pathOf(entity, 'view'), { id: 'any' })]);
    if (has(entity, 'insert') && !entity.single) refusals.push(['insert', await s.postJson(tokens.contractNobody, pathOf(entity, 'insert'), {})]);
    if (has(entity, 'update')) refusals.push(['update', await s.postJson(tokens.contractNobody, pathOf(entity, 'update'), { [entity.key]: 'any' })]);
    if (has(entity, 'delete')) refusals.push(['delete', await s.post(tokens.contractNobody, pathOf(entity, 'delete'), { id: 'any' })]);
    for (const [call, res] of refusals) {
      expect(res.status, `${name} ${call} by a user without grants: ${res.body.message}`).toBe(403);
      expect(res.body.message, `${name} ${call}: the refusal names no raw permission code`).not.toMatch(/\w+:\w+:\w+/);
    }

    if (!has(entity, 'list') || entity.duty || !entity.dataScope || entity.personal) return;
    const own = await s.get(tokens.contractSelf, pathOf(entity, 'list'), { pageSize: 100 });
    expect(own.body.code, `${name} own-scope list: ${own.body.message}`).toBe(200);
    for (const row of own.body.data.list as Record<string, unknown>[]) {
      expect(row.createUser, `${name}: a row of another user in an own-rows scope`).toBe(selfUserId);
    }
  });

  it.each(ENTITY_NAMES)('%s: exports its manage list to those holding export, within their data scope', async (name) => {
    const entity = def(name);
    if (!has(entity, 'export')) return;
    const exportPath = pathOf(entity, 'export');
    // The rows' owner, or for a separated duty whichever holder of the duties may export (the auditor exports security events).
    const token = entity.duty ? await dutyHolderOf(entity.permissions.export) : await ownerToken(entity);
    const counted = await s.get(token, exportPath, { count: 1 });
    expect(counted.body.code, `${name} export count: ${counted.body.message}`).toBe(200);
    if (has(entity, 'list')) {
      const list = await s.get(token, pathOf(entity, 'list'), { pageSize: 1 });
      expect(counted.body.data.rows, `${name}: the export holds the list's rows`).toBe(Math.min(Number(list.body.data.total), counted.body.data.limit));
      if (!NO_DEMO_ROWS[name]) expect(counted.body.data.rows, `${name} exports no demo rows`).toBeGreaterThan(0);
    }
    const file = await fetch(`${s.baseUrl}/capi${exportPath}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(file.status, `${name} export file`).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString('latin1'), `${name}: the file is an xlsx (zip)`).toBe('PK');

    const refused = await s.get(tokens.contractNobody, exportPath, { count: 1 });
    expect(refused.status, `${name} export by a user without grants`).toBe(403);
    if (!has(entity, 'list') || entity.duty || !entity.dataScope || entity.personal) return;
    const ownCount = await s.get(tokens.contractSelf, exportPath, { count: 1 });
    expect(ownCount.body.code, `${name} own-scope export: ${ownCount.body.message}`).toBe(200);
    const ownList = await s.get(tokens.contractSelf, pathOf(entity, 'list'), { pageSize: 1 });
    expect(ownCount.body.data.rows, `${name}: the own-rows export holds the own-rows list`).toBe(Number(ownList.body.data.total));
  });
});

/** What a copy of a demo row needs besides the row: the database, and an upload for a required file the row lacks. */
interface CloneContext {
  s: TestServer;
  token: string;
}

/**
 * The insert a person would make by copying a demo record: its writable values, with unique
 * values changed so the copy does not collide (a unique person or department: one that no row
 * names yet), a required file the demo row lacks uploaded, and without what the server fills
 * (key, system columns, the flow's state, numbered codes).
 */
async function clonePayload(entity: EntityDef, row: Record<string, unknown>, ctx: CloneContext): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (skipOnInsert(entity, field)) continue;
    const value = row[field.name];
    if (value === null || value === undefined || value === '') {
      if (field.required && (field.type === 'attachments' || field.type === 'image')) payload[field.name] = await uploadedFile(ctx, field);
      continue;
    }
    payload[field.name] = !field.unique ? value
      : REFERENCE_TYPES.has(field.type) ? await unusedReference(ctx, entity, field)
        : uniqueVariant(field, value);
  }
  return payload;
}

const REFERENCE_TYPES = new Set(['user', 'department', 'reference']);

function skipOnInsert(entity: EntityDef, field: FieldDef): boolean {
  return field.name === entity.key || Boolean(field.system || field.readOnly || field.autoCode)
    || SYSTEM_NAMES.has(field.name) || field.name === entity.flow?.field;
}

async function uploadedFile({ s, token }: CloneContext, field: FieldDef): Promise<unknown> {
  const image = field.type === 'image';
  const content = image ? Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') : Buffer.from('%PDF-1.4\n%contract\n');
  const res = await s.upload(token, '/set/file/uploadFile', { name: image ? 'contract.png' : 'contract.pdf', content }, { module: 'contract' });
  expect(res.body.code, `upload for ${field.name}: ${res.body.message}`).toBe(200);
  return image ? res.body.data.attachId : [res.body.data.attachId];
}

/** A person, department or record that no row of the entity names in this unique field yet. */
async function unusedReference({ s }: CloneContext, entity: EntityDef, field: FieldDef): Promise<string> {
  const registry = s.server.ctx.registry;
  const target = registry.entities.get(field.type === 'user' ? 'User' : field.type === 'department' ? 'Dept' : String(field.entity));
  if (!target) throw new Error(`${entity.name}.${field.name}: no entity to pick from`);
  const db = s.server.ctx.database.db;
  const used = new Set((await db.selectFrom(entity.table).select(field.name).execute()).map((r) => String((r as Record<string, unknown>)[field.name])));
  const candidates = await db.selectFrom(target.table).select(target.key).execute();
  const free = candidates.map((r) => String((r as Record<string, unknown>)[target.key])).find((id) => !used.has(id));
  if (!free) throw new Error(`${entity.name}.${field.name}: every ${target.name} is taken`);
  return free;
}

let uniqueCounter = 0;
/**
 * A value of the same shape that no demo row holds: trailing digits replaced by as many others
 * (a phone number stays a phone number), digits appended otherwise; a number within its bounds.
 */
function uniqueVariant(field: FieldDef, value: unknown): unknown {
  uniqueCounter += 1;
  if (typeof value === 'number') return field.max !== undefined ? field.max - uniqueCounter : value + 1000 + uniqueCounter;
  const text = String(value);
  const digits = /\d+$/.exec(text)?.[0] ?? '';
  const width = Math.min(Math.max(digits.length, 3), 6);
  // In the upper half of the width's range: demo data numbers its rows from 001 upwards, and a
  // stamp landing on one of them (ZD-RS-2026-005) failed a run now and then.
  const half = 10 ** width / 2;
  const stamp = String(half + ((Date.now() + uniqueCounter * 7919) % half)).padStart(width, '0');
  const base = text.slice(0, text.length - Math.min(digits.length, width));
  const next = `${base}${stamp}`;
  return field.maxLength && next.length > field.maxLength ? `${base.slice(0, field.maxLength - stamp.length)}${stamp}` : next;
}

/** One plain text change an editor would make, on a field with no format of its own to break. */
function changeOf(entity: EntityDef, payload: Record<string, unknown>): Record<string, string> | undefined {
  const field = entity.fields.find((f) => (f.type === 'text' || f.type === 'string') && !f.unique && !f.rules?.length && !f.format
    && !f.translated && !f.options && !skipOnInsert(entity, f) && typeof payload[f.name] === 'string');
  if (!field) return undefined;
  const old = String(payload[field.name]);
  const suffix = '（契约）';
  const max = field.maxLength ?? 200;
  return { [field.name]: old.length + suffix.length > max ? `${old.slice(0, max - suffix.length)}${suffix}` : `${old}${suffix}` };
}
