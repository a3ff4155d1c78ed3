import { systemEntity, type ServerContext } from '../../context';
import type { DemoOrganisation } from '../ServerModule';
import { insertRow } from '../../seed/insertRow';
import { DEMO_DEPT_LEADERS, demoProcesses } from './demoProcesses';
import { publishProcessVersion } from './processVersions';
import { seedBindingDemoData } from './binding/bindingDemoData';
import { seedCentreDemoData } from './centreDemoData';
import { actOnInstance, startInstance, type Actor } from './runAction';

/**
 * The demo processes, published, and a few requests in every state so the workflow centre's
 * lists are not empty: running at the leader, at HR's countersign and at finance, approved and
 * rejected ones. Departments without a leader get the demo's leaders first; staff may keep
 * delegation rules.
 */
export async function seedBpmDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const db = ctx.database.db;
  const dept = systemEntity(ctx, 'Dept');
  for (const [key, account] of Object.entries(DEMO_DEPT_LEADERS)) {
    const deptId = demo.deptIds.get(key);
    const userId = demo.userIds.get(account);
    if (deptId && userId) await db.updateTable(dept.table).set({ leaderId: userId }).where(dept.key, '=', deptId).where('leaderId', 'is', null).execute();
  }
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const processEntity = ctx.registry.entities.get('BpmProcess')!;
  const admin = demo.as('admin', 'office');
  const versions = new Map<string, { name: string; version: number }>();
  for (const process of demoProcesses({ user, dept: (key) => demo.deptIds.get(key) ?? '' })) {
    const row = { processKey: process.processKey, processName: process.processName, category: process.category, definition: JSON.stringify(process.definition) };
    const processId = await insertRow(ctx, processEntity, { ...row, status: 'published' }, admin);
    const version = await publishProcessVersion(ctx, db, { ...row, [processEntity.key]: processId }, admin);
    versions.set(process.processKey, { name: process.processName, version });
  }

  const users = systemEntity(ctx, 'User');
  const actor = async (account: string): Promise<Actor> => {
    const row = await db.selectFrom(users.table).select(['userId', 'userName', 'deptId', 'unitId']).where('accountId', '=', account).executeTakeFirstOrThrow();
    return { userId: String(row.userId), userName: String(row.userName), deptId: String(row.deptId), unitId: String(row.unitId) };
  };
  const start = async (account: string, processKey: string, title: string, formData: Record<string, unknown>) => {
    const process = versions.get(processKey)!;
    const { instance } = await startInstance(ctx, await actor(account), { processKey, processName: process.name, version: process.version, title, formData });
    return instance.instanceId;
  };
  const decide = async (account: string, instanceId: string, type: 'agree' | 'reject', opinion: string) => {
    const who = await actor(account);
    const task = await db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId).where('assignee', '=', who.userId)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    await actOnInstance(ctx, who, instanceId, () => ({ type, actor: who.userId, taskId: String(task.taskId), opinion }), { opinion });
  };

  const longLeave = await start('lina', 'leave', '李娜的年假申请（5天）', { leaveType: 'annual', days: 5, startDate: '2026-12-01', endDate: '2026-12-05', reason: '回老家探亲' });
  await decide('yanglei', longLeave, 'agree', '同意，注意工作交接');
  const shortLeave = await start('lina', 'leave', '李娜的事假申请（1天）', { leaveType: 'personal', days: 1, startDate: '2026-11-20', endDate: '2026-11-20', reason: '办理证件' });
  await decide('yanglei', shortLeave, 'agree', '同意');
  await start('liuyang', 'leave', '刘洋的病假申请（2天）', { leaveType: 'sick', days: 2, startDate: '2026-11-26', endDate: '2026-11-27', reason: '感冒发烧' });
  const expense = await start('zhoujie', 'expense', '周杰的差旅报销（8,600元）', { amount: 8600, expenseType: 'travel', reason: '北京客户现场支持' });
  await decide('liuyang', expense, 'agree', '情况属实');
  const smallExpense = await start('lina', 'expense', '李娜的办公用品报销（320元）', { amount: 320, expenseType: 'office', reason: '购买键盘' });
  await decide('yanglei', smallExpense, 'reject', '请走行政统一采购');
  await start('lina', 'seal', '李娜的合同用印申请', { sealType: 'contract', copies: 2, reason: '客户A服务合同' });
  await seedCentreDemoData(ctx, demo);
  await seedBindingDemoData(ctx, demo, actor);

  // One delegation rule of the past (杨磊 on leave over the National Day holiday): the rule list
  // shows how 委托 looks without sending anybody's to-dos elsewhere today.
  await insertRow(ctx, ctx.registry.entities.get('BpmDelegation')!, {
    delegateId: user('liuyang'), startTime: '2026-10-01 00:00:00', endTime: '2026-10-08 23:59:59', enabled: 1, remark: '国庆休假期间审批由刘洋代理',
  }, demo.as('yanglei', 'tech'));
}
