import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { DEMO_DEPTS, DEMO_USERS } from '../../seed/demoOrganisation';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { hrEntity } from './hrEntities';
import { netPayOf } from './salarySlip';
import { seedFormerStaff } from './formerStaffDemoData';

/** [account, job no., position, rank, education, school, major, status, years employed] for the personnel files. */
const FILES: [string, string, string, string, string, string, string, string, number][] = [
  ['zhangwei', 'HD0001', '人事经理', 'm2', 'master', '华东师范大学', '人力资源管理', 'regular', 8],
  ['wangfang', 'HD0002', '车辆调度主管', 'm1', 'bachelor', '上海交通大学', '交通运输', 'regular', 6],
  ['lina', 'HD0003', '前端工程师', 'p3', 'bachelor', '浙江大学', '计算机科学与技术', 'regular', 4],
  ['liuyang', 'HD0004', '后端工程师', 'p3', 'master', '南京大学', '软件工程', 'regular', 3],
  ['chenjing', 'HD0005', '会计', 'p2', 'bachelor', '上海财经大学', '会计学', 'regular', 5],
  ['yanglei', 'HD0006', '技术总监', 'm3', 'master', '复旦大学', '计算机应用', 'regular', 10],
  ['zhaomin', 'HD0007', '薪酬专员', 'p2', 'bachelor', '苏州大学', '劳动与社会保障', 'regular', 2],
  ['huangqiang', 'HD0008', '行政主管', 'm1', 'college', '上海电机学院', '行政管理', 'regular', 7],
  ['zhoujie', 'HD0009', '后端工程师', 'p1', 'bachelor', '同济大学', '软件工程', 'probation', 0],
  ['wuting', 'HD0010', '总经理秘书', 'p2', 'bachelor', '上海外国语大学', '英语', 'regular', 3],
  ['xuming', 'HD0011', '驾驶员', 'p1', 'highSchool', '上海市交通学校', '汽车驾驶', 'regular', 9],
];
const NATIVE = ['上海', '江苏南京', '浙江杭州', '安徽合肥', '江苏苏州', '山东济南', '浙江宁波', '湖北武汉', '江西南昌', '上海', '河南郑州'];

/** Personnel files for every demo employee, HR's department tree, the HR dictionary; then pay, KPI, training and recruitment. */
export async function seedHrPersonnelDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  if (!ctx.registry.entities.has('HrUser')) return;
  const { userIds, deptIds, as } = demo;
  const hrOfficer = as('zhangwei', 'hr');
  const payroll = as('zhaomin', 'hr');
  const userDept = new Map(DEMO_USERS.map(([account, , dept]) => [account, dept]));
  const userName = new Map(DEMO_USERS.map(([account, name]) => [account, name]));
  const phone = new Map(DEMO_USERS.map(([account, , , , , p]) => [account, p]));
  const sex = new Map(DEMO_USERS.map(([account, , , , s]) => [account, s]));

  for (const [i, [account, jobNo, position, rank, education, school, major, staffStatus, years]] of FILES.entries()) {
    const birthYear = 1980 + ((i * 3) % 17);
    await insertRow(ctx, hrEntity(ctx, 'HrUser'), {
      jobNo, userId: userIds.get(account), userName: userName.get(account), sex: sex.get(account),
      idCardNo: `310115${birthYear}0${(i % 9) + 1}1${i % 10}${String(100 + i * 7).slice(-3)}${i % 2 ? 'X' : '3'}`,
      birthday: `${birthYear}-0${(i % 9) + 1}-1${i % 10}`, nation: i === 4 ? 'hui' : 'han', nativePlace: NATIVE[i], political: ['cpc', 'masses', 'league', 'masses'][i % 4],
      education, degree: education === 'master' ? 'master' : education === 'bachelor' ? 'bachelor' : 'none', school, major,
      graduateDate: `${birthYear + 22}-07-01`, deptId: deptIds.get(userDept.get(account) ?? 'root'), position, rank,
      employmentType: 'fullTime', staffStatus, hireDate: addDays(-365 * years - 40 - i * 13),
      regularDate: staffStatus === 'regular' ? addDays(-365 * years - 40 - i * 13 + 90) : null,
      phone: phone.get(account), email: `${account}@example.com`,
      emergencyContact: `${userName.get(account)?.slice(0, 1) ?? ''}家属`, emergencyRelation: i % 2 ? '配偶' : '父母', emergencyPhone: `1390000${String(1000 + i)}`,
      address: `上海市浦东新区张江路 ${100 + i * 11} 号`, remark: '',
    }, hrOfficer);
  }
  // The people the approved 离职 requests of the demo are about: their files say 离职.
  await seedFormerStaff(ctx, demo, hrOfficer);

  // HR's tree mirrors the demo departments, each linked to its system department — but for 车辆调度组,
  // a team inside 行政部 that HR does not keep as an establishment unit of its own.
  const departmentIds = new Map<string, string>();
  const types: Record<string, string> = { root: 'management', office: 'management', hr: 'support', admin: 'support', fleet: 'support', tech: 'rnd', frontend: 'rnd', backend: 'rnd', finance: 'support' };
  const leaders: Record<string, string> = { hr: 'zhangwei', admin: 'huangqiang', fleet: 'wangfang', tech: 'yanglei', finance: 'chenjing', office: 'wuting' };
  for (const [i, [key, name, parent]] of DEMO_DEPTS.entries()) {
    if (key === 'fleet') continue;
    departmentIds.set(key, await insertRow(ctx, hrEntity(ctx, 'Department'), {
      parentId: parent ? departmentIds.get(parent) : null, deptCode: `D${String(i + 1).padStart(3, '0')}`, deptName: name, deptId: deptIds.get(key),
      deptType: types[key], leader: leaders[key] ? userIds.get(leaders[key]) : null, headcount: key === 'root' ? 60 : 4 + i,
      phone: `021-5080${String(1000 + i)}`, establishDate: `201${i % 10}-03-01`, deptStatus: 'active', sort: i, duty: '',
    }, hrOfficer));
  }

  // HR's own code tables: stored as language-pack keys, read in the reader's language.
  const hrDic = hrEntity(ctx, 'HrDic');
  for (const [index, [code, values]] of ([['hrInterviewResult', ['pass', 'pending', 'fail']], ['hrLeaveReason', ['personal', 'salary', 'development', 'family']]] as const).entries()) {
    const parentId = await insertRow(ctx, hrDic, { code, label: `hrDic.${code}.label`, sort: index, status: 1 }, hrOfficer);
    for (const [i, value] of values.entries()) await insertRow(ctx, hrDic, { parentId, label: `hrDic.${code}.item.${value}`, value, sort: i, status: 1 }, hrOfficer);
  }

  await seedPay(ctx, demo, payroll);
  await seedKpi(ctx, demo, hrOfficer);
  await seedTrainingAndRecruitment(ctx, demo, hrOfficer);
}

/** Two months of payslips for six employees and a few benefits. */
async function seedPay(ctx: ServerContext, { userIds }: DemoOrganisation, payroll: ReturnType<DemoOrganisation['as']>): Promise<void> {
  const month = (back: number) => addDays(-31 * back).slice(0, 7);
  const bases: [string, number][] = [['zhangwei', 16000], ['lina', 14000], ['liuyang', 15000], ['chenjing', 11000], ['yanglei', 26000], ['zhoujie', 9000]];
  for (const back of [1, 2]) {
    for (const [account, base] of bases) {
      const slip: Record<string, unknown> = {
        userId: userIds.get(account), salaryMonth: month(back), baseSalary: base, postAllowance: 800, performancePay: Math.round(base * 0.15),
        overtimePay: back === 1 ? 450 : 0, otherAllowance: 300, attendanceDeduction: account === 'zhoujie' && back === 2 ? 120 : 0,
        socialInsurance: Math.round(base * 0.105 * 100) / 100, housingFund: Math.round(base * 0.07 * 100) / 100,
        incomeTax: Math.round(Math.max(0, base - 5000) * 0.1 - 210), payDate: `${month(back - 1)}-10`, remark: '',
      };
      await insertRow(ctx, hrEntity(ctx, 'SalaryRecord'), { ...slip, netPay: netPayOf(slip) }, payroll);
    }
  }
  const welfare: [string, string, string, number, number][] = [
    ['lina', 'holiday', '中秋节月饼礼盒', 300, -60], ['liuyang', 'holiday', '中秋节月饼礼盒', 300, -60], ['chenjing', 'medical', '年度体检套餐 A', 1200, -30],
    ['zhangwei', 'birthday', '生日礼金', 500, -12], ['yanglei', 'subsidy', '通讯补贴', 200, -5], ['zhoujie', 'teamBuilding', '技术部秋季团建', 400, -20],
  ];
  for (const [account, welfareType, itemName, amount, day] of welfare) {
    await insertRow(ctx, hrEntity(ctx, 'WelfareRecord'), { userId: userIds.get(account), welfareType, itemName, issueDate: addDays(day), amount, remark: '' }, payroll);
  }
}

/** The KPI library, a plan in effect with its scores (one scored) and a draft plan, and evaluations. */
async function seedKpi(ctx: ServerContext, { userIds }: DemoOrganisation, hrOfficer: ReturnType<DemoOrganisation['as']>): Promise<void> {
  const items: [string, string, number, string][] = [
    ['需求按期交付率', 'result', 40, '按期交付的需求数 / 计划交付需求数，100% 得满分，每低 5% 扣 10 分'],
    ['线上缺陷数', 'result', 20, '季度内由本人引入的线上缺陷，0 个满分，每个扣 20 分'],
    ['技术分享与文档', 'ability', 20, '每季度至少一次技术分享并沉淀文档'],
    ['团队协作', 'attitude', 20, '由协作方评价：主动沟通、及时响应、承担责任'],
  ];
  const itemIds: string[] = [];
  for (const [itemName, category, weight, standard] of items) {
    itemIds.push(await insertRow(ctx, hrEntity(ctx, 'KpiItem'), { itemName, category, weight, fullScore: 100, standard, status: 1 }, hrOfficer));
  }
  const planItems = itemIds.map((kpiItemId, i) => ({ kpiItemId, weight: items[i][2] }));
  const assessed = ['lina', 'liuyang', 'zhoujie'].map((a) => userIds.get(a) ?? '');
  const plan = hrEntity(ctx, 'KpiPlan');
  const quarter = `${addDays(-30).slice(0, 4)} 年第 ${Math.floor(Number(addDays(-30).slice(5, 7)) / 3.01) + 1} 季度`;
  const effectiveId = await insertRow(ctx, plan, {
    planName: `技术研发部 ${quarter}绩效考核`, period: quarter, startDate: addDays(-30), endDate: addDays(60), scorer: userIds.get('yanglei'),
    userIds: assessed.join(','), items: planItems, status: 'effective', remark: '研发序列季度考核',
  }, hrOfficer);
  await insertRow(ctx, plan, {
    planName: '行政部年度绩效考核', period: addDays(0).slice(0, 4), startDate: addDays(10), endDate: addDays(300), scorer: userIds.get('huangqiang'),
    userIds: [userIds.get('huangqiang'), userIds.get('wangfang'), userIds.get('xuming')].join(','), items: [{ kpiItemId: itemIds[3], weight: 100 }], remark: '',
  }, hrOfficer);
  const scores = [[95, 100, 80, 90], null, null];
  for (const [i, userId] of assessed.entries()) {
    const given = scores[i];
    const total = given ? given.reduce((sum, s, k) => sum + (s / 100) * items[k][2], 0) : null;
    await insertRow(ctx, hrEntity(ctx, 'KpiScore'), {
      kpiPlanId: effectiveId, planName: `技术研发部 ${quarter}绩效考核`, userId, scorer: userIds.get('yanglei'),
      items: planItems.map((p, k) => ({ ...p, fullScore: 100, score: given ? given[k] : null })),
      totalScore: total, scoreState: given ? 'scored' : 'pending', scoreTime: given ? `${addDays(-2)} 16:30:00` : null, comment: given ? '交付稳定，文档可以更及时' : '',
    }, hrOfficer);
  }
  const evaluations: [string, string, string, string, number, string, string, string][] = [
    ['zhoujie', 'probation', '试用期（3 个月）', 'yanglei', 86, 'B', '上手快，代码规范', '多参与评审，提升问题定位速度'],
    ['lina', 'annual', `${Number(addDays(0).slice(0, 4)) - 1} 年度`, 'yanglei', 92, 'A', '负责的门户改版按期上线，体验好评', '带教新人'],
    ['chenjing', 'annual', `${Number(addDays(0).slice(0, 4)) - 1} 年度`, 'zhangwei', 81, 'B', '账目清晰，月结及时', '加强与业务部门沟通'],
  ];
  for (const [i, [account, evaluateType, period, evaluator, score, grade, strengths, improvements]] of evaluations.entries()) {
    await insertRow(ctx, hrEntity(ctx, 'Evaluate'), {
      userId: userIds.get(account), evaluateType, period, evaluator: userIds.get(evaluator), evaluateDate: addDays(-10 - i * 20), score, grade, strengths, improvements, remark: '',
    }, hrOfficer);
  }
}

/** Courses (approved and pending), recruitment plans, hiring requests and tasks. */
async function seedTrainingAndRecruitment(ctx: ServerContext, { userIds, deptIds, as }: DemoOrganisation, hrOfficer: ReturnType<DemoOrganisation['as']>): Promise<void> {
  const ids = (...accounts: string[]) => accounts.map((a) => userIds.get(a)).join(',');
  const train = hrEntity(ctx, 'TrainRecord');
  await insertRow(ctx, train, {
    trainName: '新员工入职培训', trainType: 'onboarding', organizer: '人力资源部', teacher: '张伟', startDate: addDays(-20), endDate: addDays(-19), hours: 12,
    place: '总部 3 楼培训室', cost: 2000, applicant: userIds.get('zhangwei'), trainees: ids('zhoujie', 'lina'), content: '公司介绍、规章制度、信息安全、办公系统使用',
    status: 'approved', approveRemark: '同意',
  }, hrOfficer);
  await insertRow(ctx, train, {
    trainName: '消防安全演练', trainType: 'safety', organizer: '行政部', teacher: '消防支队讲师', startDate: addDays(-5), endDate: addDays(-5), hours: 3,
    place: '园区广场', cost: 0, applicant: userIds.get('huangqiang'), trainees: ids('huangqiang', 'wangfang', 'xuming', 'wuting'), content: '灭火器使用与疏散演练',
    status: 'approved', approveRemark: '',
  }, as('huangqiang', 'admin'));
  await insertRow(ctx, train, {
    trainName: 'Kubernetes 进阶课程', trainType: 'external', organizer: '云原生学院', teacher: '外部讲师', startDate: addDays(15), endDate: addDays(17), hours: 24,
    place: '上海', cost: 6800, applicant: userIds.get('liuyang'), trainees: ids('liuyang'), content: '集群运维、服务网格与可观测性',
  }, as('liuyang', 'backend'));

  const plan = hrEntity(ctx, 'RecruitPlan');
  const year = Number(addDays(0).slice(0, 4));
  const techPlan = await insertRow(ctx, plan, {
    planName: `${year} 年技术研发部社会招聘`, planYear: year, deptId: deptIds.get('tech'), positions: '前端工程师、后端工程师', headcount: 4, budget: 80000,
    startDate: addDays(-60), endDate: addDays(120), channels: 'social,referral,website', leader: userIds.get('zhangwei'), planStatus: 'active', remark: '',
  }, hrOfficer);
  await insertRow(ctx, plan, {
    planName: `${year + 1} 届校园招聘`, planYear: year + 1, deptId: deptIds.get('root'), positions: '管培生、软件开发工程师', headcount: 10, budget: 150000,
    startDate: addDays(30), endDate: addDays(200), channels: 'campus', leader: userIds.get('zhaomin'), planStatus: 'draft', remark: '',
  }, hrOfficer);

  const needs = hrEntity(ctx, 'RecruitNeeds');
  const approvedNeeds = await insertRow(ctx, needs, {
    deptId: deptIds.get('frontend'), position: '高级前端工程师', headcount: 2, reason: 'expansion', education: 'bachelor', experience: '3 年以上', salaryRange: '20k-30k',
    expectedDate: addDays(45), recruitPlanId: techPlan, applicant: userIds.get('yanglei'), requirements: '熟悉 React 与 TypeScript，有中后台项目经验',
    status: 'approved', approveRemark: '同意，纳入社招计划',
  }, as('yanglei', 'tech'));
  await insertRow(ctx, needs, {
    deptId: deptIds.get('backend'), position: '后端工程师', headcount: 1, reason: 'replacement', education: 'bachelor', experience: '2 年以上', salaryRange: '18k-25k',
    expectedDate: addDays(30), recruitPlanId: techPlan, applicant: userIds.get('liuyang'), requirements: '熟悉 Node.js 与 PostgreSQL',
  }, as('liuyang', 'backend'));
  await insertRow(ctx, needs, {
    deptId: deptIds.get('fleet'), position: '驾驶员', headcount: 1, reason: 'newPost', education: 'highSchool', experience: 'A2 驾照 5 年以上', salaryRange: '8k-10k',
    expectedDate: addDays(20), applicant: userIds.get('wangfang'), requirements: '安全驾驶记录良好',
  }, as('wangfang', 'fleet'));

  const task = hrEntity(ctx, 'RecruitTask');
  await insertRow(ctx, task, {
    taskName: '高级前端工程师招聘', recruitPlanId: techPlan, needsId: approvedNeeds, position: '高级前端工程师', headcount: 2, hiredCount: 1,
    recruiter: userIds.get('zhaomin'), startDate: addDays(-15), deadline: addDays(45), stage: 'interviewing', remark: '已发出 1 个录用通知',
  }, hrOfficer);
  await insertRow(ctx, task, {
    taskName: '后端工程师内推', recruitPlanId: techPlan, position: '后端工程师', headcount: 1, hiredCount: 0,
    recruiter: userIds.get('zhangwei'), startDate: addDays(-3), deadline: addDays(30), stage: 'screening', remark: '',
  }, hrOfficer);
}
