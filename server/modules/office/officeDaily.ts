import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import type { TransitionEffect } from '../../entity/transitionEffects';
import { registerExtraReadRule } from '../../entity/extraReadRules';
import type { DefaultSchedule, Job } from '../../scheduler/jobs';
import type { ServerContext } from '../../context';
import type { DemoOrganisation } from '../ServerModule';
import { clockIn, getOfficeAttendanceStatusCall, getOfficeAttendanceYearListCall } from './attendanceClock';
import { getOfficeDiaryShareListCall, getOfficeDiarySubordinateListCall, leadsDiaryDepartment, leaderReadsDiaries } from './diaryCalls';
import { keepDiaryDeleteWindow, keepDiaryEditWindow } from './diaryRules';
import { DIARY_REMIND_SCHEDULE, remindDiary, seedDiaryReminder } from './diaryReminder';
import { requireReadableReferences } from './readableReferences';
import { getOfficeHospitalityDeskCall, getOfficeTaskDeskCall } from './deskCalls';
import { getOfficeGanttDataCall } from './ganttCalls';
import { getOfficeMeetingRoomOccupancyCall, sendOfficeMeetingNoticeCall } from './meetingNotice';
import { checkGanttLink, reportPlanProgress, reportTaskProgress } from './progressReports';
import { grantOfficeSupplies } from './suppliesGrant';
import { getOfficeWorkPlanHeldListCall, getOfficeWorkPlanSupervisedListCall } from './workPlanCalls';
import { seedTaskDemoData } from './taskDemoData';
import { seedOfficeDailyDemoData } from './dailyDemoData';

/**
 * Office administration, part B: tasks and the Gantt chart, meeting extras, supplies, diaries,
 * attendance, work plans and hospitality — the hooks, effect, named calls and demo data their
 * schemas (schemas/office) cannot say.
 */
export const dailyHooks: Record<string, BeforeWriteHook> = {
  OfficeTaskProcess: reportTaskProgress,
  OfficeWorkPlanProcess: reportPlanProgress,
  OfficeGanttLink: checkGanttLink,
  OfficeAttendance: clockIn,
  OfficeDiary: keepDiaryEditWindow,
};

export const dailyDeleteHooks: Record<string, BeforeDeleteHook> = { OfficeDiary: keepDiaryDeleteWindow };

export const dailyEffects: Record<string, TransitionEffect> = { grantOfficeSupplies };

export const dailyJobs: Record<string, Job> = { remindDiary };

export const dailySchedules: Record<string, DefaultSchedule> = { remindDiary: DIARY_REMIND_SCHEDULE };

const CALLS: ['get' | 'set', string, CallHandler][] = [
  ['get', 'getOfficeGanttData', getOfficeGanttDataCall],
  ['get', 'getOfficeTaskDesk', getOfficeTaskDeskCall],
  ['get', 'getOfficeHospitalityDesk', getOfficeHospitalityDeskCall],
  ['get', 'getOfficeAttendanceStatus', getOfficeAttendanceStatusCall],
  ['get', 'getOfficeAttendanceYearList', getOfficeAttendanceYearListCall],
  ['get', 'getOfficeDiarySubordinateList', getOfficeDiarySubordinateListCall],
  ['get', 'getOfficeDiaryShareList', getOfficeDiaryShareListCall],
  ['get', 'getOfficeWorkPlanHeldList', getOfficeWorkPlanHeldListCall],
  ['get', 'getOfficeWorkPlanSupervisedList', getOfficeWorkPlanSupervisedListCall],
  ['get', 'getOfficeMeetingRoomOccupancy', getOfficeMeetingRoomOccupancyCall],
  ['set', 'sendOfficeMeetingNotice', sendOfficeMeetingNoticeCall],
];

export function registerDailyCalls(table: CallTable): void {
  for (const [method, name, handler] of CALLS) table.set(callKey(method, 'office', name), handler);
  requireReadableReferences(table, 'OfficeTaskProcess', ['task'], 'OfficeTask');
  requireReadableReferences(table, 'OfficeGanttLink', ['source', 'target'], 'OfficeTask');
  requireReadableReferences(table, 'OfficeWorkPlanProcess', ['plan'], 'OfficeWorkPlan');
  requireReadableReferences(table, 'OfficeDiaryComment', ['diary'], 'OfficeDiary', leadsDiaryDepartment);
  // 日志设置 › leaderReads: what 下属日志 lists its reader also reads by id.
  registerExtraReadRule('OfficeDiary', leaderReadsDiaries);
}

export async function seedDaily(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  await seedTaskDemoData(ctx, demo);
  await seedOfficeDailyDemoData(ctx, demo);
  await seedDiaryReminder(ctx, demo);
}
