import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { seedLicenceBorrowProcess } from './licenceBorrow';

/** 证照: a type tree, the company's licences, two borrowings not yet submitted (the process is published). */
export async function seedLicenceDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entities = ctx.registry.entities;
  const keeper = demo.as('huangqiang', 'admin');
  const type = async (typeName: string, parentId: string | null, sort: number) => insertRow(ctx, entities.get('OfficeLicenceType')!, { typeName, parentId, sort }, keeper);
  const company = await type('企业证照', null, 1);
  const business = await type('营业执照', company, 1);
  const quality = await type('资质证书', company, 2);
  await type('个人执业证书', null, 2);
  const licences: [string, string, string, string, string, string, string, string][] = [
    ['营业执照（正本）', '91310000MA1FL8XQ3A', business, '华东智联科技集团有限公司', '上海市市场监督管理局', '2019-03-18', '2039-03-17', '行政部档案柜 A-01'],
    ['营业执照（副本）', '91310000MA1FL8XQ3A-F1', business, '华东智联科技集团有限公司', '上海市市场监督管理局', '2019-03-18', '2039-03-17', '行政部档案柜 A-02'],
    ['ISO 9001 质量管理体系认证证书', '00124Q38761R2M', quality, '华东智联科技集团有限公司', '中国质量认证中心', '2024-06-01', '2027-05-31', '行政部档案柜 B-03'],
    ['高新技术企业证书', 'GR202331001234', quality, '华东智联科技集团有限公司', '上海市科学技术委员会', '2023-11-15', '2026-11-14', '行政部档案柜 B-04'],
  ];
  const ids: string[] = [];
  for (const [licenceName, licenceNo, licenceType, holder, issuer, issueDate, expireDate, location] of licences) {
    ids.push(await insertRow(ctx, entities.get('OfficeLicenceRecord')!, {
      licenceName, licenceNo, licenceType, holder, issuer, issueDate, expireDate, location, keeper: demo.userIds.get('huangqiang'), status: 'inStock',
    }, keeper));
  }
  await seedLicenceBorrowProcess(ctx, demo);
  const borrow = entities.get('OfficeLicenceBorrow')!;
  await insertRow(ctx, borrow, {
    licence: ids[1], borrower: demo.userIds.get('chenjing'), purpose: '银行开立一般账户需提供营业执照副本原件',
    borrowTime: `${addDays(2)} 09:00:00`, planReturnTime: `${addDays(2)} 17:00:00`, status: 'draft',
  }, demo.as('chenjing', 'finance'));
  await insertRow(ctx, borrow, {
    licence: ids[2], borrower: demo.userIds.get('lina'), purpose: '投标文件需附 ISO 9001 证书复印件并现场核验原件',
    borrowTime: `${addDays(4)} 13:30:00`, planReturnTime: `${addDays(5)} 12:00:00`, status: 'draft',
  }, demo.as('lina', 'frontend'));
}

/** 值班: types, and this week's rosters in every state. */
export async function seedDutyDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entities = ctx.registry.entities;
  const admin = demo.as('wuting', 'office');
  const sorts = [
    await insertRow(ctx, entities.get('OfficeDutySort')!, { sortName: '节假日值班', shiftStart: '09:00', shiftEnd: '18:00', sort: 1, remark: '法定节假日及周末的白班值守' }, admin),
    await insertRow(ctx, entities.get('OfficeDutySort')!, { sortName: '夜间值班', shiftStart: '18:00', shiftEnd: '08:00', sort: 2, remark: '机房及办公区夜间巡查' }, admin),
  ];
  const rosters: [string, string, number, number, number, number, string, string][] = [
    ['liuyang', 'backend', 0, 1, 18, 14, '数据中心值班室', 'approved'],
    ['zhoujie', 'backend', 1, 2, 18, 14, '数据中心值班室', 'applied'],
    ['huangqiang', 'admin', 0, 3, 9, 9, '总部前台', 'approved'],
    ['lina', 'frontend', 0, 5, 9, 9, '总部前台', 'applied'],
    ['liuyang', 'backend', 1, -2, 18, 14, '数据中心值班室', 'rejected'],
  ];
  for (const [account, dept, sort, day, hour, hours, location, status] of rosters) {
    const start = new Date(`${addDays(day)}T${String(hour).padStart(2, '0')}:00:00`);
    const end = new Date(start.getTime() + hours * 3_600_000);
    const text = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:00:00`;
    await insertRow(ctx, entities.get('OfficeDutyRecord')!, {
      dutySort: sorts[sort], dutyUser: demo.userIds.get(account), dutyDate: addDays(day), startTime: text(start), endTime: text(end), location,
      phone: '021-5080 1234', content: sort === 1 ? '每两小时巡查机房温湿度与 UPS 状态，异常时电话通知运维负责人' : '接待来访、收发快递、处理突发事务',
      status, approveRemark: status === 'approved' ? '同意' : status === 'rejected' ? '当天已另行安排' : null,
    }, demo.as(account, dept));
  }
}
