import { systemEntity, type ServerContext } from '../../context';
import { insertRow, type RowOwner } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { hrEntity } from './hrEntities';

/**
 * Two people who have left the demo company, so the approved 离职 requests of the demo (and the
 * transfer one of them had before) belong to files that say so: 人员状态 离职 with the leaving
 * date, the department and post of the last approved transfer. Their system accounts are
 * disabled (停用) and have no password, as the administrator leaves them after the last day — so
 * no test or demo user signs in as them, and the demo organisation everyone else relies on is
 * untouched. Neither sits in a department a test counts the members of (前端/后端开发组, 财务部).
 */
export interface FormerEmployee {
  account: string;
  name: string;
  /** The sex dictionary's value: 1 male, 2 female. */
  sex: '1' | '2';
  /** The demo department (DEMO_DEPTS key) the person was in when leaving. */
  dept: string;
  jobNo: string;
  position: string;
  education: string;
  school: string;
  major: string;
  hiredDaysAgo: number;
  leftDaysAgo: number;
}

export const FORMER_STAFF: FormerEmployee[] = [
  { account: 'sunli', name: '孙丽', sex: '2', dept: 'fleet', jobNo: 'HD0012', position: '调度员', education: 'college', school: '上海交通职业技术学院', major: '物流管理', hiredDaysAgo: 5 * 365 + 20, leftDaysAgo: 60 },
  { account: 'qianhao', name: '钱浩', sex: '1', dept: 'admin', jobNo: 'HD0013', position: '信息化专员', education: 'bachelor', school: '上海理工大学', major: '计算机科学与技术', hiredDaysAgo: 4 * 365 + 75, leftDaysAgo: 150 },
];

/** The former employee `account` as the owner of the rows they filed. */
export async function formerStaffOwners(ctx: ServerContext, demo: DemoOrganisation): Promise<Map<string, RowOwner>> {
  const users = systemEntity(ctx, 'User');
  const rows = await ctx.database.db.selectFrom(users.table).select(['userId', 'accountId'])
    .where('accountId', 'in', FORMER_STAFF.map((p) => p.account)).execute();
  const ids = new Map(rows.map((r) => [String(r.accountId), String(r.userId)]));
  return new Map(FORMER_STAFF.filter((p) => ids.has(p.account))
    .map((p) => [p.account, { userId: ids.get(p.account)!, deptId: demo.deptIds.get(p.dept) ?? '', unitId: demo.unitId }]));
}

/** Their disabled accounts and their personnel files, written by HR (`hrOfficer`). */
export async function seedFormerStaff(ctx: ServerContext, demo: DemoOrganisation, hrOfficer: RowOwner): Promise<void> {
  const users = systemEntity(ctx, 'User');
  for (const [i, person] of FORMER_STAFF.entries()) {
    const deptId = demo.deptIds.get(person.dept);
    const userId = await insertRow(ctx, users, {
      accountId: person.account, userName: person.name, deptId, roleIds: '', sex: person.sex, phone: `1380000003${i}`,
      email: `${person.account}@example.com`, status: 0, language: 'zh-cn', sort: 100 + i,
    }, { ...hrOfficer, deptId: deptId ?? '' });
    const birthYear = 1990 + i * 3;
    const hireDate = addDays(-person.hiredDaysAgo);
    await insertRow(ctx, hrEntity(ctx, 'HrUser'), {
      jobNo: person.jobNo, userId, userName: person.name, sex: person.sex, idCardNo: `31011019${String(birthYear).slice(2)}0${i + 3}2${i}45${i + 6}${i ? 'X' : '7'}`,
      birthday: `${birthYear}-0${i + 3}-2${i}`, nation: 'han', nativePlace: ['江苏无锡', '浙江嘉兴'][i], political: 'masses',
      education: person.education, degree: person.education === 'bachelor' ? 'bachelor' : 'none', school: person.school, major: person.major,
      graduateDate: `${birthYear + 22}-07-01`, deptId, position: person.position, rank: 'p1', employmentType: 'fullTime',
      staffStatus: 'left', hireDate, regularDate: addDays(-person.hiredDaysAgo + 90), leaveDate: addDays(-person.leftDaysAgo),
      phone: `1380000003${i}`, email: `${person.account}@example.com`, emergencyContact: `${person.name.slice(0, 1)}家属`, emergencyRelation: '父母',
      emergencyPhone: `1390000${String(2000 + i)}`, address: `上海市闵行区莘庄镇 ${20 + i * 7} 号`, remark: '已离职，档案留存',
    }, hrOfficer);
  }
}
