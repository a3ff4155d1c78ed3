import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesParticipant, participantRefs, type EntityDef } from '../../runtime/core/schema';
import { loadPrincipal } from '../../server/auth/loadPrincipal';
import { hashToken } from '../../server/auth/sessions';
import type { Principal } from '../../server/auth/Principal';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { countRequests, describeAnswer, expectClean } from '../support/hostileInput';
import { createOtherUnitAdmin, entityPath } from '../support/hostileActors';

const databases = await databasesUnderTest();
const requests = countRequests();

type Row = Record<string, unknown>;

/** Rows of each entity tried by id, update, delete and transitions per actor: enough to cover several owners. */
const OUT_OF_SCOPE_SAMPLE = 4;

/**
 * What modules publish beyond the generic rule, restated from their documentation (not read from
 * their code, which is under test): a holder of one of `grants` also reads these rows, in the my
 * list and by id. Infohub publishes to the unit (server/modules/infohub/index.ts); news readers
 * read the unit's published news (server/modules/info/newsCalls.ts); a published notice is read
 * by the people it was published to, its `readers` (docs: schemas/info/Notice.json's description);
 * a published knowledge document by the unit, the chosen departments or the chosen people
 * (server/modules/knowledge/knowledgeReaders.ts), a published regulation file by its unit
 * (server/modules/file/regulationReading.ts) — these two to every signed-in user (no grant listed).
 */
const listHas = (value: unknown, id: string | undefined) => Boolean(id) && String(value ?? '').split(',').includes(id!);
const PUBLISHED: Record<string, { grants: ('my' | 'view' | 'list')[]; row: (who: Principal, row: Row) => boolean }> = {
  OpenInfo: { grants: ['my'], row: (who, row) => row.unitId === who.unitId && Number(row.openToAll) === 1 },
  LeaderActivity: { grants: ['my'], row: (who, row) => row.unitId === who.unitId && Number(row.isPublic) === 1 },
  ShareWebsite: { grants: ['my'], row: (who, row) => row.unitId === who.unitId },
  BigStory: { grants: ['my'], row: (who, row) => row.unitId === who.unitId },
  News: { grants: ['my', 'view', 'list'], row: (who, row) => row.unitId === who.unitId && row.status === 'published' },
  Notice: { grants: ['my'], row: (who, row) => row.status === 'published' && listHas(row.readers, who.userId) },
  Knowledge: {
    grants: [],
    row: (who, row) => row.unitId === who.unitId && row.status === 'published' && (row.visibility === 'all'
      || (row.visibility === 'depts' && listHas(row.visibleDepts, who.deptId))
      || (row.visibility === 'users' && listHas(row.visibleUsers, who.userId))),
  },
  RegulationFile: { grants: [], row: (who, row) => row.unitId === who.unitId && row.status === 'published' },
};

/**
 * Which rows an actor may reach, stated from the schema and the actor's roles — independently
 * of the server's own scope code, which is what is under test. An entity without data scope is
 * the whole table for whoever holds its permission (by the schema's own declaration).
 */
class Reach {
  constructor(private readonly who: Principal) {}

  private holds(permission: string | undefined): boolean {
    return Boolean(permission && this.who.permissions.has(permission));
  }

  private owns(entity: EntityDef, row: Row): boolean {
    return this.holds(entity.permissions.my) && this.inMyList(entity, row);
  }

  /** The my list's rule: the owner field names the actor, or a participant field does (a 收文's recipients, a car's riders). */
  inMyList(entity: EntityDef, row: Row): boolean {
    const owner = entity.list.scopes.my?.ownerField;
    return Boolean(owner && row[owner] === this.who.userId) || namesParticipant(participantRefs(entity), row, this.who.userId)
      || (entity.personal && row.createUser === this.who.userId) || this.published(entity, row);
  }

  /** A row its module publishes to the actor (PUBLISHED). */
  private published(entity: EntityDef, row: Row): boolean {
    const rule = PUBLISHED[entity.name];
    const granted = rule && (rule.grants.length === 0 || rule.grants.some((g) => this.holds(entity.permissions[g])));
    return Boolean(granted && rule.row(this.who, row));
  }

  /** The manage scope: own rows for scope 1, the unit's rows for scope 4, all for the rest. */
  private inManageScope(entity: EntityDef, row: Row): boolean {
    if (entity.personal) return row.createUser === this.who.userId;
    if (!entity.dataScope || this.who.isSuperAdmin) return true;
    if (this.who.dataScope === 1) return row.createUser === this.who.userId;
    if (this.who.dataScope === 4) return row.unitId === this.who.unitId;
    throw new Error(`the suite's actors have scope 1 or 4, not ${this.who.dataScope}`);
  }

  listed(entity: EntityDef, row: Row): boolean {
    return this.holds(entity.permissions.list) && this.inManageScope(entity, row);
  }

  read(entity: EntityDef, row: Row): boolean {
    if (entity.personal) return row.createUser === this.who.userId;
    const manages = this.holds(entity.permissions.list) || this.holds(entity.permissions.view);
    return (manages && this.inManageScope(entity, row)) || this.owns(entity, row) || this.published(entity, row);
  }

  written(entity: EntityDef, action: string, row: Row): boolean {
    return this.holds(entity.permissions[action]) && this.inManageScope(entity, row);
  }

  /** An open picker answers every row, reduced to its picker fields when the actor may not read the list. */
  reducedPicker(entity: EntityDef): boolean {
    return entity.pickerOpen && ![entity.permissions.list, entity.permissions.view, entity.permissions.my].some((p) => this.holds(p));
  }
}

function pickerFieldsOf(entity: EntityDef): Set<string> {
  const names = [entity.key, entity.labelField, entity.parentField, entity.sortField, ...entity.pickerFields].filter(Boolean) as string[];
  return new Set(['label', 'value', 'children', ...names, ...names.map((n) => `${n}Name`)]);
}

function flatten(nodes: Row[]): Row[] {
  return nodes.flatMap((n) => [n, ...flatten((n.children as Row[] | undefined) ?? [])]);
}

/**
 * No session, a plain user and the administrator of another unit, against every entity of the
 * registry: what they may not reach is never answered — in lists, pickers, by id, flow history
 * — and never changed by update, delete or a flow transition. Driven by the schemas and the
 * call table, so a new entity is covered on arrival.
 */
describe.each(databases)('no row outside the caller\'s scope on $name', (database) => {
  let s: TestServer;
  const actors: { name: string; token: string; reach: Reach; principal: Principal }[] = [];

  beforeAll(async () => {
    s = await startTestServer(database);
    const admin = await s.login('admin');
    const other = await createOtherUnitAdmin(s, admin);
    // The account sits in the second unit: the scope below is that unit's, not the demo's.
    const stored = await s.server.ctx.database.db.selectFrom('sys_user').select(['unitId', 'deptId']).where('userId', '=', other.userId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ unitId: other.unitId, deptId: other.rootDeptId });
    // Records of the second unit too, so its administrator's lists are not empty by accident.
    const own = await s.post(other.token, '/set/hr/insertHrContract', {
      contractNo: 'H7-OTHER-1', userId: other.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01',
    });
    expect(own.body.code, own.body.message).toBe(200);
    for (const [name, token] of [['a plain user', await s.login('lina')], ['the administrator of another unit', other.token]] as const) {
      const principal = (await loadPrincipal(s.server.ctx, hashToken(token)))!;
      actors.push({ name, token, principal, reach: new Reach(principal) });
    }
    expect(actors.map((a) => a.principal.dataScope)).toEqual([1, 4]);
  });
  afterAll(async () => {
    requests.report(`scope (${database.name})`, s.baseUrl);
    await s.stop();
  });

  const entities = () => [...s.server.ctx.registry.entities.values()];
  const has = (path: string) => s.server.calls.has(path.replace(/^\/(get|set)\/([^/]+)\/(.+)$/, '$1:$2:$3'));
  const rowsOf = async (entity: EntityDef): Promise<Row[]> => s.server.ctx.database.db.selectFrom(entity.table).selectAll().orderBy(entity.key).execute();
  const storedRow = async (entity: EntityDef, id: unknown) => s.server.ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', String(id)).executeTakeFirst();

  it('refuses every session call with a missing, forged, malformed or foreign-format token', async () => {
    const tokens = [`Bearer ${'0'.repeat(64)}`, "Bearer ' OR 1=1 --", `Bearer ${'a'.repeat(10_000)}`, 'Basic YWRtaW46QWRtaW5AMTIz'];
    for (const [key, handler] of s.server.calls) {
      if (handler.auth !== 'session') continue;
      const [method, base, name] = key.split(':');
      for (const authorization of tokens) {
        const res = await fetch(`${s.baseUrl}/capi/${method}/${base}/${name}`, {
          method: method === 'set' ? 'POST' : 'GET', headers: authorization ? { Authorization: authorization } : {},
        });
        expect(res.status, `${key} with "${authorization.slice(0, 40)}"`).toBe(401);
        await res.arrayBuffer();
      }
    }
  });

  it.each([0, 1])('answers actor %i no row outside its scope in any list, picker or tree', async (index) => {
    const { token, reach, name } = actors[index];
    let checkedRows = 0;
    for (const entity of entities()) {
      const byId = new Map((await rowsOf(entity)).map((r) => [String(r[entity.key]), r]));
      const judge = (what: string, res: Answer, rows: Row[], allowed: (row: Row) => boolean) => {
        expectClean(what, res);
        for (const row of rows) {
          const stored = byId.get(String(row[entity.key] ?? row.value));
          expect(stored, `${name}: ${what} answered a row that does not exist`).toBeDefined();
          expect(allowed(stored!), `${name}: ${what} answered ${entity.name} ${String(row[entity.key] ?? row.value)} outside the scope`).toBe(true);
          checkedRows += 1;
        }
      };
      const pages = async (path: string) => {
        const rows: Row[] = [];
        for (let page = 1; page <= 20; page += 1) {
          const res = await s.get(token, path, { page, pageSize: 500 });
          if (res.body.code !== 200) return { res, rows };
          const list = Array.isArray(res.body.data) ? res.body.data : res.body.data.list;
          rows.push(...flatten(list));
          if (Array.isArray(res.body.data) || rows.length >= res.body.data.total || list.length === 0) return { res, rows };
        }
        throw new Error(`${path} has more than 20 pages`);
      };
      for (const kind of ['list', 'my', 'select', 'tree'] as const) {
        const path = entityPath(s, entity, kind);
        if (!has(path)) continue;
        const { res, rows } = await pages(path);
        if (res.status === 403) continue;
        if (kind === 'list') judge(path, res, rows, (r) => reach.listed(entity, r));
        else if (kind === 'my') judge(path, res, rows, (r) => reach.inMyList(entity, r));
        else if (entity.pickerOpen) {
          expectClean(path, res);
          // The open picker's rule: every row, but only the picker's own fields to a user who may not read the list.
          // A value the call works out (a category's document count) is no stored field: only columns count.
          if (reach.reducedPicker(entity)) {
            const shown = pickerFieldsOf(entity);
            for (const row of rows) {
              const columns = new Set(Object.keys(byId.get(String(row[entity.key] ?? row.value)) ?? {}));
              expect(Object.keys(row).filter((k) => !shown.has(k) && columns.has(k)), `${name}: ${path} shows more than the picker fields`).toEqual([]);
            }
          }
        } else judge(path, res, rows, (r) => reach.read(entity, r));
      }
    }
    expect(checkedRows).toBeGreaterThan(0);
  });

  it.each([0, 1])('refuses actor %i every row outside its scope by id, update, delete, transition and flow history', async (index) => {
    const { token, reach, name } = actors[index];
    let tried = 0;
    for (const entity of entities()) {
      const rows = await rowsOf(entity);
      const view = entityPath(s, entity, 'view');
      for (const row of rows.filter((r) => !reach.read(entity, r)).slice(0, OUT_OF_SCOPE_SAMPLE)) {
        const id = String(row[entity.key]);
        const res = await s.get(token, view, { id });
        expectClean(view, res);
        expect(res.body.code, `${name}: ${describeAnswer(`${view} ${id}`, res)}`).not.toBe(200);
        // The id as a whole value (a refusal names the permission, `system:SysConfig:view`, which may contain a short id such as `system`).
        expect(JSON.stringify(res.body.data ?? null)).not.toContain(JSON.stringify(id));
        if (entity.flow) {
          const log = await s.get(token, '/get/system/getFlowLog', { entity: entity.name, id });
          expectClean('getFlowLog', log);
          expect(log.body.code, `${name}: flow history of ${entity.name} ${id}`).not.toBe(200);
        }
        tried += 1;
      }
      const writes: [string, string, (id: string) => Record<string, unknown>][] = [
        ['update', entityPath(s, entity, 'update'), (id) => ({ id, [entity.key]: id, [entity.labelField]: 'h7-tamper' })],
        ['delete', entityPath(s, entity, 'delete'), (id) => ({ id })],
        ['delete', entityPath(s, entity, 'deleteByIds'), (id) => ({ ids: [id] })],
        ...(entity.flow?.transitions ?? []).map((tr): [string, string, (id: string) => Record<string, unknown>] => [
          tr.name, `/set/${s.server.ctx.registry.modules.get(entity.module)!.base}/${tr.call}`, (id) => ({ id, opinion: 'h7' }),
        ]),
      ];
      for (const [action, path, params] of writes) {
        if (!has(path)) continue;
        for (const row of rows.filter((r) => !reach.written(entity, action, r)).slice(0, OUT_OF_SCOPE_SAMPLE)) {
          const id = String(row[entity.key]);
          const res = await s.post(token, path, params(id));
          expectClean(path, res);
          expect(res.body.code, `${name}: ${describeAnswer(`${path} ${id}`, res)}`).not.toBe(200);
          expect(await storedRow(entity, id), `${name}: ${path} changed ${entity.name} ${id}`).toEqual(row);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('is still answering', async () => {
    const res = await s.get(await s.login('admin'), '/get/system/getUserInfo');
    expect(res.body.code).toBe(200);
  });
});
