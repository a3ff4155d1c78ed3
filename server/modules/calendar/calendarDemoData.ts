import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import type { DemoOrganisation } from '../ServerModule';
import { formatLocal } from './calendarRange';
import { CALENDAR_REMINDER_TYPE } from './calendarReminders';

/** [owner, owner's department, title, type, day from today, start hour, hours (0: all day), location, participants, private, remind, repeat] */
const ENTRIES: [string, string, string, string, number, number, number, string | null, string[], number, string | null, string][] = [
  ['lina', 'frontend', '门户首页改版评审准备', 'work', 0, 9, 2, '前端开发组工位', [], 0, '15', 'none'],
  ['lina', 'frontend', '拜访客户：浦东新区政务中心', 'visit', 1, 14, 3, '浦东新区世纪大道 2001 号', ['liuyang'], 0, '60', 'none'],
  ['lina', 'frontend', '体检预约', 'personal', 2, 8, 2, '仁济医院东院', [], 1, '1440', 'none'],
  ['lina', 'frontend', '前端组站会', 'meeting', -2, 9, 1, '第二会议室', ['zhoujie'], 0, null, 'daily'],
  ['lina', 'frontend', '组件库升级排期', 'work', 3, 10, 2, null, [], 0, null, 'none'],
  ['yanglei', 'tech', '技术部周会', 'meeting', -2, 15, 1, '第一会议室', ['lina', 'liuyang', 'zhoujie'], 0, '15', 'weekly'],
  ['yanglei', 'tech', '供应商技术交流（阿里云）', 'visit', 1, 10, 2, '张江科学城 A 座', ['liuyang'], 0, '30', 'none'],
  ['yanglei', 'tech', '杭州出差：数据中心验收', 'trip', 4, 0, 0, '杭州', [], 0, '1440', 'none'],
  ['yanglei', 'tech', '家长会', 'personal', 2, 16, 2, '实验小学', [], 1, null, 'none'],
  ['yanglei', 'tech', '年度技术规划编写', 'work', -1, 13, 4, null, [], 0, null, 'none'],
  ['zhangwei', 'hr', '校园招聘宣讲会', 'visit', 1, 13, 3, '同济大学四平路校区', ['zhaomin'], 0, '60', 'none'],
  ['zhangwei', 'hr', '新员工入职培训', 'meeting', 0, 9, 3, '多功能厅', ['zhaomin', 'lina'], 0, '30', 'none'],
  ['zhangwei', 'hr', '绩效面谈：技术研发部', 'meeting', 2, 10, 2, '洽谈室', ['yanglei'], 1, '15', 'none'],
  ['zhangwei', 'hr', '社保年度基数申报截止', 'work', 5, 0, 0, null, [], 0, '1440', 'none'],
  ['liuyang', 'backend', '数据库迁移演练', 'work', 1, 19, 3, '机房', [], 1, '30', 'none'],
  ['zhoujie', 'backend', '接口联调', 'work', 0, 14, 2, null, ['liuyang'], 0, null, 'none'],
];

function at(days: number, hour: number): Date {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date;
}

/**
 * A week of entries around today for lina, yanglei, zhangwei and two of yanglei's people (meetings,
 * visits, a trip, private ones, repeating stand-ups) — yanglei leads 技术研发部 (the office demo
 * data makes him its leader), so his subordinate calendar shows his people — the reminder message
 * type and its every-minute task.
 */
export async function seedCalendarDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const entity = ctx.registry.entities.get('CalendarEntry');
  if (!entity) return;
  for (const [account, deptKey, title, entryType, day, hour, hours, location, people, privateFlag, remindMinutes, repeatRule] of ENTRIES) {
    const allDay = hours === 0;
    const start = at(day, allDay ? 0 : hour);
    const end = allDay ? at(day, 23) : at(day, hour + hours);
    if (allDay) end.setMinutes(59, 59);
    await insertRow(ctx, entity, {
      title, entryType, allDay: allDay ? 1 : 0, startTime: formatLocal(start), endTime: formatLocal(end), location: location ?? null,
      participants: people.map((p) => demo.userIds.get(p)).filter(Boolean).join(',') || null,
      // The reminder job reminds occurrences yet to start only: past ones never flood the message list at first start.
      privateFlag, remindMinutes, repeatRule, repeatUntil: repeatRule === 'none' ? null : formatLocal(at(day + 60, 0)).slice(0, 10),
      content: null,
    }, demo.as(account, deptKey));
  }
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: CALENDAR_REMINDER_TYPE, msgTypeName: '日程提醒', channels: 'site', enabled: 1, sort: 30, remark: '',
    template: '日程「{title}」将于 {startTime} 开始。{location}',
    templateEn: 'Your calendar entry "{title}" starts at {startTime}. {location}',
  }, demo.as('admin', 'office'));
}
