import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

type Row = Record<string, unknown>;
interface PersonnelEvent { kind: 'leave' | 'reinstate' | 'transfer'; date: string; row: Row }

/**
 * The HR demo tells one story (server/modules/hr/hrRecordsDemoData.ts, formerStaffDemoData.ts):
 * every approved 离职, 调动 and 复职 has done to the personnel file what its approval does
 * (server/modules/hr/personnelEffects.ts) — a demo user opening a person's file finds the status,
 * leaving date, department and post the approved requests say, and the system account in the
 * same department.
 */
describe.each(databases)('the HR demo agrees with its personnel files, on $name', (database) => {
  let s: TestServer;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  const approved = (table: string) => db().selectFrom(table).selectAll().where('status', '=', 'approved').execute() as Promise<Row[]>;

  it('has every approved leave, transfer and reinstatement reflected in the file, the latest decision winning', async () => {
    const files = new Map((await db().selectFrom('hr_user').selectAll().execute() as Row[]).map((f) => [String(f.userId), f]));
    const accounts = new Map((await db().selectFrom('sys_user').select(['userId', 'deptId', 'status']).execute()).map((u) => [String(u.userId), u]));
    const events: PersonnelEvent[] = [
      ...(await approved('hr_leave_record')).map((row) => ({ kind: 'leave' as const, date: String(row.leaveDate), row })),
      ...(await approved('hr_reinstatement')).map((row) => ({ kind: 'reinstate' as const, date: String(row.reinstateDate), row })),
      ...(await approved('hr_personnel_transfer')).map((row) => ({ kind: 'transfer' as const, date: String(row.transferDate), row })),
    ];
    // Not a check of nothing: the demo decides each kind.
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(['leave', 'reinstate', 'transfer']));

    const people = new Set(events.map((e) => String(e.row.userId)));
    for (const userId of people) {
      const file = files.get(userId);
      expect(file, `personnel file of ${userId}`).toBeDefined();
      const who = `${String(file!.userName)} (${String(file!.jobNo)})`;
      const own = events.filter((e) => String(e.row.userId) === userId).sort((a, b) => a.date.localeCompare(b.date));
      for (const event of own) expect(event.date >= String(file!.hireDate), `${who}: ${event.kind} on ${event.date} before the hire date`).toBe(true);

      const transfers = own.filter((e) => e.kind === 'transfer');
      // Each transfer leaves the department the previous one joined.
      for (let at = 1; at < transfers.length; at += 1) expect(transfers[at].row.dept, `${who}: transfer ${at + 1}`).toBe(transfers[at - 1].row.newDept);
      const lastTransfer = transfers.at(-1);
      if (lastTransfer) {
        expect({ deptId: file!.deptId, position: file!.position }, `${who}: the last approved transfer`)
          .toEqual({ deptId: lastTransfer.row.newDept, position: lastTransfer.row.newPosition });
        expect(accounts.get(userId)?.deptId, `${who}: the system account follows the transfer`).toBe(lastTransfer.row.newDept);
      }

      const lastStatus = own.filter((e) => e.kind !== 'transfer').at(-1);
      if (lastStatus?.kind === 'leave') {
        expect({ staffStatus: file!.staffStatus, leaveDate: file!.leaveDate }, `${who}: the approved leave`).toEqual({ staffStatus: 'left', leaveDate: lastStatus.row.leaveDate });
        expect(lastStatus.row.dept, `${who}: left from the file's department`).toBe(file!.deptId);
      } else if (lastStatus?.kind === 'reinstate') {
        expect(file!.staffStatus, `${who}: the approved reinstatement`).not.toBe('left');
        expect(file!.leaveDate, who).toBeNull();
      }
    }
  });

  it('has an approved leave behind every file that says 离职, and no sign-in for someone gone', async () => {
    const leaves = await approved('hr_leave_record');
    const left = await db().selectFrom('hr_user').selectAll().where('staffStatus', '=', 'left').execute() as Row[];
    expect(left.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const file of left) {
      expect(leaves.some((l) => l.userId === file.userId && l.leaveDate === file.leaveDate), String(file.userName)).toBe(true);
      const account = await db().selectFrom('sys_user').select('status').where('userId', '=', String(file.userId)).executeTakeFirstOrThrow();
      if (String(file.leaveDate) < today) expect(Number(account.status), `${String(file.userName)}'s account`).toBe(0);
    }
  });
});
