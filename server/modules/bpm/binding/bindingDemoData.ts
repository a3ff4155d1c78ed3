import { systemEntity, type ServerContext } from '../../../context';
import { splitIds } from '../../../entity/rowValues';
import { insertRow } from '../../../seed/insertRow';
import type { DemoOrganisation } from '../../ServerModule';
import { actOnInstance, startInstance, type Actor } from '../runAction';
import { seedBpmMessageTypes } from './bpmMessageTypes';

/** What staff do with their own 用印申请 records (their data scope is their own rows). */
const STAFF_SEAL_GRANTS = ['my', 'view', 'insert', 'update', 'delete'].map((a) => `bpm:BpmSealApply:${a}`);

async function grantStaff(ctx: ServerContext): Promise<void> {
  const db = ctx.database.db;
  const role = systemEntity(ctx, 'Role');
  const staff = await db.selectFrom(role.table).select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirst();
  if (!staff) return;
  const buttons = await db.selectFrom(systemEntity(ctx, 'Menu').table).select('menuId').where('menuType', '=', 'button')
    .where('permission', 'in', STAFF_SEAL_GRANTS).execute();
  const menuIds = [...new Set([...splitIds(staff.menuIds), ...buttons.map((b) => String(b.menuId))])];
  await db.updateTable(role.table).set({ menuIds: menuIds.join(',') }).where('roleId', '=', staff.roleId).execute();
}

/**
 * 用印申请 records bound to the sealApply process (docs/WORKFLOW.md › Binding): a draft, one
 * waiting at the leader and one approved with the 行政部's remark, all 李娜's — so the list shows
 * every status and the details page both 提交审批 and a frozen record.
 */
export async function seedBindingDemoData(ctx: ServerContext, demo: DemoOrganisation, actor: (account: string) => Promise<Actor>): Promise<void> {
  await grantStaff(ctx);
  await seedBpmMessageTypes(ctx, demo.as('admin', 'office'));
  const entity = ctx.registry.entities.get('BpmSealApply');
  const process = await ctx.database.db.selectFrom(ctx.registry.entities.get('BpmProcess')!.table).select(['processName', 'currentVersion'])
    .where('processKey', '=', 'sealApply').executeTakeFirst();
  if (!entity || !process) return;
  const lina = await actor('lina');
  const owner = demo.as('lina', 'frontend');
  const record = (title: string, sealType: string, amount: number | null, reason: string) =>
    insertRow(ctx, entity, { title, sealType, copies: 2, useDate: '2026-12-02', amount, reason, status: 'draft' }, owner);
  const submit = async (id: string, title: string) => (await startInstance(ctx, lina, {
    processKey: 'sealApply', processName: String(process.processName), version: Number(process.currentVersion), title, formData: {}, bizEntity: entity.name, bizId: id,
  })).instance.instanceId;
  const decide = async (account: string, instanceId: string, formData?: Record<string, unknown>) => {
    const who = await actor(account);
    const task = await ctx.database.db.selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId).where('assignee', '=', who.userId)
      .where('status', '=', 'pending').where('kind', '=', 'todo').executeTakeFirstOrThrow();
    await actOnInstance(ctx, who, instanceId, () => ({ type: 'agree', actor: who.userId, taskId: String(task.taskId) }), { opinion: '同意', formData });
  };

  await record('客户B框架协议用印', 'contract', 86000, '与客户B签订年度框架协议');
  const runningTitle = '年度审计报告用印';
  await submit(await record(runningTitle, 'finance', null, '报送会计师事务所'), runningTitle);
  const approvedTitle = '营业执照复印件加盖公章';
  const approved = await submit(await record(approvedTitle, 'official', null, '投标资格审查'), approvedTitle);
  await decide('yanglei', approved);
  await decide('huangqiang', approved, { stampRemark: '已加盖公章 2 份' });
}
