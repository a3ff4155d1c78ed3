import type { ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { insertRow } from '../../seed/insertRow';
import { seedFlowHistory } from '../../seed/seedFlowHistory';
import type { DemoOrganisation } from '../ServerModule';

/** [name, location, capacity, devices, status, manager account] */
const ROOMS: [string, string, number, string, string, string][] = [
  ['第一会议室', 'A座 3 楼 301', 20, 'projector,videoConference,microphone', 'open', 'wuting'],
  ['第二会议室', 'A座 3 楼 305', 8, 'screen,whiteboard', 'open', 'wuting'],
  ['多功能厅', 'B座 1 楼', 120, 'projector,screen,microphone,phone', 'open', 'wuting'],
  ['洽谈室', 'A座 2 楼 208', 4, 'whiteboard', 'closed', 'wuting'],
];

/**
 * Bookings of this week: [title, room index, weekday (0 = Monday), start hour, hours, host,
 * host's department, state, the meeting administrator's opinion, attendees]. The cancelled one
 * lies over an approved one: a cancelled booking frees its room. The approved ones with attendees
 * are the ones whose host may send the meeting notice (发送会议通知).
 */
const MEETINGS: [string, number, number, number, number, string, string, string, string | null, string[]][] = [
  ['周例会', 0, 0, 9, 1, 'wuting', 'office', 'approved', '同意', ['zhangwei', 'huangqiang', 'yanglei', 'chenjing']],
  ['门户改版需求评审', 1, 1, 14, 2, 'lina', 'frontend', 'approved', null, ['yanglei', 'liuyang', 'zhoujie']],
  ['季度经营分析会', 2, 2, 9, 3, 'chenjing', 'finance', 'approved', '请提前调试投影', ['wuting', 'yanglei', 'huangqiang', 'zhangwei']],
  ['接口联调复盘', 1, 2, 10, 1, 'liuyang', 'backend', 'applied', null, ['lina', 'zhoujie']],
  ['招聘面试', 0, 3, 15, 1, 'zhangwei', 'hr', 'cancelled', null, ['zhaomin']],
  ['技术分享：数据库索引', 0, 3, 15, 2, 'yanglei', 'tech', 'approved', null, ['lina', 'liuyang', 'zhoujie']],
  ['供应商洽谈', 2, 4, 10, 2, 'huangqiang', 'admin', 'rejected', '当天多功能厅已安排年会彩排', []],
];

/** Monday 00:00 of the current week, local time. */
function mondayOfThisWeek(): Date {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return day;
}

function at(monday: Date, weekday: number, hour: number): string {
  const time = new Date(monday);
  time.setDate(time.getDate() + weekday);
  time.setHours(hour);
  return nowText(time);
}

/** Meeting rooms and this week's bookings, each with the history the flow would have written. */
export async function seedMeetingDemoData(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const rooms = ctx.registry.entities.get('OfficeMeetingRoom');
  const meetings = ctx.registry.entities.get('OfficeMeeting');
  if (!rooms || !meetings) return;
  const admin = demo.as('wuting', 'office');
  const roomIds: string[] = [];
  for (const [name, location, capacity, devices, status, manager] of ROOMS) {
    roomIds.push(await insertRow(ctx, rooms, { name, location, capacity, devices, status, manager: demo.userIds.get(manager) }, admin));
  }
  // The notice the host gets when the administrator approves, rejects or cancels a booking (the
  // transitions' `notify`); without the row it would be a plain site message.
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: 'officeMeetingResult', msgTypeName: '会议预约审批结果', channels: 'site', enabled: 1, sort: 20, remark: '',
    template: '您预约的会议「{title}」已{result}，时间 {startTime}。{opinion}',
    templateEn: 'Your meeting booking "{title}" is now {state}. Time: {startTime}. {opinion}',
  }, admin);
  const monday = mondayOfThisWeek();
  for (const [title, room, weekday, hour, hours, host, dept, state, opinion, attendees] of MEETINGS) {
    const owner = demo.as(host, dept);
    const id = await insertRow(ctx, meetings, {
      title, room: roomIds[room], startTime: at(monday, weekday, hour), endTime: at(monday, weekday, hour + hours),
      host: owner.userId, attendees: attendees.map((account) => demo.userIds.get(account) ?? '').filter(Boolean).join(','), content: title, status: state, approveRemark: state === 'approved' ? opinion : null,
    }, owner);
    // The meeting administrator decides (her own booking too), the host cancels; the opinion is the administrator's.
    const decisions: Record<string, { transition: string; by: string; opinion: string | null }[]> = {
      applied: [],
      approved: [{ transition: 'approve', by: admin.userId, opinion }],
      rejected: [{ transition: 'reject', by: admin.userId, opinion }],
      cancelled: [{ transition: 'cancel', by: owner.userId, opinion: null }],
    };
    await seedFlowHistory(ctx, meetings, id, { steps: decisions[state] ?? [] });
  }
}
