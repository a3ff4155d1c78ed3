import { systemEntity, type ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { addDays } from '../../seed/demoDays';
import { insertRow } from '../../seed/insertRow';
import { seedFlowHistory, type SeededStep } from '../../seed/seedFlowHistory';
import type { DemoOrganisation } from '../ServerModule';
import { coverPng, storeDemoPicture } from './demoCovers';
import { infoEntity, readRowId } from './infoEntities';
import { NOTICE_MESSAGE_TYPES } from './noticeMessages';
import { publishNoticeRows } from './noticePublish';

/** 'YYYY-MM-DD HH:mm:ss' `days` from now at `time`. */
const at = (days: number, time: string) => `${addDays(days)} ${time}:00`;

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** The red header of the demo 红头 template: the unit's name in red, the number line, a red rule. */
export const DEMO_RED_HEADER = '<p style="text-align: center; color: #d40000; font-size: 34px; font-weight: bold">华东智联科技集团有限公司文件</p>'
  + '<p style="text-align: center; font-size: 16px">{docNo}</p>'
  + '<div style="background-color: #d40000; height: 2px"></div>';

/**
 * The notice messages (noticeMessages.ts) in both languages, on the site: {title}, {noticeType} and
 * {docNo} are the notice's, {sender} who sent it for approval, {author} its publisher, {result} and
 * {state} the decision, {opinion} the approver's remark (the reason of a rejection).
 */
const NOTICE_MESSAGE_TEMPLATES: [string, string, string, string][] = [
  [NOTICE_MESSAGE_TYPES.pending, '通知待审批', '{userName}，{sender} 提交的通知「{title}」（{noticeType}）待您审批。',
    '{userName}, {sender} sent the notice "{title}" ({noticeType}) for your approval.'],
  [NOTICE_MESSAGE_TYPES.result, '通知审批结果', '您提交的通知「{title}」审批结果：{result}。{opinion}',
    'Your notice "{title}" is now {state}. {opinion}'],
  [NOTICE_MESSAGE_TYPES.published, '新通知', '{userName}，您收到一条新通知「{title}」（{noticeType}），发布人：{author}，请及时查阅。',
    '{userName}, a new notice for you: "{title}" ({noticeType}), from {author}.'],
];

async function seedNoticeMessageTypes(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (!messageTypes) return;
  for (const [index, [msgTypeCode, msgTypeName, template, templateEn]] of NOTICE_MESSAGE_TEMPLATES.entries()) {
    await insertRow(ctx, messageTypes, { msgTypeCode, msgTypeName, channels: 'site', enabled: 1, sort: 50 + index, remark: '', template, templateEn }, demo.as('admin', 'office'));
  }
}

/** [title, type, summary, paragraphs, days ago, top, cover colours or null, showOnDesk, read count] */
type DemoNews = [string, string, string, string[], number, 0 | 1, [[number, number, number], [number, number, number]] | null, 0 | 1, number];

const NEWS: DemoNews[] = [
  ['集团荣获“2026年度上海市专精特新企业”称号', 'company', '经市经信委评审认定，集团入选2026年度上海市专精特新中小企业名单。',
    ['11月20日，上海市经济和信息化委员会公布2026年度专精特新中小企业名单，华东智联科技集团榜上有名。', '这是对集团多年来深耕企业协同办公领域、坚持自主研发的充分肯定。集团将以此为契机，持续加大研发投入。'], 5, 1, [[22, 119, 255], [0, 198, 174]], 1, 86],
  ['智联OA 6.0 正式发布，全面支持信创环境', 'company', '新版本完成国产操作系统与数据库适配，新增流程设计器与移动办公。',
    ['11月18日，集团在张江总部举行智联OA 6.0发布会。新版本完成与主流国产操作系统、数据库和中间件的适配认证。', '发布会上，技术研发部演示了全新的流程设计器、移动审批和门户自定义功能。'], 7, 1, [[114, 46, 209], [22, 119, 255]], 1, 132],
  ['集团召开2026年第四季度安全生产工作会议', 'company', '会议部署岁末年初安全生产与消防安全工作。',
    ['11月21日上午，集团召开第四季度安全生产工作会议，行政部通报了前三季度安全检查情况。', '会议要求各部门压实安全责任，做好冬季用电和消防安全检查。'], 4, 0, [[250, 140, 22], [245, 34, 45]], 1, 41],
  ['工信部发布《关于推进企业数字化转型的指导意见》', 'industry', '意见提出到2028年规模以上企业数字化转型普及率达到80%以上。',
    ['近日，工业和信息化部印发指导意见，从夯实数字基础、深化场景应用、强化安全保障等方面部署重点任务。', '业内人士认为，协同办公与流程自动化将迎来新一轮发展机遇。'], 9, 0, [[19, 194, 194], [82, 196, 26]], 1, 57],
  ['协同办公市场规模持续增长，信创替代进入深水区', 'industry', '第三方机构报告显示，2026年国内协同办公市场规模同比增长18%。',
    ['报告指出，政企客户对国产化协同办公平台的需求快速增长，流程、公文、门户一体化成为选型重点。'], 12, 0, null, 0, 23],
  ['《浦东时报》：张江科创企业的数字化办公实践', 'media', '《浦东时报》专题报道集团数字化办公建设经验。',
    ['《浦东时报》11月15日刊发专题文章，介绍了集团以统一门户整合审批、公文、知识和移动办公的实践。'], 10, 0, [[47, 84, 235], [235, 47, 150]], 1, 38],
  ['新华网报道集团参加2026中国国际工业博览会', 'media', '集团携协同办公与智能表单产品亮相工博会。',
    ['在第二十六届中国国际工业博览会上，集团展示了面向制造企业的移动审批、设备巡检和数据填报方案。'], 30, 0, null, 0, 64],
  ['集团党委开展“学习新思想 奋进新征程”主题党日活动', 'party', '集团党委组织党员赴中共一大纪念馆开展主题党日活动。',
    ['11月14日，集团党委组织全体党员赴中共一大纪念馆参观学习，重温入党誓词。', '活动结束后，各党支部围绕岗位建功开展了交流讨论。'], 11, 0, [[207, 19, 34], [250, 173, 20]], 0, 45],
  ['技术研发部党支部召开专题组织生活会', 'party', '支部党员围绕服务客户、提升质量开展批评与自我批评。',
    ['会上，支部书记杨磊代表支部班子作对照检查，党员逐一发言，查找差距、明确整改方向。'], 16, 0, null, 0, 19],
  ['2026年度员工运动会圆满落幕', 'company', '来自8个部门的260余名员工参加了本届运动会。',
    ['11月8日，集团2026年度员工运动会在张江体育中心举行。行政部代表队获得团体总分第一名。'], 17, 0, [[82, 196, 26], [19, 194, 194]], 0, 77],
];

/** A news draft and a withdrawn item, for the administrator's lists. */
const NEWS_OTHER: [string, string, string, string][] = [
  ['关于集团2027年度品牌宣传计划（征求意见稿）', 'company', 'draft', '品牌宣传计划征求意见稿，待完善后发布。'],
  ['集团官网改版上线（已撤回，待更正数据后重发）', 'company', 'withdrawn', '官网改版上线的消息，数据有误已撤回。'],
];

/**
 * 信息发布's demo: ten published news (six with desk pictures) and two others, with read records;
 * three notice templates (one red header), the notice settings, and eight notices in every state
 * — the published ones with their recipients' read rows, some read, one expired.
 */
export async function seedInfoDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const { db } = ctx.database;
  const as = demo.as('wuting', 'office');
  const user = (account: string) => demo.userIds.get(account) ?? '';
  const dept = (key: string) => demo.deptIds.get(key) ?? '';
  const news = infoEntity(ctx, 'News');
  const newsReads = infoEntity(ctx, 'NewsRead');
  const notices = infoEntity(ctx, 'Notice');
  const noticeReads = infoEntity(ctx, 'NoticeRead');

  await insertRow(ctx, infoEntity(ctx, 'NoticeConfig'), { approvalRequired: 1, validDays: 30, remark: '通知发布须经行政部审核' }, as);
  await seedNoticeMessageTypes(ctx, demo);

  const templates = infoEntity(ctx, 'NoticeTemplate');
  const redHeader = await insertRow(ctx, templates, {
    templateName: '集团红头文件', noticeType: 'rules', redHeader: 1, headerHtml: DEMO_RED_HEADER, enabled: 1, remark: '制度发布、人事任免等正式发文',
    bodyHtml: p('各部门、各子公司：', '（正文）', '特此通知。'),
  }, as);
  await insertRow(ctx, templates, {
    templateName: '会议通知模板', noticeType: 'meeting', redHeader: 0, enabled: 1, remark: '时间、地点、参会人员、会议议程',
    bodyHtml: p('<strong>会议时间：</strong>', '<strong>会议地点：</strong>', '<strong>参会人员：</strong>', '<strong>会议议程：</strong>', '请参会人员提前10分钟到场。'),
  }, as);
  await insertRow(ctx, templates, {
    templateName: '行政通知模板', noticeType: 'admin', redHeader: 0, enabled: 1, remark: '日常行政事务通知',
    bodyHtml: p('各位同事：', '（正文）', '如有疑问，请联系行政部（分机 8008）。'),
  }, as);

  // News: the covers are generated pictures stored as the administrator's uploads.
  const readers = ['lina', 'liuyang', 'chenjing', 'zhoujie', 'yanglei', 'huangqiang', 'zhangwei'];
  const now = nowText();
  const readRows: Record<string, unknown>[] = [];
  let index = 0;
  for (const [title, newsType, summary, paragraphs, daysAgo, top, colours, showOnDesk, readCount] of NEWS) {
    index += 1;
    const cover = colours ? await storeDemoPicture(ctx, db, as, `新闻封面${index}.png`, coverPng(colours[0], colours[1])) : null;
    const publishTime = at(-daysAgo, '09:30');
    const newsId = await insertRow(ctx, news, {
      title, newsType, summary, content: p(...paragraphs), cover, publisher: user('wuting'), source: newsType === 'media' ? '媒体转载' : '总经理办公室',
      publishTime, top, showOnDesk, readCount, status: 'published',
    }, as);
    // The first readers of each item; 李娜 leaves the newest two unread.
    for (const account of readers.slice(index % 3, 3 + (index % 5))) {
      if (account === 'lina' && index <= 2) continue;
      const userId = user(account);
      readRows.push({
        [newsReads.key]: readRowId(newsId, userId), news: newsId, reader: userId, readerDept: null, firstReadTime: at(-daysAgo, '10:15'), lastReadTime: at(-daysAgo + 1, '14:02'),
        readTimes: 1 + (index % 2), createUser: userId, createDept: null, unitId: demo.unitId, createTime: now, updateTime: now,
      });
    }
  }
  for (const [title, newsType, status, summary] of NEWS_OTHER) {
    await insertRow(ctx, news, { title, newsType, summary, content: p(summary), publisher: user('wuting'), source: '总经理办公室', status, top: 0, showOnDesk: 0, readCount: 0,
      ...(status === 'withdrawn' ? { publishTime: at(-3, '16:00') } : {}) }, as);
  }
  const users = systemEntity(ctx, 'User');
  const deptOf = new Map((await db.selectFrom(users.table).select([users.key, 'deptId']).execute()).map((u) => [String(u[users.key]), String(u.deptId ?? '')]));
  for (const row of readRows) {
    row.readerDept = deptOf.get(String(row.reader)) ?? null;
    row.createDept = row.readerDept;
  }
  if (readRows.length > 0) await db.insertInto(newsReads.table).values(readRows).execute();

  // Notices: published ones go to their recipients as sendNotice or the approval would send them.
  // Their histories follow the settings above (approval required): sent to the approver, approved.
  const sentAndApproved: SeededStep[] = [{ transition: 'send' }, { transition: 'approve', opinion: null }];
  const histories: Record<string, SeededStep[]> = {
    draft: [], pending: [{ transition: 'send' }], published: sentAndApproved, withdrawn: [...sentAndApproved, { transition: 'withdraw' }],
  };
  const notice = async (values: Record<string, unknown>, readBy: string[] = []) => {
    const id = await insertRow(ctx, notices, { author: user('wuting'), urgency: 'normal', toAll: 0, ...values }, as);
    // The withdrawn notice's remark is why it was withdrawn.
    await seedFlowHistory(ctx, notices, id, { steps: histories[String(values.status)], opinion: values.approveRemark ? String(values.approveRemark) : undefined });
    if (values.status === 'published' || values.status === 'withdrawn') {
      const row = await db.selectFrom(notices.table).selectAll().where(notices.key, '=', id).executeTakeFirstOrThrow();
      await publishNoticeRows(ctx, db, row);
      for (const [i, account] of readBy.entries()) {
        await db.updateTable(noticeReads.table).set({ readFlag: 1, readTime: at(-1, `1${i % 10}:2${i % 6}`) })
          .where(noticeReads.key, '=', readRowId(id, user(account))).execute();
      }
    }
    return id;
  };
  await notice({
    title: '关于印发《集团差旅费管理办法（2026年修订）》的通知', noticeType: 'rules', template: redHeader, docNo: '华智办〔2026〕42号', urgency: 'urgent', toAll: 1,
    content: p('各部门、各子公司：', '《集团差旅费管理办法（2026年修订）》已经集团总经理办公会审议通过，现予印发，自2026年12月1日起施行，请遵照执行。', '特此通知。'),
    publishTime: at(-2, '10:00'), expireDate: addDays(28), status: 'published',
  }, ['lina', 'liuyang', 'chenjing', 'yanglei', 'zhangwei', 'huangqiang']);
  await notice({
    title: '关于杨磊同志任职的通知', noticeType: 'personnel', template: redHeader, docNo: '华智人〔2026〕17号', toAll: 1,
    content: p('各部门：', '经集团研究决定，聘任杨磊同志为技术研发部总监，任期三年。', '特此通知。'),
    publishTime: at(-6, '15:30'), expireDate: addDays(24), status: 'published',
  }, ['lina', 'zhoujie', 'chenjing', 'wangfang']);
  await notice({
    title: '关于召开2026年度工作总结会的通知', noticeType: 'meeting', urgency: 'urgent', recipientDepts: [dept('tech'), dept('hr'), dept('finance')].join(','),
    recipientUsers: user('huangqiang'),
    content: p('<strong>会议时间：</strong>2026年12月5日（周五）14:00', '<strong>会议地点：</strong>总部大楼三层第一会议室', '<strong>参会人员：</strong>技术研发部、人力资源部、财务部全体人员', '请提前准备本部门年度工作总结。'),
    publishTime: at(-1, '09:00'), expireDate: addDays(10), status: 'published',
  }, ['yanglei']);
  await notice({
    title: '关于冬季办公区供暖及用电安全的通知', noticeType: 'admin', toAll: 1,
    content: p('各位同事：', '办公区自12月1日起开始供暖。请大家下班前关闭个人取暖设备和显示器电源，严禁使用大功率电器。'),
    publishTime: at(-3, '11:20'), expireDate: addDays(40), status: 'published',
  }, ['zhoujie', 'chenjing', 'xuming', 'wangfang', 'zhangwei', 'zhaomin']);
  await notice({
    title: '关于11月中旬网络设备维护的通知', noticeType: 'admin', toAll: 1,
    content: p('11月15日晚22:00至次日2:00进行核心交换机维护，期间内网与VPN将中断。'),
    publishTime: at(-12, '17:00'), expireDate: addDays(-3), status: 'published',
  }, ['lina']);
  await notice({
    title: '关于2027年元旦放假安排的通知', noticeType: 'admin', toAll: 1,
    content: p('根据国务院办公厅通知，2027年元旦放假安排如下：1月1日至1月3日放假调休，共3天。'), status: 'pending',
  });
  await notice({
    title: '关于开展年度消防演练的通知', noticeType: 'admin', recipientDepts: dept('admin'),
    content: p('行政部将于12月中旬组织年度消防疏散演练，具体时间另行通知。'), status: 'draft',
  });
  await notice({
    title: '关于调整午餐补贴标准的通知', noticeType: 'admin', toAll: 1,
    content: p('自2026年11月起，午餐补贴标准由每日20元调整为每日25元。'), publishTime: at(-20, '10:00'), status: 'withdrawn', approveRemark: '补贴标准待财务复核',
  });
}
