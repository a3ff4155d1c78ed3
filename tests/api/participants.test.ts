import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesParticipant, participantRefs } from '../../runtime/core/schema';
import { myRowScope } from '../../server/entity/participantScope';
import { participantIndexName } from '../../server/db/participantIndexes';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Participants (list.scopes.my.participants): the people a record names besides its owner — an
 * outing's companions (a users field), a car's riders (a user column of a sub-table) — read it
 * and find it in their my list; they write nothing. Sub-table cells are checked against the
 * database like top-level fields, and refusals name them as 乘车人员 第1行 乘车人.
 */
describe.each(databases)('participants on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer(database);
    for (const account of ['lina', 'yanglei', 'zhoujie', 'chenjing', 'wangfang']) tokens[account] = await s.login(account);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const entity = (name: string) => s.server.ctx.registry.entities.get(name)!;
  const myIds = async (account: string, call: string, key: string) => {
    const res = await s.get(tokens[account], call, { pageSize: 500 });
    expect(res.body.code, res.body.message).toBe(200);
    return (res.body.data.list as Record<string, unknown>[]).map((r) => String(r[key]));
  };
  const myOutings = (account: string) => myIds(account, '/get/office/getMyOfficeOutList', 'outId');
  const myRides = (account: string) => myIds(account, '/get/office/getMyOfficeVehicleApplyList', 'applyId');
  const outingById = (account: string, id: string) => s.get(tokens[account], '/get/office/getOfficeOutById', { id });
  const rideById = (account: string, id: string) => s.get(tokens[account], '/get/office/getOfficeVehicleApplyById', { id });
  const ride = (over: Record<string, unknown>) => ({
    title: '参会用车', vehicleType: 'sedan', destination: '上海市浦东新区', passengers: 3, driverNeeded: 1,
    startTime: '2030-05-06 09:00:00', endTime: '2030-05-06 12:00:00', ...over,
  });

  describe('demo records', () => {
    it('put lina\'s customer visit in her companion\'s my list and let him open it; others get 403', async () => {
      const [visit] = await db().selectFrom('office_out').select('outId').where('destination', 'like', '%客户A公司%').execute();
      expect(await myOutings('yanglei')).toContain(visit.outId);
      const read = await outingById('yanglei', visit.outId);
      expect(read.body.code, read.body.message).toBe(200);
      expect(read.body.data).toMatchObject({ applicant: users.lina.userId, companions: users.yanglei.userId, companionsName: '杨磊' });
      expect(await myOutings('zhoujie')).not.toContain(visit.outId);
      expect((await outingById('zhoujie', visit.outId)).status).toBe(403);
    });

    it('put lina\'s car request in each rider\'s my list, with the riders\' names in its rows', async () => {
      const [request] = await db().selectFrom('office_vehicle_apply').select('applyId').where('title', '=', '客户现场需求调研').execute();
      for (const rider of ['yanglei', 'zhoujie']) {
        expect(await myRides(rider)).toContain(request.applyId);
        const read = await rideById(rider, request.applyId);
        expect(read.body.code, read.body.message).toBe(200);
        expect(read.body.data.riders).toEqual([
          { rider: users.yanglei.userId, riderName: '杨磊', boardingPoint: '公司正门' },
          { rider: users.zhoujie.userId, riderName: '周杰', boardingPoint: '地铁漕河泾开发区站' },
        ]);
        // A rider takes no transition: giving the car back stays the applicant's (and the dispatcher's).
        expect(read.body.data.$transitions).toEqual([]);
        // The details screen's history reads by the same rule as the record.
        const history = await s.get(tokens[rider], '/get/system/getFlowLog', { entity: 'OfficeVehicleApply', id: request.applyId });
        expect(history.body.code, history.body.message).toBe(200);
        expect(history.body.data.length).toBeGreaterThan(0);
      }
      expect(await myRides('chenjing')).not.toContain(request.applyId);
      expect((await rideById('chenjing', request.applyId)).status).toBe(403);
      expect((await s.get(tokens.chenjing, '/get/system/getFlowLog', { entity: 'OfficeVehicleApply', id: request.applyId })).status).toBe(403);
    });
  });

  describe('records written through the calls', () => {
    let outId: string;
    it('lets the applicant name companions, who then read the outing and find it in their my list', async () => {
      const res = await s.post(tokens.lina, '/set/office/insertOfficeOut', {
        destination: '参与者测试-客户C公司', reason: '方案汇报', transport: 'taxi',
        startTime: '2030-03-02 09:00:00', endTime: '2030-03-02 17:00:00', companions: [users.yanglei.userId, users.zhoujie.userId],
      });
      expect(res.body.code, res.body.message).toBe(200);
      outId = res.body.data.outId;
      for (const account of ['yanglei', 'zhoujie']) {
        expect(await myOutings(account)).toContain(outId);
        expect((await outingById(account, outId)).body.code).toBe(200);
      }
      expect(await myOutings('chenjing')).not.toContain(outId);
      expect((await outingById('chenjing', outId)).status).toBe(403);
    });

    it('gives companions no write: update and delete are refused and nothing changes', async () => {
      const update = await s.post(tokens.yanglei, '/set/office/updateOfficeOut', { id: outId, destination: '被同行人改写' });
      expect(update.status).toBe(403);
      const remove = await s.post(tokens.yanglei, '/set/office/deleteOfficeOut', { id: outId });
      expect(remove.status).toBe(403);
      const row = await db().selectFrom('office_out').select('destination').where('outId', '=', outId).executeTakeFirst();
      expect(row?.destination).toBe('参与者测试-客户C公司');
    });

    it('takes the record from a companion the applicant removes', async () => {
      const read = await outingById('lina', outId);
      const res = await s.post(tokens.lina, '/set/office/updateOfficeOut', { id: outId, rowVersion: read.body.data.rowVersion, companions: [users.yanglei.userId] });
      expect(res.body.code, res.body.message).toBe(200);
      expect(await myOutings('zhoujie')).not.toContain(outId);
      expect((await outingById('zhoujie', outId)).status).toBe(403);
      expect(await myOutings('yanglei')).toContain(outId);
    });

    it('finds riders named in sub-table rows, and gives them no write either', async () => {
      const res = await s.postJson(tokens.lina, '/set/office/insertOfficeVehicleApply', ride({ riders: [{ rider: users.chenjing.userId, boardingPoint: '南门' }] }));
      expect(res.body.code, res.body.message).toBe(200);
      const id = res.body.data.applyId as string;
      expect(await myRides('chenjing')).toContain(id);
      expect((await rideById('chenjing', id)).body.data.riders).toEqual([{ rider: users.chenjing.userId, riderName: '陈静', boardingPoint: '南门' }]);
      expect(await myRides('yanglei')).not.toContain(id);
      expect((await rideById('yanglei', id)).status).toBe(403);
      expect((await s.postJson(tokens.chenjing, '/set/office/updateOfficeVehicleApply', { id, title: '改' })).status).toBe(403);
    });

    it('answers the my list by the same rule in SQL as in memory, and survives a damaged sub-table cell', async () => {
      const [damaged] = await db().selectFrom('office_vehicle_apply').select('applyId').where('title', '=', '银行对账').execute();
      await db().updateTable('office_vehicle_apply').set({ riders: '[{"rider": broken' }).where('applyId', '=', damaged.applyId).execute();
      for (const name of ['OfficeOut', 'OfficeVehicleApply']) {
        const def = entity(name);
        const rows = await db().selectFrom(def.table).selectAll().execute();
        for (const account of ['lina', 'yanglei', 'zhoujie', 'chenjing']) {
          const userId = users[account].userId;
          const scope = myRowScope(database.name, def, userId);
          const bySql = (await db().selectFrom(def.table).select(def.key).where(scope.condition!).execute()).map((r) => String(r[def.key])).sort();
          const byMemory = rows.filter((r) => scope.allows(r)).map((r) => String(r[def.key])).sort();
          expect(bySql, `${name} ${account}`).toEqual(byMemory);
          expect(byMemory.length).toBeGreaterThan(0);
        }
      }
      expect(namesParticipant(participantRefs(entity('OfficeVehicleApply')), { riders: '[{"rider": broken' }, users.lina.userId)).toBe(false);
      expect(await myRides('chenjing')).toContain(damaged.applyId);
    });
  });

  describe('sub-table cells', () => {
    it('refuses an unknown user in a row as at the top level, naming the cell as people read it', async () => {
      const before = (await db().selectFrom('office_vehicle_apply').select('applyId').execute()).length;
      const res = await s.postJson(tokens.lina, '/set/office/insertOfficeVehicleApply',
        ride({ riders: [{ rider: users.yanglei.userId }, { rider: 'no-such-user', boardingPoint: '东门' }] }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toEqual([{ field: 'riders.1.rider', message: '乘车人员 第2行 乘车人：所选的记录不存在' }]);
      const english = await rawCall(s, tokens.lina, 'POST', '/set/office/insertOfficeVehicleApply', {
        headers: { 'X-Lang': 'en', 'Content-Type': 'application/json' }, body: JSON.stringify(ride({ riders: [{ rider: 'no-such-user' }] })),
      });
      expect(english.body.code).toBe(100);
      expect(english.body.data.errors).toEqual([{ field: 'riders.0.rider', message: 'Riders row 1 Rider：The selected record does not exist' }]);
      expect((await db().selectFrom('office_vehicle_apply').select('applyId').execute()).length).toBe(before);
    });

    it('names a missing required cell by table, row and column', async () => {
      const res = await s.postJson(tokens.lina, '/set/office/insertOfficeVehicleApply', ride({ riders: [{ boardingPoint: '东门' }] }));
      expect(res.body.code).toBe(100);
      expect(res.body.data.errors).toEqual([{ field: 'riders.0.rider', message: '乘车人员 第1行 乘车人：字段值不可为空' }]);
      expect(res.body.message).toContain('乘车人员 第1行 乘车人');
      expect(res.body.message).not.toContain('riders.0');
    });
  });
});

/** PostgreSQL indexes users and sub-table participants (server/db/participantIndexes.ts); SQLite has no such index to use. */
describe.each(databases.filter((d) => d.name === 'postgres'))('participant indexes on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });
  const db = () => s.server.ctx.database.db;
  const entity = (name: string) => s.server.ctx.registry.entities.get(name)!;

  it('looks participants up through their indexes', async () => {
    for (const [name, column] of [['OfficeOut', 'companions'], ['OfficeVehicleApply', 'riders']] as const) {
      const def = entity(name);
      const compiled = db().selectFrom(def.table).select(def.key).where(myRowScope('postgres', def, users.yanglei.userId).condition!).compile();
      const plan = await db().transaction().execute(async (trx) => {
        // The demo tables are small: make the planner show whether the condition can use the index.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN ${compiled.sql}` });
        return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, plan).toContain(participantIndexName(def.table, column));
    }
  });
});
