import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Picks an option of an antd Select inside the form item `field-{name}`, typing to search. */
async function pickOption(page: Page, field: string, search: string, option: string): Promise<void> {
  const item = page.getByTestId(`field-${field}`);
  await item.locator('.ant-select-selector').click();
  if (search) await item.locator('input').first().fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Types a minute-precision date-time into the antd DatePicker of the form item `field-{name}`. */
async function typeTime(page: Page, field: string, value: string): Promise<void> {
  const input = page.getByTestId(`field-${field}`).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The start of an approved demo booking (seeded in this week): [date, 'HH:mm'] of its start and end. */
function slot(startTime: string, endTime: string): { date: string; start: string; end: string } {
  return { date: startTime.slice(0, 10), start: startTime.slice(11, 16), end: endTime.slice(11, 16) };
}

describe('meeting room booking in the browser (the before-write hook of docs/EXTENDING.md)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('refuses a booking over an approved one with the room and time, then books a free slot', async () => {
    const weekly = await db().selectFrom('office_meeting').selectAll().where('title', '=', '周例会').executeTakeFirstOrThrow();
    const taken = slot(String(weekly.startTime), String(weekly.endTime));
    const { page, context } = await suite.newPage('lina');
    await page.getByTestId('menu-office').click();
    await page.getByTestId('menu-officeMeeting').click();
    await page.waitForURL('**/office/meeting');
    await page.getByTestId('entity-add').click();
    await page.waitForURL('**/office/meeting/save');

    await page.getByTestId('field-title').locator('input').fill('前端周会');
    await pickOption(page, 'room', '第一', '第一会议室');
    await typeTime(page, 'startTime', `${taken.date} ${taken.start}`);
    await typeTime(page, 'endTime', `${taken.date} ${taken.end}`);
    await page.getByTestId('form-submit').click();
    const clash = page.locator('.ant-message', { hasText: '会议室「第一会议室」' });
    await expect.poll(() => clash.textContent()).toContain(`在 ${taken.date} ${taken.start} 至 ${taken.date} ${taken.end} 已被「周例会」预约`);
    // Hovered, the message stays while the screenshot is taken.
    await clash.locator('.ant-message-notice-content').first().hover();
    await suite.screenshot(page, 'e2e-meeting-clash-zh');
    expect(await db().selectFrom('office_meeting').select('meetingId').where('title', '=', '前端周会').execute()).toEqual([]);

    // The hour after the weekly meeting is free: adjacent slots stand.
    await typeTime(page, 'startTime', `${taken.date} ${taken.end}`);
    await typeTime(page, 'endTime', `${taken.date} ${String(Number(taken.end.slice(0, 2)) + 1).padStart(2, '0')}:${taken.end.slice(3)}`);
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/office/meeting');
    const booked = await db().selectFrom('office_meeting').selectAll().where('title', '=', '前端周会').executeTakeFirstOrThrow();
    expect(booked).toMatchObject({ room: weekly.room, startTime: weekly.endTime, status: 'applied' });
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '前端周会' }).count()).toBe(1);
    await suite.screenshot(page, 'e2e-meeting-list-zh');

    await page.goto(`/office/meeting/details?id=${String(booked.meetingId)}`);
    await expect.poll(() => page.getByTestId('details-state').textContent()).toContain('待审批');
    await suite.screenshot(page, 'e2e-meeting-details-zh');
    await context.close();
  });

  it('shows the rooms and the clash message in English', async () => {
    const weekly = await db().selectFrom('office_meeting').selectAll().where('title', '=', '季度经营分析会').executeTakeFirstOrThrow();
    const taken = slot(String(weekly.startTime), String(weekly.endTime));
    const { page, context } = await suite.newPage('wuting');
    await page.goto('/office/meeting/room');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('menu-officeMeetingRoom').textContent()).toBe('Meeting rooms');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('Video conferencing');
    await suite.screenshot(page, 'e2e-meeting-rooms-en');

    await page.goto('/office/meeting/save');
    await page.getByTestId('field-title').locator('input').fill('Budget review');
    await pickOption(page, 'room', '多功能', '多功能厅');
    await typeTime(page, 'startTime', `${taken.date} ${taken.start}`);
    await typeTime(page, 'endTime', `${taken.date} ${taken.end}`);
    await page.getByTestId('form-submit').click();
    const clash = page.locator('.ant-message', { hasText: 'Meeting room "多功能厅"' });
    await expect.poll(() => clash.textContent()).toContain(`is booked from ${taken.date} ${taken.start} to ${taken.date} ${taken.end} for "季度经营分析会"`);
    // Hovered, the message stays while the screenshot is taken.
    await clash.locator('.ant-message-notice-content').first().hover();
    await suite.screenshot(page, 'e2e-meeting-clash-en');
    await page.goto('/office/meeting');
    await expect.poll(() => page.locator('.ant-table-thead').textContent()).toContain('Meeting room');
    await suite.screenshot(page, 'e2e-meeting-list-en');
    await context.close();
  });
});
