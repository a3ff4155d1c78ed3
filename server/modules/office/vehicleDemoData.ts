import type { ServerContext } from '../../context';
import { FLOW_LOG_STEPS } from '../../entity/flowRecordChanges';
import { newId, nowText } from '../../http/newId';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';

/** Vehicle requests of the coming days in every state, each with the history its flow would have written. */
export async function seedVehicleDemoData(ctx: ServerContext, { userIds, as }: DemoOrganisation): Promise<void> {
  const vehicle = ctx.registry.entities.get('OfficeVehicleApply');
  if (!vehicle) return;
  const samples: [string, string, string, string, number, string][] = [
    ['lina', 'frontend', '客户现场需求调研', '上海市徐汇区漕河泾开发区', 3, 'applied'],
    ['liuyang', 'backend', '机房设备巡检', '上海市嘉定区数据中心', 2, 'applied'],
    ['chenjing', 'finance', '银行对账', '上海市黄浦区外滩', 1, 'approved'],
    ['huangqiang', 'admin', '办公用品采购', '上海市闵行区', 2, 'returned'],
    ['lina', 'frontend', '参加行业展会', '国家会展中心（上海）', 4, 'rejected'],
  ];
  // Each request's history as the flow would have written it: submitted, then the dispatcher's decision.
  const dispatcher = userIds.get('wangfang') ?? '';
  const decisions: Record<string, [string, string, string, string | null][]> = {
    applied: [],
    approved: [['approve', 'applied', 'approved', '同意，请提前十分钟到楼下候车']],
    returned: [['approve', 'applied', 'approved', '同意'], ['giveBack', 'approved', 'returned', null]],
    rejected: [['reject', 'applied', 'rejected', '展会当天车辆已全部派出，请改乘地铁或改期申请']],
  };
  for (const [i, [account, dept, title, destination, passengers, status]] of samples.entries()) {
    const id = await insertRow(ctx, vehicle, {
      title, vehicleType: i % 2 === 0 ? 'sedan' : 'mpv', destination, passengers, driverNeeded: 1,
      startTime: `${addDays(i + 1)} 09:00:00`, endTime: `${addDays(i + 1)} 17:30:00`, reason: title, status,
    }, as(account, dept));
    const steps: [string, string, string, string, string | null][] = [
      [userIds.get(account) ?? '', FLOW_LOG_STEPS.submit, '', 'applied', null],
      ...decisions[status].map(([transition, from, to, opinion]): [string, string, string, string, string | null] => [dispatcher, transition, from, to, opinion]),
    ];
    for (const [step, [userId, transition, fromState, toState, opinion]] of steps.entries()) {
      await ctx.database.db.insertInto('sys_flow_log').values({
        logId: newId(), entity: vehicle.name, recordId: id, transition, fromState, toState, userId, opinion,
        createTime: nowText(new Date(Date.now() - (steps.length - step) * 3_600_000)),
      }).execute();
    }
  }
}
