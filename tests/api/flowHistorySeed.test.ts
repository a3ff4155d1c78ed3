import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../runtime/core/schema';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { workbook } from '../support/xlsxFiles';
import { demoUsers, type DemoUser } from './helpers';
import { recordFlowStep } from '../../server/entity/flowLog';
import { insertNewRows } from '../../server/entity/insertNewRow';

const databases = await databasesUnderTest();

interface Step { transition: string; fromState: string; toState: string; userId: string; userName: string | null; opinion: string | null; createTime: string }

/**
 * Issue 12.8: every request of a schema flow has a history that starts with its submission, and
 * a request past its first state has the steps that brought it there — the demo rows of every
 * module (server/seed/seedFlowHistory.ts) and imported rows (server/entity/importCall.ts) too.
 */
describe.each(databases)('every flow request has its history, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const history = async (entity: string, id: string): Promise<Step[]> => {
    const res = await s.get(admin, '/get/system/getFlowLog', { entity, id });
    expect(res.body.code, `${entity} ${id}: ${res.body.message}`).toBe(200);
    return res.body.data as Step[];
  };
  const flowEntities = () => [...s.server.ctx.registry.entities.values()].filter((e): e is EntityDef & { flow: NonNullable<EntityDef['flow']> } => !!e.flow);
  const seededRows = async (entity: EntityDef, where?: Record<string, string>) => {
    let query = db().selectFrom(entity.table).selectAll();
    for (const [field, value] of Object.entries(where ?? {})) query = query.where(field, '=', value);
    return query.execute();
  };

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('starts the history of every seeded row of every flow entity with its submission and ends it in the row\'s state', async () => {
    const entitiesWithRows = new Set<string>();
    let laterStates = 0;
    for (const entity of flowEntities()) {
      const { flow } = entity;
      for (const row of await seededRows(entity)) {
        entitiesWithRows.add(entity.name);
        const id = String(row[entity.key]);
        const state = String(row[flow.field]);
        const steps = await history(entity.name, id);
        const where = `${entity.name} ${id} (${state})`;
        expect(steps[0]?.transition, where).toBe('$submit');
        expect(steps.filter((step) => step.transition === '$submit'), where).toHaveLength(1);
        expect(steps.at(-1)?.toState, where).toBe(state);
        if (state !== flow.initial) {
          laterStates += 1;
          // Past its first state, a request got there by transitions of its flow, not by its submission.
          expect(steps[0].toState, where).toBe(flow.initial);
          expect(steps.length, where).toBeGreaterThan(1);
        }
        // After the submission, each step is a transition of the flow, from the state the previous step left.
        for (const [at, step] of steps.entries()) {
          if (at === 0) continue;
          const transition = flow.transitions.find((t) => t.name === step.transition);
          expect(transition, `${where}: step ${step.transition}`).toBeDefined();
          expect(transition?.to, where).toBe(step.toState);
          expect(step.fromState, where).toBe(steps[at - 1].toState);
          expect(transition?.from, where).toContain(step.fromState);
          expect(step.createTime >= steps[at - 1].createTime, where).toBe(true);
        }
      }
    }
    // The demo organisation seeds requests of most flow entities, many of them past their first state.
    expect(entitiesWithRows.size).toBeGreaterThanOrEqual(20);
    expect(laterStates).toBeGreaterThanOrEqual(40);
  });

  it('writes the submission by the applicant and the decision by a holder of its role, with the row\'s opinion', async () => {
    const titles = s.server.ctx.registry.entities.get('TitleEvaluation')!;
    const [rejected] = await seededRows(titles, { status: 'rejected' });
    const steps = await history(titles.name, String(rejected[titles.key]));
    expect(steps.map((step) => [step.transition, step.fromState, step.toState])).toEqual([['$submit', '', 'applied'], ['reject', 'applied', 'rejected']]);
    expect(steps[0].userId).toBe(String(rejected.createUser));
    expect(steps[1].opinion).toBe('任副高级职称年限不足五年');
    const roles = await db().selectFrom('sys_user').select('roleIds').where('userId', '=', steps[1].userId).executeTakeFirstOrThrow();
    const hr = await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'hr').executeTakeFirstOrThrow();
    expect(String(roles.roleIds).split(',')).toContain(String(hr.roleId));
    expect(steps[1].userId).not.toBe(steps[0].userId);

    // A reject transition without an opinion field of its own: the row's approval remark is its reason.
    const duty = s.server.ctx.registry.entities.get('OfficeDutyRecord')!;
    const [refused] = await seededRows(duty, { status: 'rejected' });
    const dutySteps = await history(duty.name, String(refused[duty.key]));
    expect(dutySteps.at(-1)).toMatchObject({ transition: 'reject', toState: 'rejected', opinion: '当天已另行安排' });

    // A state two transitions away: approved, then granted; the approval keeps its remark.
    const supplies = s.server.ctx.registry.entities.get('OfficeSuppliesApply')!;
    const [granted] = await seededRows(supplies, { status: 'granted' });
    const grantSteps = await history(supplies.name, String(granted[supplies.key]));
    expect(grantSteps.map((step) => [step.transition, step.opinion])).toEqual([['$submit', null], ['approve', '同意'], ['grant', null]]);

    // Histories a seeder wrote itself are kept as written, not doubled: the dispatcher's words on
    // each decision, the meeting administrator's, a notice sent for approval as the demo's settings ask.
    const vehicles = s.server.ctx.registry.entities.get('OfficeVehicleApply')!;
    const [returned] = await seededRows(vehicles, { status: 'returned' });
    const vehicleSteps = await history(vehicles.name, String(returned[vehicles.key]));
    expect(vehicleSteps.map((step) => [step.transition, step.opinion])).toEqual([['$submit', null], ['approve', '同意'], ['giveBack', null]]);
    expect(vehicleSteps.slice(1).map((step) => step.userId)).toEqual([users.wangfang.userId, users.wangfang.userId]);
    const meetings = s.server.ctx.registry.entities.get('OfficeMeeting')!;
    const [weekly] = await seededRows(meetings, { title: '周例会' });
    expect((await history(meetings.name, String(weekly[meetings.key]))).map((step) => [step.transition, step.userId, step.opinion]))
      .toEqual([['$submit', users.wuting.userId, null], ['approve', users.wuting.userId, '同意']]);
    const [cancelled] = await seededRows(meetings, { status: 'cancelled' });
    expect((await history(meetings.name, String(cancelled[meetings.key]))).at(-1)).toMatchObject({ transition: 'cancel', fromState: 'applied', userId: String(cancelled.host) });
    const notices = s.server.ctx.registry.entities.get('Notice')!;
    const [published] = await seededRows(notices, { status: 'published' });
    expect((await history(notices.name, String(published[notices.key]))).map((step) => step.transition)).toEqual(['$submit', 'send', 'approve']);
    const [withdrawn] = await seededRows(notices, { status: 'withdrawn' });
    const withdrawnSteps = await history(notices.name, String(withdrawn[notices.key]));
    expect(withdrawnSteps.map((step) => [step.transition, step.opinion])).toEqual([['$submit', null], ['send', null], ['approve', null], ['withdraw', '补贴标准待财务复核']]);
    const enterprises = s.server.ctx.registry.entities.get('Enterprise')!;
    const [turnedDown] = await seededRows(enterprises, { auditStatus: 'rejected' });
    const enterpriseSteps = await history(enterprises.name, String(turnedDown[enterprises.key]));
    expect(enterpriseSteps.map((step) => step.transition)).toEqual(['$submit', 'reject']);
    expect(enterpriseSteps[1]).toMatchObject({ userId: users.admin.userId });
    expect(enterpriseSteps[1].opinion).toBeTruthy();
  });

  it('has every state of every flow reached by its transitions: no call moves a request where its flow does not go', () => {
    for (const { name, flow } of flowEntities()) {
      const reached = new Set([flow.initial]);
      for (let grew = true; grew;) {
        grew = false;
        for (const t of flow.transitions) {
          if (!reached.has(t.to) && t.from.some((state) => reached.has(state))) { reached.add(t.to); grew = true; }
        }
      }
      expect(flow.states.map((state) => state.name).filter((state) => !reached.has(state)), name).toEqual([]);
    }
  });

  it('refuses to write a step that is no transition of the flow, so the timeline never shows a raw word', async () => {
    const grades = s.server.ctx.registry.entities.get('OfficeExamGrade')!;
    const step = { recordId: 'x', fromState: 'inProgress', toState: 'submitted', userId: users.lina.userId };
    await expect(recordFlowStep(db(), grades, { ...step, transition: 'handIn' })).rejects.toThrow(/no transition/);
    // A transition of the flow, but not between these states.
    await expect(recordFlowStep(db(), grades, { ...step, transition: 'mark' })).rejects.toThrow(/no transition/);
    expect(await db().selectFrom('sys_flow_log').select('logId').where('recordId', '=', 'x').execute()).toHaveLength(0);
  });

  it('starts the history of an imported request with its submission', async () => {
    const room = await s.post(admin, '/set/office/insertOfficeMeetingRoom', { name: `导入历史会议室${database.name}`, location: 'C座 9 楼', capacity: 10, status: 'open' });
    expect(room.body.code, room.body.message).toBe(200);
    const file = await workbook([
      ['title', 'room', 'startTime', 'endTime', 'host'],
      ['导入的预约甲', room.body.data.name, '2032-04-05 09:00:00', '2032-04-05 10:00:00', 'lina'],
      ['导入的预约乙', room.body.data.name, '2032-04-05 10:00:00', '2032-04-05 11:00:00', 'lina'],
    ]);
    const imported = await s.upload(admin, '/set/office/importOfficeMeeting', { name: '会议.xlsx', content: file });
    expect(imported.body.code, imported.body.message).toBe(200);
    const bookings = await db().selectFrom('office_meeting').select(['meetingId', 'title']).where('room', '=', room.body.data.roomId).execute();
    expect(bookings.map((b) => b.title).sort()).toEqual(['导入的预约甲', '导入的预约乙'].sort());
    for (const booking of bookings) {
      const steps = await history('OfficeMeeting', String(booking.meetingId));
      expect(steps).toEqual([expect.objectContaining({ transition: '$submit', fromState: '', toState: 'applied', userId: users.admin.userId, userName: '系统管理员' })]);
    }
  });

  it('submits rows written many at once (an import without a before-write hook) in the same transaction, each into its state', async () => {
    const vehicles = s.server.ctx.registry.entities.get('OfficeVehicleApply')!;
    const lina = { userId: users.lina.userId, deptId: users.lina.deptId, unitId: users.lina.unitId };
    const row = (title: string) => ({ title, reason: title, vehicleType: 'sedan', destination: '虹桥站', passengers: 1, startTime: '2032-05-06 09:00:00', endTime: '2032-05-06 10:00:00' });
    const ids = await insertNewRows(s.server.ctx, db(), vehicles, [row('批量甲'), { ...row('批量乙'), status: 'approved' }], lina);
    const first = await history(vehicles.name, ids[0]);
    expect(first).toEqual([expect.objectContaining({ transition: '$submit', toState: 'applied', userId: users.lina.userId })]);
    expect((await history(vehicles.name, ids[1])).map((step) => step.toState)).toEqual(['approved']);
    // A failed write leaves neither the rows nor their submissions.
    let rolledBack: string[] = [];
    await expect(db().transaction().execute(async (trx) => {
      rolledBack = await insertNewRows(s.server.ctx, trx, vehicles, [row('回滚甲')], lina);
      expect(await trx.selectFrom('sys_flow_log').select('logId').where('recordId', 'in', rolledBack).execute()).toHaveLength(1);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await db().selectFrom(vehicles.table).select(vehicles.key).where(vehicles.key, 'in', rolledBack).execute()).toHaveLength(0);
    expect(await db().selectFrom('sys_flow_log').select('logId').where('recordId', 'in', rolledBack).execute()).toHaveLength(0);
  });
});
