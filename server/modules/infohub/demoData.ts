import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { requireEntity } from './requireEntity';

/** The message type 突发事件 handling sends to the reporter (Emergency's transitions notify it). */
export const EMERGENCY_PROGRESS_TYPE = 'infoEmergencyProgress';

/** Address books: personal entries of a few staff, some shared with the unit. */
async function seedAddressBooks(ctx: ServerContext, demo: DemoOrganisation) {
  const books = requireEntity(ctx, 'AddressBook');
  const entries: [string, string, Record<string, unknown>][] = [
    ['lina', 'frontend', { name: '周晓峰', company: '上海云栈网络科技有限公司', department: '商务部', position: '客户经理', mobile: '13917265840', email: 'zhouxf@yunzhan.com.cn', groupName: '供应商', shared: 1 }],
    ['lina', 'frontend', { name: '孙丽', company: '上海云栈网络科技有限公司', department: '技术支持部', position: '实施工程师', mobile: '13661829304', phone: '021-50281166', groupName: '供应商', shared: 1 }],
    ['lina', 'frontend', { name: '李梅', company: '', department: '', position: '', mobile: '13812345670', groupName: '家人', shared: 0, remark: '姐姐' }],
    ['liuyang', 'backend', { name: '王建国', company: '阿里云计算有限公司', department: '华东大客户部', position: '解决方案架构师', mobile: '13588026731', email: 'wjg@aliyun-partner.com', address: '杭州市余杭区文一西路 969 号', groupName: '合作伙伴', shared: 1 }],
    ['liuyang', 'backend', { name: '陈磊', company: '', department: '', position: '', mobile: '13764019288', groupName: '同学', shared: 0 }],
    ['huangqiang', 'admin', { name: '刘师傅', company: '浦东新区张江物业服务中心', department: '维修班', position: '班长', mobile: '13501675529', phone: '021-58956000', address: '上海市浦东新区张江路 88 号 B1', groupName: '物业', shared: 1 }],
    ['huangqiang', 'admin', { name: '赵敏', company: '上海晨光文具专营店', department: '', position: '店长', mobile: '13671823460', phone: '021-68751234', groupName: '供应商', shared: 1, remark: '办公用品月结' }],
    ['huangqiang', 'admin', { name: '郑国庆', company: '上海市浦东新区应急管理局', department: '安全监管科', position: '科长', phone: '021-68541234', groupName: '政府部门', shared: 1 }],
    ['chenjing', 'finance', { name: '吴倩', company: '招商银行上海张江支行', department: '对公业务部', position: '客户经理', mobile: '13916027745', email: 'wuqian@cmbchina-demo.com', groupName: '银行', shared: 1 }],
    ['chenjing', 'finance', { name: '黄会计', company: '立信会计师事务所', department: '审计三部', position: '项目经理', mobile: '13621759021', groupName: '审计', shared: 0 }],
  ];
  for (const [account, dept, values] of entries) await insertRow(ctx, books, values, demo.as(account, dept));
}

/** Shared websites, and bookmarks and sticky notes of a few staff. */
async function seedLinksAndNotes(ctx: ServerContext, demo: DemoOrganisation) {
  const admin = demo.as('huangqiang', 'admin');
  const sites: [string, string, string, string][] = [
    ['中国政府网', 'https://www.gov.cn', 'government', '国务院政策文件与政务公开'],
    ['上海市人民政府', 'https://www.shanghai.gov.cn', 'government', '上海市政务服务'],
    ['国家税务总局', 'https://www.chinatax.gov.cn', 'government', '发票查验与纳税申报'],
    ['国家企业信用信息公示系统', 'https://www.gsxt.gov.cn', 'government', '查询合作单位工商信息'],
    ['12306 铁路购票', 'https://www.12306.cn', 'tool', '出差订票'],
    ['高德地图', 'https://www.amap.com', 'tool', '外出路线查询'],
    ['公司内网门户', '/dashboard', 'work', '本系统工作台'],
    ['中国大学 MOOC', 'https://www.icourse163.org', 'learning', '员工在线学习'],
  ];
  const websites = requireEntity(ctx, 'ShareWebsite');
  for (const [index, [name, url, category, remark]] of sites.entries()) {
    await insertRow(ctx, websites, { name, url, category, remark, sort: index + 1 }, admin);
  }
  const bookmarks = requireEntity(ctx, 'Bookmark');
  const marks: [string, string, string, string][] = [
    ['lina', 'frontend', 'Ant Design 组件文档', 'https://ant.design/components/overview-cn'],
    ['lina', 'frontend', 'MDN Web 文档', 'https://developer.mozilla.org/zh-CN/'],
    ['lina', 'frontend', '我的工作日志', '/office/diary/index'],
    ['liuyang', 'backend', 'PostgreSQL 中文手册', 'http://www.postgres.cn/docs/current/'],
    ['liuyang', 'backend', 'Fastify 文档', 'https://fastify.dev/docs/latest/'],
    ['chenjing', 'finance', '电子税务局', 'https://etax.shanghai.chinatax.gov.cn'],
  ];
  for (const [index, [account, dept, title, url]] of marks.entries()) await insertRow(ctx, bookmarks, { title, url, sort: index }, demo.as(account, dept));
  const notes = requireEntity(ctx, 'StickyNote');
  const pads: [string, string, string, string, number][] = [
    ['lina', 'frontend', '周五前提交移动端考勤页的测试报告', 'yellow', 1],
    ['lina', 'frontend', '下周二 14:00 前端组代码评审', 'blue', 0],
    ['liuyang', 'backend', '数据库备份策略：每日 02:00 全量，保留 14 天', 'green', 1],
    ['chenjing', 'finance', '11 月 30 日前完成差旅报销初审', 'pink', 1],
    ['huangqiang', 'admin', '硒鼓库存不足，联系供应商补货', 'yellow', 0],
  ];
  for (const [account, dept, content, color, pinned] of pads) await insertRow(ctx, notes, { content, color, pinned }, demo.as(account, dept));
}

/** Open information: items for the whole unit and one for its readers only. */
async function seedOpenInfo(ctx: ServerContext, demo: DemoOrganisation) {
  const admin = demo.as('huangqiang', 'admin');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const items: [string, string, string, number, string, number, string[]][] = [
    ['2026 年度部门预算执行情况公开', 'finance', '<p>截至 10 月底，集团年度预算执行率 <strong>82.6%</strong>，其中研发投入占比 41%。</p><p>详细数据见附表。</p>', -20, '09:00', 1, []],
    ['关于调整差旅费报销标准的通知', 'policy', '<p>自 2026 年 12 月 1 日起，一线城市住宿标准调整为每人每晚 600 元。</p>', -12, '10:30', 1, []],
    ['2026 年第三季度安全生产检查结果公示', 'notice', '<p>三季度共检查 12 个场所，发现隐患 5 项，已全部整改完毕。</p>', -8, '15:00', 1, []],
    ['干部任免公示', 'personnel', '<p>经研究决定，拟任命杨磊同志为技术研发部经理，公示期 5 个工作日。</p>', -5, '09:30', 1, []],
    ['研发项目经费使用明细（限项目组）', 'finance', '<p>数字化办公平台项目经费使用明细，仅向项目组成员公开。</p>', -3, '16:00', 0, ['yanglei', 'lina', 'liuyang']],
    ['行政部办公用品集中采购结果', 'notice', '<p>11 月办公用品集中采购已完成，中标供应商为上海晨光文具专营店。</p>', -1, '11:00', 1, []],
  ];
  const entity = requireEntity(ctx, 'OpenInfo');
  for (const [title, category, content, day, time, openToAll, readers] of items) {
    await insertRow(ctx, entity, { title, category, content, publishTime: `${addDays(day)} ${time}:00`, publisher: admin.userId, openToAll, readers: readers.map(user).join(',') || null }, admin);
  }
}

/** 大事记 over three years, leader activities and emergencies. */
async function seedEvents(ctx: ServerContext, demo: DemoOrganisation) {
  const admin = demo.as('huangqiang', 'admin');
  const stories: [string, string, string][] = [
    ['2024-03-18', '集团成立数字化转型领导小组', '由总经理任组长，统筹推进办公、研发和财务系统的数字化。'],
    ['2024-07-01', '张江研发中心正式启用', '研发中心建筑面积 6000 平方米，可容纳 400 名研发人员。'],
    ['2024-11-12', '获评上海市高新技术企业', '连续第三次通过高新技术企业认定。'],
    ['2025-04-22', '通过 ISO 27001 信息安全管理体系认证', '覆盖研发、运维与客户服务全部业务。'],
    ['2025-09-09', '与华东智联检测技术有限公司签署战略合作协议', '双方在实验室检测数字化方面开展合作。'],
    ['2026-01-15', '年度工作会议召开', '总结 2025 年工作，部署 2026 年“提质增效”重点任务。'],
    ['2026-06-30', '协同办公平台一期上线', '车辆、会议、人事等模块全员使用。'],
    [addDays(-10), '协同办公平台二期启动', '信息发布、知识库、邮件与文件模块进入建设阶段。'],
  ];
  const bigStories = requireEntity(ctx, 'BigStory');
  for (const [storyDate, title, content] of stories) await insertRow(ctx, bigStories, { storyDate, title, content }, admin);

  const user = (account: string) => demo.userIds.get(account) ?? '';
  const activities: [string, number, string, string, string, string, number][] = [
    ['yanglei', -2, '09:00', '11:00', '技术研发部季度述职', '3 号楼 502 会议室', 1],
    ['yanglei', 1, '14:00', '17:00', '数字化办公平台二期评审会', '张江研发中心 1 楼报告厅', 1],
    ['yanglei', 3, '10:00', '11:30', '与阿里云华东区商务洽谈', '公司总部 12 楼贵宾室', 0],
    ['huangqiang', 0, '09:30', '10:30', '行政部月度例会', '行政部会议室', 1],
    ['zhangwei', 2, '13:30', '16:30', '2027 年校园招聘宣讲（同济大学）', '同济大学四平路校区', 1],
    ['wuting', 4, '09:00', '12:00', '陪同总经理接待浦东新区应急管理局检查', '公司总部', 1],
  ];
  const leader = requireEntity(ctx, 'LeaderActivity');
  for (const [account, day, start, end, title, place, isPublic] of activities) {
    await insertRow(ctx, leader, {
      leader: user(account), title, place, isPublic, content: `${title}，请相关人员提前做好准备。`,
      startTime: `${addDays(day)} ${start}:00`, endTime: `${addDays(day)} ${end}:00`,
    }, admin);
  }

  const emergencies: [string, string, string, number, string, string, string, string, string | null, string | null][] = [
    ['lina', 'frontend', '3 号楼 5 层机房空调故障', -6, '3 号楼 5 层机房', '机房温度升至 31℃，空调外机停转。', 'level2', 'handled', '已通知物业维修班并启用备用空调', '压缩机更换完成，温度恢复正常'],
    ['zhoujie', 'backend', '生产数据库主节点宕机', -2, '阿里云华东 2 可用区', '订单库主节点不可用，已自动切换至备节点。', 'level1', 'handling', '运维组正在排查主节点磁盘故障', null],
    ['xuming', 'fleet', '公务车辆追尾事故', -1, '中环路金科路出口', '沪A·D2736 在出口处被追尾，人员无伤亡。', 'level3', 'reported', null, null],
    ['chenjing', 'finance', '财务部电脑疑似中勒索病毒', 0, '财务部 2 号工位', '文件被加密并出现勒索提示，已断开网络。', 'level1', 'reported', null, null],
  ];
  const entity = requireEntity(ctx, 'Emergency');
  for (const [account, dept, title, day, place, description, level, status, handleOpinion, resultOpinion] of emergencies) {
    const owner = demo.as(account, dept);
    await insertRow(ctx, entity, { title, level, happenTime: `${addDays(day)} 08:40:00`, place, reporter: owner.userId, description, status, handleOpinion, resultOpinion }, owner);
  }
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: EMERGENCY_PROGRESS_TYPE, msgTypeName: '突发事件处置进展', channels: 'site,sms', enabled: 1, sort: 40, remark: '',
    template: '您上报的突发事件「{title}」处置进展：{state}。', templateEn: 'The emergency "{title}" you reported is now {state}.',
  }, admin);
}

/** 综合信息's demo rows (schemas/infohub). */
export async function seedInfohubDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  await seedAddressBooks(ctx, demo);
  await seedLinksAndNotes(ctx, demo);
  await seedOpenInfo(ctx, demo);
  await seedEvents(ctx, demo);
}
