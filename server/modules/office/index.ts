import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { getRecentOutingsCall } from './recentOutingsCall';
import { refuseRoomClash } from './roomClash';
import { seedMeetingDemoData } from './meetingDemoData';
import { seedVehicleDemoData } from './vehicleDemoData';
import { administrationEffects, administrationHooks, registerAdministrationCalls, seedAdministration } from './administration';
import { dailyEffects, dailyHooks, registerDailyCalls, seedDaily } from './officeDaily';

/** 行政办公: vehicles, outings, meetings (schemas/office). */
export const officeModule: ServerModule = {
  name: 'office',
  beforeWrite: { OfficeMeeting: refuseRoomClash, ...administrationHooks, ...dailyHooks },
  effects: { ...administrationEffects, ...dailyEffects },
  registerCalls(table) {
    // The desk's 近期外出 widget (docs/ARCHITECTURE.md, the personal desk); its path predates the module folder.
    table.set(callKey('get', 'system', 'getRecentOutings'), getRecentOutingsCall);
    registerAdministrationCalls(table);
    registerDailyCalls(table);
  },
  async seedDemoData(ctx, demo) {
    await seedVehicleDemoData(ctx, demo);
    await seedMeetingDemoData(ctx, demo);
    await seedAdministration(ctx, demo);
    await seedDaily(ctx, demo);
  },
};
