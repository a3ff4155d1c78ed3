import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { seedFlowHistory } from '../../seed/seedFlowHistory';
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
  // Each request's history as the flow would have written it: submitted, then the dispatcher's
  // decisions, with the words the dispatcher said (no field of the request holds them).
  const dispatcher = userIds.get('wangfang') ?? '';
  const decisions: Record<string, [string, string | null][]> = {
    applied: [],
    approved: [['approve', '同意，请提前十分钟到楼下候车']],
    returned: [['approve', '同意'], ['giveBack', null]],
    rejected: [['reject', '展会当天车辆已全部派出，请改乘地铁或改期申请']],
  };
  for (const [i, [account, dept, title, destination, passengers, status]] of samples.entries()) {
    const id = await insertRow(ctx, vehicle, {
      title, vehicleType: i % 2 === 0 ? 'sedan' : 'mpv', destination, passengers, driverNeeded: 1,
      startTime: `${addDays(i + 1)} 09:00:00`, endTime: `${addDays(i + 1)} 17:30:00`, reason: title, status,
    }, as(account, dept));
    await seedFlowHistory(ctx, vehicle, id, { steps: decisions[status].map(([transition, opinion]) => ({ transition, by: dispatcher, opinion })) });
  }
}
