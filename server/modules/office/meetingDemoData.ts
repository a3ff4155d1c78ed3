import type { ServerContext } from '../../context';
import { FLOW_LOG_STEPS } from '../../entity/flowRecordChanges';
import { newId, nowText } from '../../http/newId';
import { insertRow } from '../../seed/insertRow';
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
 * host's department, state, the meeting administrator's opinion]. The cancelled one lies over an
 * approved one: a cancelled booking frees its room.
 */
const MEETINGS: [string, number, number, number, number, string, string, string, string | null][] = [
  ['周例会', 0, 0, 9, 1, 'wuting', 'office', 'approved', '同意'],
  ['门户改版需求评审', 1, 1, 14, 2, 'lina', 'frontend', 'approved', null],
  ['季度经营分析会', 2, 2, 9, 3, 'chenjing', 'finance', 'approved', '请提前调试投影'],
  ['接口联调复盘', 1, 2, 10, 1, 'liuyang', 'backend', 'applied', null],
  ['招聘面试', 0, 3, 15, 1, 'zhangwei', 'hr', 'cancelled', null],
  ['技术分享：数据库索引', 0, 3, 15, 2, 'yanglei', 'tech', 'approved', null],
  ['供应商洽谈', 2, 4, 10, 2, 'huangqiang', 'admin', 'rejected', '当天多功能厅已安排年会彩排'],
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
  for (const [title, room, weekday, hour, hours, host, dept, state, opinion] of MEETINGS) {
    const owner = demo.as(host, dept);
    const id = await insertRow(ctx, meetings, {
      title, room: roomIds[room], startTime: at(monday, weekday, hour), endTime: at(monday, weekday, hour + hours),
      host: owner.userId, content: title, status: state, approveRemark: state === 'approved' ? opinion : null,
    }, owner);
    const decisions: Record<string, [string, string, string | null][]> = {
      applied: [],
      approved: [['approve', 'approved', opinion]],
      rejected: [['reject', 'rejected', opinion]],
      cancelled: [['cancel', 'cancelled', null]],
    };
    const decision = decisions[state] ?? [];
    const steps: [string, string, string, string, string | null][] = [
      [owner.userId, FLOW_LOG_STEPS.submit, '', 'applied', null],
      ...decision.map(([transition, to, text]): [string, string, string, string, string | null] => [
        transition === 'cancel' ? owner.userId : admin.userId, transition, 'applied', to, text,
      ]),
    ];
    for (const [step, [userId, transition, fromState, toState, text]] of steps.entries()) {
      await ctx.database.db.insertInto('sys_flow_log').values({
        logId: newId(), entity: meetings.name, recordId: id, transition, fromState, toState, userId, opinion: text,
        createTime: nowText(new Date(Date.now() - (steps.length - step) * 3_600_000)),
      }).execute();
    }
  }
}
