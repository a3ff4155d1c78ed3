import type { ServerContext } from '../../context';
import { insertRow } from '../../seed/insertRow';
import { addDays, isWeekend, workdayBefore } from '../../seed/demoDays';
import type { DemoOrganisation } from '../ServerModule';
import { DEMO_OFFICE } from './dailyDemoData';
import { requireEntity } from './requireEntity';

/** How far back 李娜's working days are filled in: about two months of the year view. */
const DAYS_BACK = 60;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 李娜's clock-ins of the last two months' working days, so the attendance year view
 * (src/pages/office/attendance) shows a real pattern: mostly on time, now and then late, leaving
 * early or without the evening clock-in. Made by a fixed rule, not at random, so every demo and
 * test database holds the same days.
 */
export async function seedClockInHistory(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const attendance = requireEntity(ctx, 'OfficeAttendance');
  const owner = demo.as('lina', 'frontend');
  // Her last working day is seeded with the others (dailyDemoData.ts); today stays open for the clock-in tests.
  const seededWithOthers = workdayBefore(1);
  let workday = 0;
  for (let back = 1; back <= DAYS_BACK; back += 1) {
    const date = addDays(-back);
    if (isWeekend(date) || date >= seededWithOthers) continue;
    workday += 1;
    const late = workday % 9 === 0;
    const early = workday % 13 === 0;
    const noEvening = workday % 17 === 0;
    const start = late ? `09:${pad(5 + (workday % 20))}:12` : `08:${pad(35 + (workday * 7) % 24)}:40`;
    const end = early ? `17:${pad(20 + (workday % 30))}:05` : `18:${pad((workday * 11) % 50)}:27`;
    const clocks: [string, string, string][] = [['start', start, late ? 'late' : 'normal']];
    if (!noEvening) clocks.push(['end', end, early ? 'early' : 'normal']);
    for (const [clockType, time, result] of clocks) {
      await insertRow(ctx, attendance, {
        clockUser: owner.userId, clockType, clockDate: date, clockTime: `${date} ${time}`, result, distance: 20 + (workday * 13) % 120,
        longitude: DEMO_OFFICE.longitude + 0.0002, latitude: DEMO_OFFICE.latitude + 0.0001,
      }, owner);
    }
  }
}
