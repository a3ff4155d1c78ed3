import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays, workdayBefore } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { MEETING_NOTICE_TYPE } from './meetingNotice';
import { requireEntity } from './requireEntity';

/** The demo office: 上海市浦东新区张江路 88 号 (the demo unit's address), clock-in within 500 m. */
export const DEMO_OFFICE = { address: '上海市浦东新区张江路 88 号', longitude: 121.5907, latitude: 31.2035, radius: 500 };

/** Supplies: sorts, articles with stock, applications in each state. */
async function seedSupplies(ctx: ServerContext, demo: DemoOrganisation) {
  const admin = demo.as('huangqiang', 'admin');
  const sorts = requireEntity(ctx, 'OfficeSuppliesSort');
  const stationery = await insertRow(ctx, sorts, { parentId: null, sortName: '文具', sort: 1 }, admin);
  const writing = await insertRow(ctx, sorts, { parentId: stationery, sortName: '书写工具', sort: 1 }, admin);
  const consumables = await insertRow(ctx, sorts, { parentId: null, sortName: '耗材', sort: 2 }, admin);
  const printing = await insertRow(ctx, sorts, { parentId: consumables, sortName: '打印耗材', sort: 1 }, admin);
  const supplies = requireEntity(ctx, 'OfficeSupplies');
  const pen = await insertRow(ctx, supplies, { sortId: writing, name: '中性笔', model: '晨光 K35 0.5mm 黑', unit: '支', stock: 240, warnStock: 50, price: 1.5 }, admin);
  const paper = await insertRow(ctx, supplies, { sortId: printing, name: 'A4 复印纸', model: '得力 70g 500张/包', unit: '包', stock: 36, warnStock: 20, price: 24 }, admin);
  const toner = await insertRow(ctx, supplies, { sortId: printing, name: '硒鼓', model: 'HP 88A', unit: '个', stock: 3, warnStock: 2, price: 420 }, admin);
  await insertRow(ctx, supplies, { sortId: stationery, name: '笔记本', model: 'B5 软抄 60页', unit: '本', stock: 80, warnStock: 20, price: 6.8 }, admin);
  // Below its warning level: the desk's low-stock warning list (getLowStockWarnings) has something to show.
  await insertRow(ctx, supplies, { sortId: stationery, name: '订书钉', model: '24/6 1000枚/盒', unit: '盒', stock: 4, warnStock: 10, price: 2.5 }, admin);
  const applies = requireEntity(ctx, 'OfficeSuppliesApply');
  const applications: [string, number, string, string, string, string][] = [
    [pen, 10, 'lina', 'frontend', '前端组日常办公', 'applied'],
    [paper, 5, 'chenjing', 'finance', '月末报表打印', 'approved'],
    [toner, 1, 'wuting', 'office', '总经办打印机更换硒鼓', 'granted'],
    [paper, 50, 'liuyang', 'backend', '打印全部接口文档', 'rejected'],
  ];
  for (const [article, quantity, account, dept, purpose, status] of applications) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, applies, {
      supplies: article, quantity, applicant: owner.userId, dept: owner.deptId, purpose, status,
      approveRemark: status === 'rejected' ? '请优先使用电子文档' : status === 'applied' ? null : '同意',
    }, owner);
  }
}

/** Diaries of the technology department (its leader, 杨磊, reads them), comments, and the diary settings. */
async function seedDiaries(ctx: ServerContext, demo: DemoOrganisation) {
  const user = (account: string) => demo.userIds.get(account) ?? '';
  // 杨磊 leads 技术研发部 and the groups below it: the 下属日志 list of the demo.
  const dept = systemEntity(ctx, 'Dept');
  const techId = demo.deptIds.get('tech');
  if (techId) await ctx.database.db.updateTable(dept.table).set({ leaderId: user('yanglei') }).where(dept.key, '=', techId).where('leaderId', 'is', null).execute();
  const diaries = requireEntity(ctx, 'OfficeDiary');
  const rows: [string, string, number, string, string, string, string[]][] = [
    ['lina', 'frontend', -1, '移动端考勤页联调', '完成移动端打卡页面与后端接口联调，修复定位权限提示问题。', '开始工作日志页面开发', ['yanglei']],
    ['liuyang', 'backend', -1, '接口文档评审', '与前端组评审任务与甘特图接口，确定连线保存方式。', '补充接口单元测试', []],
    ['zhoujie', 'backend', -2, '机房巡检', '巡检机房温湿度与 UPS 状态，记录异常 1 项。', '跟进 UPS 到货', ['liuyang']],
    ['wuting', 'office', -1, '周例会纪要整理', '整理周例会纪要并分发各部门。', '准备季度经营分析会材料', []],
  ];
  const ids: string[] = [];
  for (const [account, deptKey, day, title, content, tomorrowPlan, share] of rows) {
    const owner = demo.as(account, deptKey);
    ids.push(await insertRow(ctx, diaries, { diaryDate: addDays(day), title, author: owner.userId, content, tomorrowPlan, shareUsers: share.map(user).join(',') }, owner));
  }
  const comments = requireEntity(ctx, 'OfficeDiaryComment');
  await insertRow(ctx, comments, { diary: ids[0], content: '定位权限的提示文案请同步给测试', commenter: user('yanglei') }, demo.as('yanglei', 'tech'));
  await insertRow(ctx, comments, { diary: ids[2], content: '到货后请安排在周末停机更换', commenter: user('yanglei') }, demo.as('yanglei', 'tech'));
  await insertRow(ctx, requireEntity(ctx, 'OfficeDiaryConfig'), { editDays: 7, remindEnabled: 1, remindTime: '17:30', leaderReads: 1 }, demo.as('admin', 'office'));
}

/** Clock-ins of the last days, leave and overtime requests, and the attendance settings. */
async function seedAttendance(ctx: ServerContext, demo: DemoOrganisation) {
  await insertRow(ctx, requireEntity(ctx, 'OfficeAttendanceConfig'), { workStart: '09:00', workEnd: '18:00', ...DEMO_OFFICE }, demo.as('huangqiang', 'admin'));
  const attendance = requireEntity(ctx, 'OfficeAttendance');
  // Days counted in working days back (1: the last working day), never a weekend.
  const clocks: [string, string, number, string, string, string, number][] = [
    ['lina', 'frontend', 1, 'start', '08:52:10', 'normal', 35],
    ['lina', 'frontend', 1, 'end', '18:06:41', 'normal', 40],
    ['liuyang', 'backend', 1, 'start', '09:12:03', 'late', 120],
    ['liuyang', 'backend', 1, 'end', '17:40:55', 'early', 80],
    ['chenjing', 'finance', 2, 'start', '08:45:30', 'normal', 60],
  ];
  for (const [account, dept, workdaysBack, clockType, time, result, distance] of clocks) {
    const owner = demo.as(account, dept);
    const date = workdayBefore(workdaysBack);
    await insertRow(ctx, attendance, {
      clockUser: owner.userId, clockType, clockDate: date, clockTime: `${date} ${time}`, result, distance,
      longitude: DEMO_OFFICE.longitude + 0.0003, latitude: DEMO_OFFICE.latitude + 0.0002,
    }, owner);
  }
  const leave = requireEntity(ctx, 'OfficeLeave');
  await insertRow(ctx, leave, { applicant: demo.userIds.get('lina'), dept: demo.deptIds.get('frontend'), leaveType: 'annual', startTime: `${addDays(6)} 09:00:00`, endTime: `${addDays(7)} 18:00:00`, days: 2, reason: '回老家探亲', status: 'applied' }, demo.as('lina', 'frontend'));
  await insertRow(ctx, leave, { applicant: demo.userIds.get('chenjing'), dept: demo.deptIds.get('finance'), leaveType: 'sick', startTime: `${addDays(-5)} 09:00:00`, endTime: `${addDays(-5)} 18:00:00`, days: 1, reason: '发烧就诊', status: 'approved', approveRemark: '注意休息' }, demo.as('chenjing', 'finance'));
  const overtime = requireEntity(ctx, 'OfficeOvertime');
  await insertRow(ctx, overtime, { applicant: demo.userIds.get('liuyang'), dept: demo.deptIds.get('backend'), compensation: 'timeOff', startTime: `${addDays(-3)} 19:00:00`, endTime: `${addDays(-3)} 22:00:00`, hours: 3, reason: '版本发布', status: 'approved', approveRemark: '同意调休' }, demo.as('liuyang', 'backend'));
  await insertRow(ctx, overtime, { applicant: demo.userIds.get('zhoujie'), dept: demo.deptIds.get('backend'), compensation: 'pay', startTime: `${addDays(2)} 09:00:00`, endTime: `${addDays(2)} 17:00:00`, hours: 8, reason: '周末机房 UPS 更换', status: 'applied' }, demo.as('zhoujie', 'backend'));
}

/** Work plans in each list (mine, held, supervised) with progress reports. */
async function seedWorkPlans(ctx: ServerContext, demo: DemoOrganisation) {
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const plans = requireEntity(ctx, 'OfficeWorkPlan');
  const first = await insertRow(ctx, plans, {
    title: '本月移动端上线计划', planType: 'month', startDate: addDays(-10), endDate: addDays(20), author: user('yanglei'), holder: user('lina'),
    supervisor: user('yanglei'), members: [user('liuyang')].join(','), progress: 40, status: 'doing',
    content: '<p>1. 考勤打卡、日志、任务三个页面上线；</p><p>2. 完成 390px 机型适配；</p><p>3. 组织一次全员培训。</p>',
  }, demo.as('yanglei', 'tech'));
  await insertRow(ctx, plans, {
    title: '第四季度经营分析', planType: 'quarter', startDate: addDays(-30), endDate: addDays(60), author: user('chenjing'), holder: user('chenjing'),
    supervisor: user('wuting'), members: '', progress: 10, status: 'doing', content: '<p>按月汇总各部门费用与收入，季末形成分析报告。</p>',
  }, demo.as('chenjing', 'finance'));
  await insertRow(ctx, plans, {
    title: '年会场地预订', planType: 'special', startDate: addDays(-40), endDate: addDays(-5), author: user('wuting'), holder: user('huangqiang'),
    supervisor: user('wuting'), members: '', progress: 100, status: 'finished', content: '<p>比选三家场地，完成合同签订。</p>',
  }, demo.as('wuting', 'office'));
  const process = requireEntity(ctx, 'OfficeWorkPlanProcess');
  await insertRow(ctx, process, { plan: first, progress: 20, content: '考勤打卡页面提测', reporter: user('lina') }, demo.as('lina', 'frontend'));
  await insertRow(ctx, process, { plan: first, progress: 40, content: '日志页面提测，任务页面开发中', reporter: user('lina') }, demo.as('lina', 'frontend'));
}

/** Visits in each state. */
async function seedHospitality(ctx: ServerContext, demo: DemoOrganisation) {
  const events = requireEntity(ctx, 'OfficeHospitality');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const rows: [string, string, number, string, number, number, string, string, number, string][] = [
    ['浦东新区科经委调研组', '王处长', 5, 'important', 3, 4, 'wuting', 'office', 2000, 'approved'],
    ['杭州云栖软件有限公司', '陈经理', 3, 'normal', 6, 6, 'yanglei', 'tech', 800, 'applied'],
    ['苏州工业园区采购团', '刘总', 8, 'normal', -10, -10, 'huangqiang', 'admin', 1500, 'finished'],
  ];
  for (const [guestUnit, guestLeader, guestCount, level, arrive, leave, host, dept, budget, status] of rows) {
    await insertRow(ctx, events, {
      guestUnit, guestLeader, guestCount, level, arriveTime: `${addDays(arrive)} 09:30:00`, leaveTime: `${addDays(leave)} 16:00:00`,
      purpose: '参观交流，了解协同办公平台建设经验', host: user(host), accompany: '', budget, status,
      arrangement: '第一会议室座谈，午餐安排在员工餐厅包间', approveRemark: status === 'applied' ? null : '同意',
    }, demo.as(host, dept));
  }
}

/** Room devices, minutes of this week's first meeting and the attendees' notice type. */
async function seedMeetingExtras(ctx: ServerContext, demo: DemoOrganisation) {
  const admin = demo.as('wuting', 'office');
  const rooms = requireEntity(ctx, 'OfficeMeetingRoom');
  const roomRows = await ctx.database.db.selectFrom(rooms.table).select([rooms.key, 'name']).orderBy('name').execute();
  const roomId = (name: string) => roomRows.find((r) => r.name === name)?.[rooms.key] ?? null;
  const devices = requireEntity(ctx, 'OfficeMeetingDevice');
  await insertRow(ctx, devices, { name: '爱普生投影仪', code: 'TY-301', deviceType: 'projector', room: roomId('第一会议室'), state: 'normal', remark: '' }, admin);
  await insertRow(ctx, devices, { name: '罗技视频会议摄像头', code: 'SX-301', deviceType: 'camera', room: roomId('第一会议室'), state: 'normal', remark: '' }, admin);
  await insertRow(ctx, devices, { name: '无线麦克风', code: 'MK-101', deviceType: 'microphone', room: roomId('多功能厅'), state: 'repair', remark: '一支接收不良，已送修' }, admin);
  const meetings = requireEntity(ctx, 'OfficeMeeting');
  const approved = await ctx.database.db.selectFrom(meetings.table).select([meetings.key, 'title']).where('status', '=', 'approved').orderBy('startTime').limit(2).execute();
  const notes = requireEntity(ctx, 'OfficeMeetingNotes');
  for (const meeting of approved) {
    await insertRow(ctx, notes, {
      meeting: meeting[meetings.key], title: `${String(meeting.title)}纪要`, recorder: admin.userId,
      content: '<p>一、上周工作回顾；</p><p>二、本周重点：协同办公平台二期排期确认；</p><p>三、会议决定：各部门周五前提交需求。</p>',
    }, admin);
  }
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: MEETING_NOTICE_TYPE, msgTypeName: '会议通知', channels: 'site', enabled: 1, sort: 21, remark: '',
    template: '请参加会议「{title}」：{startTime} 至 {endTime}，地点 {room}，主持人 {host}。{remark}',
    templateEn: 'Please attend "{title}": {startTime} to {endTime} in {room}, hosted by {host}. {remark}',
  }, admin);
}

/** Office supplies, diaries, attendance, work plans, hospitality and meeting extras (office part B). */
export async function seedOfficeDailyDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  await seedSupplies(ctx, demo);
  await seedDiaries(ctx, demo);
  await seedAttendance(ctx, demo);
  await seedWorkPlans(ctx, demo);
  await seedHospitality(ctx, demo);
  await seedMeetingExtras(ctx, demo);
}
