import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { HR_ANALYSIS_TOPICS, hrAnalysisCallName, type HrAnalysisTopic } from '../../runtime/core/hrAnalysis/topics';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { deptIds, rawCall } from './helpers';

const databases = await databasesUnderTest();
const PASSWORD = 'Analysis@123';

type Row = Record<string, unknown>;
interface Expected { pie: Record<string, number>; bar: Record<string, number>; table: Record<string, Record<string, number>> }
interface Filter { startDate?: string; endDate?: string; deptId?: string }

/**
 * The 33 HR analysis calls (get{Topic}{Pie|Bar|Table}ForAnalysis, server/modules/hr/analysisQuery.ts):
 * every number is checked against a count this file makes itself from the stored rows, for the
 * superuser, for a user whose role reaches one department's rows only, and under the filters.
 */
describe.each(databases)('HR analysis on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string; // staff: no list permission of any topic
  let hrClerk: string; // role with every topic's list, data scope "own department" (人力资源部)
  let hrDeptId: string;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;
  const entityOf = (topic: HrAnalysisTopic) => s.server.ctx.registry.entities.get(topic.entity)!;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, lina] = await Promise.all(['admin', 'lina'].map((a) => s.login(a)));
    depts = await deptIds(s);
    hrDeptId = depts['人力资源部'];
    const lists = HR_ANALYSIS_TOPICS.map((t) => entityOf(t).permissions.list);
    const menus = await db().selectFrom('sys_menu').select('menuId').where('permission', 'in', lists).execute();
    expect(menus).toHaveLength(lists.length);
    const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'hrAnalysisDept', roleName: '人事分析-本部门', dataScope: '2', menuIds: menus.map((m) => m.menuId), status: 1 });
    expect(role.body.code, role.body.message).toBe(200);
    const user = await s.post(admin, '/set/system/insertUser', { accountId: 'anaClerk', userName: '分析专员', deptId: hrDeptId, roleIds: [role.body.data.roleId], status: 1 });
    expect(user.body.code, user.body.message).toBe(200);
    await db().insertInto('sys_credential').values({ userId: user.body.data.userId, passwordHash: await hashPassword(PASSWORD), updateTime: '2026-01-01 00:00:00' }).execute();
    hrClerk = await s.login('anaClerk', PASSWORD);
  });
  afterAll(async () => { await s.stop(); });

  async function subtree(deptId: string): Promise<Set<string>> {
    const all = await db().selectFrom('sys_dept').select(['deptId', 'parentId']).execute();
    const found = new Set([deptId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const d of all) if (d.parentId && found.has(String(d.parentId)) && !found.has(String(d.deptId))) { found.add(String(d.deptId)); grew = true; }
    }
    return found;
  }

  /** What the three charts must say, counted here from the table's rows. */
  async function expected(topic: HrAnalysisTopic, visible: (row: Row) => boolean, filter: Filter = {}): Promise<Expected> {
    const entity = entityOf(topic);
    const inDept = filter.deptId ? await subtree(filter.deptId) : undefined;
    const rows = (await db().selectFrom(entity.table).selectAll().execute() as Row[]).filter((r) => visible(r)
      && (!entity.flow || r[entity.flow.field] === 'approved')
      && (!topic.excluded || !topic.excluded.values.includes(String(r[topic.excluded.field])))
      && (!filter.startDate || (r[topic.date] != null && String(r[topic.date]) >= filter.startDate))
      && (!filter.endDate || (r[topic.date] != null && String(r[topic.date]) <= filter.endDate))
      && (!inDept || inDept.has(String(r[topic.dept]))));
    const out: Expected = { pie: {}, bar: {}, table: {} };
    for (const r of rows) {
      const key = r[topic.dimension] == null ? '' : String(r[topic.dimension]);
      out.pie[key] = (out.pie[key] ?? 0) + 1;
      if (r[topic.date] != null) { const m = String(r[topic.date]).slice(0, 7); out.bar[m] = (out.bar[m] ?? 0) + 1; }
      const d = r[topic.dept] == null ? '' : String(r[topic.dept]);
      out.table[d] ??= {};
      out.table[d][key] = (out.table[d][key] ?? 0) + 1;
    }
    return out;
  }

  async function answered(token: string, topic: HrAnalysisTopic, filter: Filter = {}): Promise<Expected> {
    const call = (chart: 'Pie' | 'Bar' | 'Table') => s.get(token, `/get/hr/${hrAnalysisCallName(topic.topic, chart)}`, { ...filter });
    const [pie, bar, table] = await Promise.all([call('Pie'), call('Bar'), call('Table')]);
    for (const res of [pie, bar, table]) expect(res.body.code, `${topic.topic}: ${res.body.message}`).toBe(200);
    const out: Expected = { pie: {}, bar: {}, table: {} };
    for (const slice of pie.body.data) out.pie[slice.key] = slice.value;
    bar.body.data.months.forEach((m: string, i: number) => { out.bar[m] = bar.body.data.values[i]; });
    expect([...bar.body.data.months].sort()).toEqual(bar.body.data.months);
    let total = 0;
    for (const row of table.body.data.rows) {
      out.table[row.deptId] = Object.fromEntries(Object.entries(row.counts as Record<string, number>).filter(([, n]) => n > 0));
      expect(row.total).toBe(Object.values(row.counts as Record<string, number>).reduce((a, b) => a + b, 0));
      total += row.total;
    }
    expect(table.body.data.total).toBe(total);
    // Every value counted is a column of the table.
    const columns = table.body.data.columns.map((c: { key: string }) => c.key);
    for (const key of Object.keys(out.pie)) expect(columns, `${topic.topic} column ${key}`).toContain(key);
    return out;
  }

  it('answers all 33 calls for the superuser with the counts of the stored rows', async () => {
    expect(HR_ANALYSIS_TOPICS).toHaveLength(11);
    for (const topic of HR_ANALYSIS_TOPICS) {
      const want = await expected(topic, () => true);
      expect(Object.keys(want.pie).length, `${topic.topic} has demo rows`).toBeGreaterThan(0);
      expect(await answered(admin, topic), topic.topic).toEqual(want);
    }
  });

  it('counts only the rows of the caller\'s data scope, and approval records once approved', async () => {
    // HR's own department files an evaluation and approves it: the clerk's only visible one.
    const zhaomin = await s.login('zhaomin'); // HR officer; zhangwei signs decisions by SMS code
    const liuyang = String((await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'liuyang').executeTakeFirstOrThrow()).userId);
    const made = await s.post(zhaomin, '/set/hr/insertTitleEvaluation', {
      userId: liuyang, dept: depts['后端开发组'], titleName: '系统架构设计师', titleLevel: 'viceSenior', applyDate: '2026-03-02',
    });
    expect(made.body.code, made.body.message).toBe(200);
    const before = await answered(hrClerk, HR_ANALYSIS_TOPICS.find((t) => t.topic === 'Evaluation')!);
    const approved = await s.post(zhaomin, '/set/hr/approveTitleEvaluation', { id: made.body.data.evaluationId, rowVersion: made.body.data.rowVersion, approveRemark: '同意' });
    expect(approved.body.code, approved.body.message).toBe(200);

    let narrower = 0;
    for (const topic of HR_ANALYSIS_TOPICS) {
      const want = await expected(topic, (r) => r.createDept === hrDeptId);
      const got = await answered(hrClerk, topic);
      expect(got, topic.topic).toEqual(want);
      const all = await expected(topic, () => true);
      if (JSON.stringify(all) !== JSON.stringify(want)) narrower += 1;
    }
    // Employees' own applications (other departments) are out of the clerk's reach.
    expect(narrower).toBeGreaterThan(0);
    const evaluation = await answered(hrClerk, HR_ANALYSIS_TOPICS.find((t) => t.topic === 'Evaluation')!);
    expect(evaluation.pie).toEqual({ ...before.pie, viceSenior: (before.pie.viceSenior ?? 0) + 1 });
    expect(evaluation.table[depts['后端开发组']]?.viceSenior).toBeGreaterThanOrEqual(1);
  });

  it('narrows by time range and by a department with those below it', async () => {
    const filters: Filter[] = [
      { deptId: depts['技术研发部'] },
      { startDate: '2026-01-01', endDate: '2026-12-31' },
      { startDate: '2025-06-01', deptId: depts['人力资源部'] },
    ];
    let changed = 0;
    for (const topic of HR_ANALYSIS_TOPICS) {
      const all = await expected(topic, () => true);
      for (const filter of filters) {
        const want = await expected(topic, () => true, filter);
        expect(await answered(admin, topic, filter), `${topic.topic} ${JSON.stringify(filter)}`).toEqual(want);
        if (JSON.stringify(want) !== JSON.stringify(all)) changed += 1;
      }
    }
    expect(changed).toBeGreaterThan(10);
    // 技术研发部 counts its groups: the transfer of 钱浩 out of 前端开发组 is among them.
    const tech = await answered(admin, HR_ANALYSIS_TOPICS.find((t) => t.topic === 'Transfer')!, { deptId: depts['技术研发部'] });
    expect(tech.table[depts['前端开发组']]).toBeDefined();
  });

  it('labels slices and columns in the reader\'s language', async () => {
    const zh = await s.get(admin, '/get/hr/getCarePieForAnalysis');
    expect(zh.body.data.find((x: any) => x.key === 'birthday').name).toBe('生日关怀');
    const en = await rawCall(s, admin, 'GET', '/get/hr/getCarePieForAnalysis', { headers: { 'X-Lang': 'en' } });
    expect(en.body.data.find((x: any) => x.key === 'birthday').name).toBe('Birthday');
    const contract = await s.get(admin, '/get/hr/getContractTableForAnalysis');
    expect(contract.body.data.columns.map((c: any) => c.name)).toEqual(expect.arrayContaining(['固定期限劳动合同', '劳务合同']));
  });

  it('refuses bad filters with a clear message, and callers without the topic\'s list permission', async () => {
    expect((await s.get(admin, '/get/hr/getLeaveBarForAnalysis', { startDate: '2026-13-45' })).body)
      .toMatchObject({ code: 100, message: '日期「2026-13-45」格式不正确，应为 YYYY-MM-DD' });
    expect((await s.get(admin, '/get/hr/getLeaveBarForAnalysis', { startDate: '2026-05-01', endDate: '2026-01-01' })).body)
      .toMatchObject({ code: 100, message: '开始日期不能晚于结束日期' });
    expect((await s.get(admin, '/get/hr/getLeavePieForAnalysis', { deptId: 'no-such-dept' })).body)
      .toMatchObject({ code: 100, message: '部门「no-such-dept」不存在' });
    const en = await rawCall(s, admin, 'GET', '/get/hr/getLeavePieForAnalysis', { headers: { 'X-Lang': 'en' }, query: { endDate: 'tomorrow' } });
    expect(en.body).toMatchObject({ code: 100, message: 'The date "tomorrow" is not a date in the form YYYY-MM-DD' });
    const refused = await s.get(lina, '/get/hr/getCarePieForAnalysis');
    expect(refused.status).toBe(403);
  });
});
