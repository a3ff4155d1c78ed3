import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Chinese characters: none may be left where the suite itself supplied the text. */
const HAN = /[\u4e00-\u9fff]/;

async function useLanguage(page: Page, language: 'zh-cn' | 'en'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('APP_LANG', JSON.stringify({ value: lang, expire: 0 })), language);
}

/**
 * English mode: seeded dictionary values (tags and selects), role names (the role list, a user's
 * roles) and the desk's card titles and quick links read in English, from the same stored keys
 * the Chinese screens read in Chinese.
 */
describe('seeded labels in English mode', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('shows HR contracts\' type tags and the contract form\'s type select in English', async () => {
    const { page, context } = await suite.newPage('zhangwei');
    await useLanguage(page, 'en');
    await page.goto('/hr/contract');
    const tags = page.locator('.ant-table-tbody .ant-tag');
    await expect.poll(() => tags.allTextContents()).toEqual(expect.arrayContaining(['Fixed-term employment contract', 'Internship agreement']));
    expect((await tags.allTextContents()).filter((text) => HAN.test(text))).toEqual([]);
    await suite.screenshot(page, 'i18n-roles-contracts-en');

    await page.goto('/hr/contract/save');
    await page.getByTestId('field-contractType').locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(['Fixed-term employment contract', 'Open-ended employment contract', 'Service contract', 'Internship agreement']);
    await suite.screenshot(page, 'i18n-roles-contract-form-en');
    await context.close();
  });

  it('names roles in English on the role list and in a user\'s roles', async () => {
    const { page, context } = await suite.newPage('admin');
    await useLanguage(page, 'en');
    await page.goto('/system/role');
    const body = page.locator('.ant-table-tbody');
    await expect.poll(() => body.textContent()).toContain('HR staff');
    const text = (await body.textContent()) ?? '';
    for (const name of ['System administrator', 'Vehicle dispatcher', 'Security auditor', 'Staff']) expect(text).toContain(name);
    await suite.screenshot(page, 'i18n-roles-role-list-en');
    expect(text.match(/[\u4e00-\u9fff]+/g)).toBeNull();

    await page.goto('/system/user');
    const zhangwei = page.locator('.ant-table-tbody tr', { hasText: 'zhangwei' });
    await expect.poll(() => zhangwei.textContent()).toContain('HR staff');
    expect(await zhangwei.textContent()).toContain('Staff');
    await suite.screenshot(page, 'i18n-roles-user-list-en');

    // The user form's role picker names the chosen roles and its options in English.
    await zhangwei.getByText('Edit', { exact: true }).click();
    const roles = page.getByTestId('field-roleIds');
    await expect.poll(() => roles.locator('.ant-select-selection-item').allTextContents()).toEqual(['HR staff', 'Exam administrator', 'Knowledge administrator', 'Staff']);
    await roles.locator('.ant-select-selection-search-input').click({ force: true });
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(expect.arrayContaining(['System administrator', 'Vehicle dispatcher']));
    await suite.screenshot(page, 'i18n-roles-user-form-en');

    // The dictionary list reads its seeded labels in English too.
    await page.goto('/system/dic');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('Contract type');
    await suite.screenshot(page, 'i18n-roles-dic-list-en');
    await context.close();
  });

  it('titles the desk\'s cards and quick links in English', async () => {
    const { page, context } = await suite.newPage('zhangwei');
    await useLanguage(page, 'en');
    await page.goto('/dashboard');
    const quickLinks = page.getByTestId('desk-widget-quickLinks');
    await expect.poll(() => quickLinks.textContent()).toContain('Quick links');
    // The card's title comes with the layout, its links with their own call: wait for each.
    for (const title of ['Vehicle requests', 'Contracts', 'National Government Service Platform']) await expect.poll(() => quickLinks.textContent()).toContain(title);
    await expect.poll(() => page.getByTestId('desk-widget-pendingInfo').textContent()).toContain('To do');
    await suite.screenshot(page, 'i18n-roles-desk-en');
    await context.close();
  });

  it('keeps the Chinese screens in Chinese', async () => {
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/user');
    const admin = page.locator('.ant-table-tbody tr', { hasText: 'zhangwei' });
    await expect.poll(() => admin.textContent()).toContain('人事专员');
    await suite.screenshot(page, 'i18n-roles-user-list-zh');
    await page.goto('/system/role');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('车辆调度员');
    await suite.screenshot(page, 'i18n-roles-role-list-zh');
    await context.close();
  });
});
