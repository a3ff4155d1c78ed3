import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { navigateInApp, screenshotTo, startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Waits as long as a busy CI machine may need. */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshotTo(page, name);
}

function rows(page: Page) {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}

async function signIn(suite: BrowserSuite, account: string, language: 'zh' | 'en' = 'zh') {
  const { page, context } = await suite.newPage();
  await page.goto('/login');
  if (language === 'en') {
    await page.getByTestId('lang-switch').click();
    await eventually(() => page.getByTestId('login-submit').textContent()).toBe('Sign in');
  }
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(account === 'admin' ? 'Admin@123' : 'Demo@123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { page, context };
}

async function openList(page: Page, listPath: string, inApp = false): Promise<void> {
  if (inApp) {
    // The list shown is marked, so that the wait below is for the next list's table, not this one's.
    await page.evaluate(() => { document.querySelectorAll('.ant-table').forEach((table) => { (table as HTMLElement).dataset.left = '1'; }); });
    await navigateInApp(page, listPath);
  } else {
    await page.goto(listPath);
  }
  await page.locator('.ant-table:not([data-left]) .ant-table-thead th').first().waitFor();
  await eventually(() => page.locator('.ant-spin-spinning').count()).toBe(0);
}

/**
 * What the header shows: whether the table scrolls sideways, headings whose text is cut, and data
 * headings lying under the fixed action column (measured at the current scroll position).
 */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
    const fixed = document.querySelector('thead th.ant-table-cell-fix-right') as HTMLElement;
    const fixedLeft = fixed.getBoundingClientRect().left;
    const data = [...document.querySelectorAll('thead th')]
      .filter((th) => !th.classList.contains('ant-table-cell-fix-right') && !th.classList.contains('ant-table-selection-column')) as HTMLElement[];
    return {
      scrolls: body.scrollWidth > body.clientWidth + 1,
      cut: data.filter((th) => {
        const title = (th.querySelector('.ant-table-column-title') ?? th) as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(title);
        return range.getBoundingClientRect().width > title.clientWidth - (title === th ? 32 : 0) + 1;
      }).map((th) => th.textContent),
      covered: data.filter((th) => th.getBoundingClientRect().right > fixedLeft + 1).map((th) => th.textContent),
      headings: [...document.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
    };
  });
}

/** Every list of the system, HR, office and enterprise menus, with an account that may read it. */
const LISTS: [string, string][] = [
  ['admin', '/system/user'], ['admin', '/system/dept'], ['admin', '/system/unit'], ['admin', '/system/role'],
  ['admin', '/system/menu'], ['admin', '/system/dic'], ['admin', '/system/registration'], ['admin', '/system/outbox'],
  ['admin', '/system/data-role'], ['admin', '/system/code-rule'], ['admin', '/system/scheduled-task'],
  ['admin', '/system/scheduled-task-run'], ['admin', '/system/org/unit-type'], ['admin', '/system/org/user-level'],
  ['admin', '/system/org/user-group'], ['admin', '/system/org/temp-org'], ['admin', '/system/org/temp-org-dept'],
  ['admin', '/system/org/temp-org-unit'], ['admin', '/system/org/temp-org-user'], ['admin', '/system/config/message'],
  ['admin', '/system/config/shortcut'], ['admin', '/system/config/desk'], ['admin', '/system/config/banner'],
  ['admin', '/system/config/signature'], ['admin', '/system/config/sms'], ['admin', '/system/config/chat-app'],
  ['admin', '/personal/group'], ['admin', '/enterprise/info'], ['admin', '/hr/contract'],
  ['admin', '/office/vehicle/apply'], ['admin', '/office/out'],
  ['secadmin', '/system/security-event'], ['secadmin', '/system/login-lock'],
  ['auditor', '/system/operation-log'], ['auditor', '/system/run-log'], ['auditor', '/system/login-log'],
];

describe('generic list layout, tags and list state in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('fits every list into 1440 px with no heading cut, and at 1280 px scrolls to a last column beside the action column', async () => {
    const problems: string[] = [];
    for (const account of ['admin', 'secadmin', 'auditor']) {
      const { page, context } = await signIn(suite, account);
      // The first list loads the app; the others are opened inside it, as the menu would.
      let opened = 0;
      for (const [owner, listPath] of LISTS) {
        if (owner !== account) continue;
        await page.setViewportSize({ width: 1440, height: 900 });
        await openList(page, listPath, opened++ > 0);
        const wide = await headerLayout(page);
        if (wide.scrolls) problems.push(`${listPath} scrolls at 1440`);
        if (wide.cut.length > 0) problems.push(`${listPath} cuts ${wide.cut.join(', ')} at 1440`);
        if (wide.covered.length > 0) problems.push(`${listPath} covers ${wide.covered.join(', ')} at 1440`);
        if (listPath === '/system/user' || listPath === '/hr/contract') await shot(page, `e2e-list-layout-1440${listPath.replace(/\//g, '-')}`);

        await page.setViewportSize({ width: 1280, height: 900 });
        await page.waitForTimeout(300);
        await page.locator('.ant-table-content, .ant-table-body').first().evaluate((body) => { body.scrollLeft = body.scrollWidth; });
        await page.waitForTimeout(100);
        const narrow = await headerLayout(page);
        if (narrow.cut.length > 0) problems.push(`${listPath} cuts ${narrow.cut.join(', ')} at 1280`);
        if (narrow.covered.length > 0) problems.push(`${listPath} covers ${narrow.covered.join(', ')} at 1280`);
        if (listPath === '/hr/contract') await shot(page, 'e2e-list-layout-1280-hr-contract-scrolled');
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 240_000); // 36 lists at two widths: a minute or two on a loaded two-core machine

  it('lays the English lists out alike, and never heads a data column like the action column', async () => {
    for (const [account, listPath, language] of [
      ['admin', '/system/user', 'en'], ['admin', '/hr/contract', 'en'],
      ['secadmin', '/system/security-event', 'zh'], ['secadmin', '/system/security-event', 'en'],
      ['auditor', '/system/operation-log', 'zh'], ['auditor', '/system/operation-log', 'en'],
    ] as const) {
      const { page, context } = await signIn(suite, account, language);
      await openList(page, listPath);
      // English headings and dictionary items are longer: a list whose minimums do not fit may
      // scroll, but cuts no heading and ends beside the action column.
      await page.locator('.ant-table-content, .ant-table-body').first().evaluate((body) => { body.scrollLeft = body.scrollWidth; });
      const layout = await headerLayout(page);
      expect({ listPath, cut: layout.cut, covered: layout.covered }).toEqual({ listPath, cut: [], covered: [] });
      if (listPath === '/system/user') expect(layout.scrolls).toBe(false);
      const actions = language === 'en' ? /^actions?$/i : /^操作$/;
      expect(layout.headings.filter((heading) => actions.test(heading.trim())), `${listPath} ${language}`).toHaveLength(1);
      await shot(page, `e2e-list-layout-${language}${listPath.replace(/\//g, '-')}`);
      await context.close();
    }
  });

  it('shows a dictionary item\'s tag style as the tag itself, in the list and the details, and dictionary values as their tags', async () => {
    const { page, context } = await signIn(suite, 'admin');
    await openList(page, '/system/dic');
    const male = rows(page).filter({ hasText: '男' }).first();
    await eventually(() => male.locator('.ant-tag-processing').textContent()).toBe('进行中');
    await eventually(() => rows(page).filter({ hasText: '女' }).first().locator('.ant-tag-error').count()).toBe(1);
    await shot(page, 'e2e-dic-tag-styles');
    await male.locator('[data-testid^="row-view-"]').click();
    await page.waitForURL('**/system/dic/details**');
    await eventually(() => page.locator('.ant-descriptions .ant-tag-processing').textContent()).toBe('进行中');
    await shot(page, 'e2e-dic-tag-style-details');

    await openList(page, '/hr/contract');
    await eventually(() => page.locator('.ant-table-tbody .ant-tag').filter({ hasText: '劳务合同' }).first().getAttribute('class')).toContain('ant-tag-warning');
    await context.close();
  });

  it('gives the drawer\'s selects the row\'s width and calls a date range "between", in both languages', async () => {
    for (const language of ['zh', 'en'] as const) {
      const { page, context } = await signIn(suite, 'admin', language);
      await openList(page, '/office/out');
      await page.getByTestId('entity-filter').click();
      await page.getByTestId('filter-operator-startTime').waitFor();
      const operatorWidth = (await page.getByTestId('filter-operator-startTime').boundingBox())!.width;
      for (const name of ['applicant', 'dept', 'status', 'transport', 'startTime']) {
        const control = page.locator('.ant-drawer-body .ant-row', { has: page.getByTestId(`filter-operator-${name}`) }).locator('.ant-col').nth(2);
        const box = (await control.locator('.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-space-compact').first().boundingBox())!;
        // The value column is twice the operator column.
        expect({ name, wide: box.width > operatorWidth * 1.8 }).toEqual({ name, wide: true });
      }
      await eventually(() => page.getByTestId('filter-operator-startTime').locator('.ant-select-selection-item').textContent())
        .toBe(language === 'en' ? 'between' : '介于');
      await shot(page, `e2e-filter-drawer-${language}`);
      await context.close();
    }
  });

  it('keeps the drawer filter and the keyword after editing a record and coming back', async () => {
    const { page, context } = await signIn(suite, 'admin');
    await openList(page, '/hr/contract');
    await eventually(() => rows(page).count()).toBeGreaterThan(1);
    await page.getByTestId('entity-filter').click();
    await page.getByTestId('filter-value-contractNo').fill('HT-2026-0002');
    await page.getByTestId('filter-apply').click();
    await eventually(() => rows(page).count()).toBe(1);

    await rows(page).first().locator('[data-testid^="row-edit-"]').click();
    await page.waitForURL('**/hr/contract/save**');
    // Saved once the record has loaded into the form (a loaded machine may show the empty form first).
    await eventually(() => page.getByTestId('field-contractNo').locator('input').inputValue()).toBe('HT-2026-0002');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => rows(page).first().textContent()).toContain('HT-2026-0002');
    await eventually(() => page.locator('.ant-badge', { has: page.getByTestId('entity-filter') }).locator('.ant-badge-count').textContent()).toBe('1');
    await shot(page, 'e2e-list-filter-kept');

    // The keyword too, through the details screen, with the search box showing it.
    await page.getByTestId('entity-filter').click();
    await page.getByTestId('filter-clear').click();
    await page.getByTestId('entity-keyword').fill('HT-2026-0003');
    await page.getByTestId('entity-keyword').press('Enter');
    // The searched row, not the filtered one still shown until the new page arrives.
    await eventually(() => rows(page).first().textContent()).toContain('HT-2026-0003');
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => page.locator('.ant-spin-spinning, .ant-drawer-open').count()).toBe(0);
    await rows(page).first().locator('[data-testid^="row-view-"]').click();
    await page.getByTestId('details-back').click();
    await page.waitForURL((url) => url.pathname === '/hr/contract');
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => page.getByTestId('entity-keyword').inputValue()).toBe('HT-2026-0003');
    await context.close();
  });
});
