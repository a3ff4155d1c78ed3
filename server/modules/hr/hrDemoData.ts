import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { DEMO_USERS } from '../../seed/demoOrganisation';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';

/** One contract for each of eleven demo employees, entered by the two HR officers. */
export async function seedHrDemoData(ctx: ServerContext, { userIds, deptIds, as }: DemoOrganisation): Promise<void> {
  const hrContract = ctx.registry.entities.get('HrContract');
  if (!hrContract) return;
  const types = ['fixed', 'open', 'service', 'intern'];
  // Two contracts end within the month: the desk's expiry card and the reminder job have work in the demo.
  const endingSoon: Record<string, number> = { yanglei: 12, huangqiang: 26 };
  for (const [i, [accountId, , deptKey]] of DEMO_USERS.slice(1, 12).entries()) {
    await insertRow(ctx, hrContract, {
      userId: userIds.get(accountId), dept: deptIds.get(deptKey), contractType: types[i % types.length],
      startDate: addDays(-365 + i * 20), endDate: addDays(endingSoon[accountId] ?? 365 * 2 + i * 20), amount: 8000 + i * 1500,
      renewFlag: i % 3 === 0 ? 1 : 0, renewRemark: i % 3 === 0 ? '到期后优先续签' : null, remark: '',
    }, as(i % 2 === 0 ? 'zhangwei' : 'zhaomin', 'hr'));
  }
}
