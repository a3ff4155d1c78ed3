import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { requireEntity } from './requireEntity';

/**
 * Business trips around the day the demo starts: [account, department, destination, travel type,
 * first day (offset from today), last day, days, transport, companions, reason, budget, state,
 * the administrator's remark]. One waits for 黄强 (officeAdmin), one is his own trip abroad, two
 * are approved (杨磊's is the 杭州出差 of his calendar), one refused and one withdrawn. Their
 * histories come from the seed's flow-history pass (server/seed/seedFlowHistory.ts).
 */
const TRIPS: [string, string, string, string, number, number, number, string, string[], string, number, string, string | null][] = [
  ['zhoujie', 'backend', '杭州市西湖区 合作伙伴研发中心', 'domestic', 3, 5, 3, 'train', ['liuyang'], '接口联调与新版本上线支持', 3600, 'applied', null],
  ['yanglei', 'tech', '杭州市余杭区 云数据中心', 'domestic', 4, 4, 1, 'companyCar', ['liuyang'], '数据中心机房验收', 1800, 'approved', '同意，注意行程安全'],
  ['chenjing', 'finance', '北京市西城区 集团财务中心', 'domestic', -12, -10, 3, 'plane', [], '年度预算汇报与对账', 5200, 'approved', '同意，按标准预订住宿'],
  ['lina', 'frontend', '南京市建邺区 客户B公司', 'domestic', -30, -29, 2, 'train', ['zhoujie'], '新版门户上线现场培训', 1200, 'rejected', '本月差旅预算已满，请改为线上培训'],
  ['huangqiang', 'admin', '新加坡 滨海湾金沙会展中心', 'abroad', 20, 24, 5, 'plane', [], '参加亚洲智能办公设备展，考察采购渠道', 18000, 'applied', null],
  ['wuting', 'office', '苏州市吴中区 东山宾馆', 'local', -3, -3, 1, 'companyCar', [], '年会场地实地考察', 600, 'cancelled', null],
];

/** The 出差 requests of the demo (schemas/office/OfficeTravel.json). */
export async function seedTravelDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const travel = requireEntity(ctx, 'OfficeTravel');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  for (const [account, dept, destination, travelType, first, last, days, transport, companions, reason, budget, status, approveRemark] of TRIPS) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, travel, {
      applicant: owner.userId, dept: owner.deptId, destination, travelType, transport, reason, budget, status, approveRemark, days,
      startTime: `${addDays(first)} 08:00:00`, endTime: `${addDays(last)} 18:00:00`, companions: companions.map(user).join(','),
    }, owner);
  }
}
