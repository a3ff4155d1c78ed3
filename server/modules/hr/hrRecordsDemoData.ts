import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { DEMO_USERS } from '../../seed/demoOrganisation';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { FORMER_STAFF, formerStaffOwners } from './formerStaffDemoData';

type Row = Record<string, unknown>;
/**
 * [employee account, values]; `dept` is filled with the employee's department unless the row
 * names one (a transfer's `dept` is the department left). An account may be a former employee's
 * (formerStaffDemoData.ts).
 */
type DemoRows = [string, Row][];

const approved = (remark: string): Row => ({ status: 'approved', approveRemark: remark });
const rejected = (remark: string): Row => ({ status: 'rejected', approveRemark: remark });
const applied: Row = { status: 'applied' };

/**
 * The HR records of the demo employees, spread over the last year so the analysis screen's
 * charts have shape. Records kept by HR are entered by the two HR officers; applications (title
 * evaluation, reinstatement, leaving) by the employees themselves, so their departments own them.
 * An approved 离职, 调动 or 复职 agrees with the personnel file, as its approval would have made it
 * (personnelEffects.ts; tests/api/hrDemoData.test.ts): the approved leaves are the former
 * employees', the approved transfers brought people to the department and post their files hold,
 * and the requests of people still in their old post are pending or were rejected.
 */
const DEMO: Record<string, { rows: DemoRows; byEmployee?: boolean }> = {
  CareRecord: { rows: [
    ['lina', { subject: '生日关怀', careType: 'birthday', careDate: addDays(-40), amount: 300, gift: '蛋糕券', content: '部门为李娜庆生' }],
    ['liuyang', { subject: '新婚祝福', careType: 'wedding', careDate: addDays(-120), amount: 1000, gift: '新婚礼金', content: '工会代表公司送上新婚祝福' }],
    ['chenjing', { subject: '生育慰问', careType: 'childbirth', careDate: addDays(-200), amount: 800, gift: '母婴礼包', content: '探望并送上母婴礼包' }],
    ['yanglei', { subject: '住院慰问', careType: 'illness', careDate: addDays(-75), amount: 500, gift: '水果篮', content: '阑尾炎手术后住院探望' }],
    ['zhoujie', { subject: '中秋节日慰问', careType: 'festival', careDate: addDays(-70), amount: 200, gift: '月饼礼盒', content: '' }],
    ['huangqiang', { subject: '春节慰问', careType: 'festival', careDate: addDays(-300), amount: 300, gift: '年货礼包', content: '' }],
    ['wuting', { subject: '生日关怀', careType: 'birthday', careDate: addDays(-10), amount: 300, gift: '蛋糕券', content: '' }],
  ] },
  TitleEvaluation: { byEmployee: true, rows: [
    ['lina', { titleName: '工程师', titleLevel: 'intermediate', specialty: '计算机应用', applyDate: addDays(-150), reviewBody: '上海市中级职称评审委员会', achievements: '主导前端组件库建设', ...approved('材料齐全，同意') }],
    ['liuyang', { titleName: '高级工程师', titleLevel: 'viceSenior', specialty: '软件工程', applyDate: addDays(-90), reviewBody: '上海市高级职称评审委员会', achievements: '负责核心交易系统架构', ...approved('同意推荐') }],
    ['chenjing', { titleName: '会计师', titleLevel: 'intermediate', specialty: '会计', applyDate: addDays(-220), reviewBody: '财政部会计资格评价中心', achievements: '完成集团合并报表改造', ...approved('同意') }],
    ['zhoujie', { titleName: '助理工程师', titleLevel: 'junior', specialty: '计算机应用', applyDate: addDays(-5), reviewBody: '上海市初级职称评审委员会', achievements: '参与订单服务开发', ...applied }],
    ['yanglei', { titleName: '正高级工程师', titleLevel: 'senior', specialty: '软件工程', applyDate: addDays(-60), reviewBody: '上海市高级职称评审委员会', achievements: '技术研发部负责人', ...rejected('任副高级职称年限不足五年') }],
  ] },
  Reinstatement: { byEmployee: true, rows: [
    ['chenjing', { position: '会计', leaveType: 'maternity', absenceStart: addDays(-330), reinstateDate: addDays(-150), reason: '产假期满复职', ...approved('同意复职') }],
    ['yanglei', { position: '技术总监', leaveType: 'sickLeave', absenceStart: addDays(-100), reinstateDate: addDays(-60), reason: '病愈复职', ...approved('同意') }],
    ['huangqiang', { position: '行政主管', leaveType: 'sickLeave', absenceStart: addDays(-20), reinstateDate: addDays(3), reason: '术后康复期满，申请复职', ...applied }],
  ] },
  LeaveRecord: { byEmployee: true, rows: [
    ['sunli', { position: '调度员', leaveType: 'resign', applyDate: addDays(-90), leaveDate: addDays(-60), reason: '家庭原因回老家发展', handover: '调度台账、车辆钥匙', ...approved('同意，按期交接') }],
    ['qianhao', { position: '信息化专员', leaveType: 'negotiated', applyDate: addDays(-170), leaveDate: addDays(-150), reason: '办公网络运维外包，岗位取消，协商解除', handover: '网络设备台账与各系统管理员账号', ...approved('同意') }],
    ['xuming', { position: '驾驶员', leaveType: 'resign', applyDate: addDays(-3), leaveDate: addDays(27), reason: '个人职业规划', handover: '车辆及油卡', ...applied }],
    ['liuyang', { position: '后端工程师', leaveType: 'retire', applyDate: addDays(-30), leaveDate: addDays(-1), reason: '申请提前退休', handover: '', ...rejected('未到法定退休年龄') }],
  ] },
  PersonnelTransfer: { rows: [
    ['yanglei', { dept: 'backend', newDept: 'tech', oldPosition: '后端开发组长', newPosition: '技术总监', transferType: 'promotion', transferDate: addDays(-240), reason: '年度晋升', ...approved('同意') }],
    ['lina', { newDept: 'backend', oldPosition: '前端工程师', newPosition: '全栈工程师', transferType: 'rotation', transferDate: addDays(-45), reason: '岗位轮换培养', ...rejected('门户改版上线前前端组人手紧张，轮岗延至下半年') }],
    ['huangqiang', { dept: 'fleet', newDept: 'admin', oldPosition: '车辆管理员', newPosition: '行政主管', transferType: 'promotion', transferDate: addDays(-100), reason: '原行政主管退休，内部竞聘上岗', ...approved('同意') }],
    ['qianhao', { dept: 'frontend', newDept: 'admin', oldPosition: '前端工程师', newPosition: '信息化专员', transferType: 'lateral', transferDate: addDays(-420), reason: '行政部负责办公信息化，本人申请', ...approved('同意') }],
    ['wuting', { newDept: 'hr', oldPosition: '总经理秘书', newPosition: '招聘专员', transferType: 'lateral', transferDate: addDays(14), reason: '本人申请', ...applied }],
  ] },
  WorkSkills: { rows: [
    ['lina', { skillName: 'React', skillCategory: 'technical', skillLevel: 'expert', assessDate: addDays(-30), years: 5 }],
    ['liuyang', { skillName: 'PostgreSQL', skillCategory: 'technical', skillLevel: 'expert', assessDate: addDays(-60), years: 8 }],
    ['chenjing', { skillName: '财务分析', skillCategory: 'management', skillLevel: 'proficient', assessDate: addDays(-120), years: 6 }],
    ['zhangwei', { skillName: '结构化面试', skillCategory: 'management', skillLevel: 'expert', assessDate: addDays(-200), years: 7 }],
    ['wangfang', { skillName: '车辆调度', skillCategory: 'other', skillLevel: 'proficient', assessDate: addDays(-150), years: 4 }],
    ['yanglei', { skillName: '项目管理', skillCategory: 'management', skillLevel: 'master', assessDate: addDays(-90), years: 10 }],
    ['zhoujie', { skillName: '英语', skillCategory: 'language', skillLevel: 'proficient', assessDate: addDays(-20), years: 12 }],
    ['wuting', { skillName: 'Excel', skillCategory: 'office', skillLevel: 'expert', assessDate: addDays(-10), years: 6 }],
  ] },
  Incentive: { rows: [
    ['lina', { title: '年度优秀员工', incentiveKind: 'reward', incentiveType: 'honor', incentiveDate: addDays(-320), amount: 2000, documentNo: '华智人〔2025〕12号', reason: '全年绩效考核优秀' }],
    ['liuyang', { title: '项目攻关奖', incentiveKind: 'reward', incentiveType: 'bonus', incentiveDate: addDays(-80), amount: 5000, documentNo: '华智人〔2026〕3号', reason: '交易系统性能优化成效显著' }],
    ['yanglei', { title: '季度通报表扬', incentiveKind: 'reward', incentiveType: 'commendation', incentiveDate: addDays(-35), amount: 0, documentNo: '华智人〔2026〕8号', reason: '带队按期交付重点项目' }],
    ['huangqiang', { title: '考勤警告', incentiveKind: 'penalty', incentiveType: 'warning', incentiveDate: addDays(-25), amount: 0, documentNo: '华智人〔2026〕9号', reason: '当月迟到五次' }],
    ['xuming', { title: '违规停车罚款', incentiveKind: 'penalty', incentiveType: 'fine', incentiveDate: addDays(-15), amount: 200, documentNo: '华智行〔2026〕2号', reason: '公务车违规停放被处罚' }],
  ] },
  WorkRecord: { rows: [
    ['lina', { company: '杭州云启网络科技有限公司', position: '前端工程师', startDate: '2017-07-01', endDate: '2020-03-31', witness: '周立', witnessPhone: '0571-88001234', leaveReason: '个人发展', duties: '电商前台开发' }],
    ['liuyang', { company: '南京数联软件有限公司', position: '后端开发工程师', startDate: '2014-07-01', endDate: '2019-06-30', witness: '孙海', witnessPhone: '025-66001234', leaveReason: '家庭原因', duties: '支付网关开发' }],
    ['chenjing', { company: '立信会计师事务所', position: '审计助理', startDate: '2015-09-01', endDate: '2018-12-31', witness: '钱芸', witnessPhone: '021-63391166', leaveReason: '转型企业财务', duties: '年报审计' }],
    ['yanglei', { company: '上海博达科技有限公司', position: '技术经理', startDate: '2010-07-01', endDate: '2018-02-28', witness: '李冬', witnessPhone: '021-50801234', leaveReason: '公司搬迁', duties: '研发团队管理' }],
    ['zhangwei', { company: '苏州人才服务中心', position: '招聘专员', startDate: '2012-03-01', endDate: '2016-05-31', witness: '王琳', witnessPhone: '0512-65201234', leaveReason: '个人发展', duties: '校园招聘' }],
  ] },
  LearnRecord: { rows: [
    ['lina', { school: '浙江大学', major: '软件工程', education: 'bachelor', degree: 'bachelor', studyMode: 'fullTime', startDate: '2013-09-01', endDate: '2017-06-30', certNo: '103351201705001234' }],
    ['liuyang', { school: '东南大学', major: '计算机科学与技术', education: 'master', degree: 'master', studyMode: 'fullTime', startDate: '2011-09-01', endDate: '2014-06-30', certNo: '102861201405004321' }],
    ['chenjing', { school: '上海财经大学', major: '会计学', education: 'bachelor', degree: 'bachelor', studyMode: 'fullTime', startDate: '2011-09-01', endDate: '2015-06-30', certNo: '102721201505007788' }],
    ['yanglei', { school: '复旦大学', major: '计算机软件与理论', education: 'doctor', degree: 'doctor', studyMode: 'fullTime', startDate: '2005-09-01', endDate: '2010-06-30', certNo: '102461201006000123' }],
    ['huangqiang', { school: '上海交通职业技术学院', major: '行政管理', education: 'college', degree: 'none', studyMode: 'fullTime', startDate: '2012-09-01', endDate: '2015-06-30', certNo: '' }],
    ['xuming', { school: '上海市汽车工程学校', major: '汽车运用与维修', education: 'highSchool', degree: 'none', studyMode: 'fullTime', startDate: '2009-09-01', endDate: '2012-06-30', certNo: '' }],
  ] },
  Licence: { rows: [
    ['chenjing', { licenceName: '中级会计专业技术资格', licenceType: 'professional', licenceNo: 'KJ2019310000123', issuer: '财政部', issueDate: addDays(-400), expireDate: null }],
    ['liuyang', { licenceName: 'PMP 项目管理专业人士', licenceType: 'qualification', licenceNo: 'PMP-3012345', issuer: 'PMI', issueDate: addDays(-250), expireDate: addDays(845) }],
    ['zhangwei', { licenceName: '企业人力资源管理师（二级）', licenceType: 'qualification', licenceNo: 'HR2-3100-0088', issuer: '上海市人力资源和社会保障局', issueDate: addDays(-600), expireDate: null }],
    ['zhoujie', { licenceName: '大学英语六级', licenceType: 'language', licenceNo: 'CET6-1234567', issuer: '教育部考试中心', issueDate: addDays(-1200), expireDate: null }],
    ['huangqiang', { licenceName: '安全生产管理人员证', licenceType: 'safety', licenceNo: 'AQ-310115-0456', issuer: '上海市应急管理局', issueDate: addDays(-130), expireDate: addDays(965) }],
    ['wangfang', { licenceName: '机动车驾驶证（A1）', licenceType: 'skill', licenceNo: '310101198801011234', issuer: '上海市公安局交通警察总队', issueDate: addDays(-2000), expireDate: addDays(1650) }],
  ] },
};

export async function seedHrRecordsDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const { userIds, deptIds, as } = demo;
  const deptKeyOf = new Map([...DEMO_USERS.map(([account, , dept]): [string, string] => [account, dept]), ...FORMER_STAFF.map((p): [string, string] => [p.account, p.dept])]);
  const former = await formerStaffOwners(ctx, demo);
  const ownerOf = (account: string, deptKey: string) => former.get(account) ?? as(account, deptKey);
  for (const [name, { rows, byEmployee }] of Object.entries(DEMO)) {
    const entity = ctx.registry.entities.get(name);
    if (!entity) continue;
    for (const [i, [account, values]] of rows.entries()) {
      const deptKey = deptKeyOf.get(account)!;
      const row: Row = { ...values, userId: userIds.get(account) ?? former.get(account)?.userId, dept: deptIds.get(typeof values.dept === 'string' ? values.dept : deptKey) };
      if (typeof row.newDept === 'string') row.newDept = deptIds.get(row.newDept);
      await insertRow(ctx, entity, row, byEmployee ? ownerOf(account, deptKey) : as(i % 2 === 0 ? 'zhangwei' : 'zhaomin', 'hr'));
    }
  }
}
