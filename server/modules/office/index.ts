import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { getRecentOutingsCall } from './recentOutingsCall';
import { refuseRoomClash } from './roomClash';
import { seedMeetingDemoData } from './meetingDemoData';
import { seedVehicleDemoData } from './vehicleDemoData';
import { administrationEffects, administrationHooks, administrationOutcomes, registerAdministrationCalls, seedAdministration } from './administration';
import { dailyDeleteHooks, dailyEffects, dailyHooks, dailyJobs, dailySchedules, registerDailyCalls, seedDaily } from './officeDaily';
import { seedTravelDemoData } from './travelDemoData';
import { seedClockInHistory } from './clockInHistoryDemoData';
import { registerReportLists } from './reportLists';

/** 行政办公: vehicles, outings, meetings (schemas/office). */
export const officeModule: ServerModule = {
  name: 'office',
  beforeWrite: { OfficeMeeting: refuseRoomClash, ...administrationHooks, ...dailyHooks },
  beforeDelete: { ...dailyDeleteHooks },
  onOutcome: { ...administrationOutcomes },
  effects: { ...administrationEffects, ...dailyEffects },
  jobs: { ...dailyJobs },
  schedules: { ...dailySchedules },
  registerCalls(table) {
    // The desk's 近期外出 widget (docs/ARCHITECTURE.md, the personal desk); its path predates the module folder.
    table.set(callKey('get', 'system', 'getRecentOutings'), getRecentOutingsCall);
    registerAdministrationCalls(table);
    registerDailyCalls(table);
    registerReportLists(table);
  },
  async seedDemoData(ctx, demo) {
    await seedVehicleDemoData(ctx, demo);
    await seedMeetingDemoData(ctx, demo);
    await seedAdministration(ctx, demo);
    await seedDaily(ctx, demo);
    await seedTravelDemoData(ctx, demo);
    await seedClockInHistory(ctx, demo);
  },
};
