import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TABBED_PATH, writeBenchSchemas } from '../../bench/form/benchSchema';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * A tabbed form renders only the open tab, yet a required field of a tab never opened still
 * blocks the submit and marks its tab, and what was typed on a closed tab is kept and sent.
 * The entity is bench/form's big form at 30 fields in 3 tabs; f029 (tab 3) is required.
 */
function tabBadge(page: Page, title: string) {
  return page.locator('.ant-tabs-tab', { hasText: title }).locator('.ant-badge-count');
}

describe('tabbed forms in the browser', () => {
  let suite: BrowserSuite;
  let schemaDir: string;
  beforeAll(async () => {
    schemaDir = writeBenchSchemas({ fieldCount: 30, tabs: 3, requiredEvery: 3 });
    suite = await startBrowserSuite({ SCHEMA_DIR: schemaDir });
  });
  afterAll(async () => {
    await suite.stop();
    fs.rmSync(schemaDir, { recursive: true, force: true });
  });

  it('mounts only the open tab and still checks, badges, keeps and sends the others', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto(TABBED_PATH);
    await page.getByTestId('entity-add').click();
    await page.waitForURL(`**${TABBED_PATH}/save`);
    await expect.poll(() => page.getByTestId('field-f001').count()).toBe(1);
    expect(await page.getByTestId('field-f011').count()).toBe(0);
    expect(await page.getByTestId('field-f029').count()).toBe(0);

    // The required number on tab 3, never opened, blocks the submit and badges its tab only.
    await page.getByTestId('field-f001').locator('input').fill('kept across tabs');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByText('请检查表单！').count()).toBeGreaterThan(0);
    await expect.poll(() => tabBadge(page, '分组 3').textContent()).toBe('1');
    expect(await tabBadge(page, '分组 2').count()).toBe(0);
    expect(await page.getByTestId('field-f029').count()).toBe(0);
    await suite.screenshot(page, 'e2e-form-tab-badge');

    // Opening tab 3 shows the message on the field; tab 1's fields leave the DOM, their values stay.
    await page.getByRole('tab', { name: '分组 3' }).click();
    await expect.poll(() => page.getByTestId('field-f029').getByText('字段值不可为空').count()).toBe(1);
    await expect.poll(() => page.getByTestId('field-f001').count()).toBe(0);
    await suite.screenshot(page, 'e2e-form-tab-opened');
    await page.getByTestId('field-f029').locator('input').fill('42.5');
    await expect.poll(() => tabBadge(page, '分组 3').count()).toBe(0);
    await page.getByRole('tab', { name: '分组 1' }).click();
    await expect.poll(() => page.getByTestId('field-f001').locator('input').inputValue()).toBe('kept across tabs');

    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === TABBED_PATH);
    const stored = await suite.server.ctx.database.db.selectFrom('bench_form' as never).selectAll().executeTakeFirstOrThrow() as Record<string, unknown>;
    expect(stored).toMatchObject({ f001: 'kept across tabs', f029: 42.5 });
    await context.close();
  });
});
