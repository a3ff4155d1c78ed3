import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { generateContracts } from '../../bench/import/generateContracts';

const ROWS = 30_000;

/**
 * A large import in the browser: the dialog's bar shows the upload, then the server's phases with
 * row counts (read → checked → written), and the list behind it reloads when all rows are in.
 */
describe('import progress in the browser', () => {
  let suite: BrowserSuite;
  let file: Buffer;
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-e2e-import-'));
    await generateContracts(path.join(dir, 'contracts.xlsx'), ROWS, { prefix: 'EP' });
    file = fs.readFileSync(path.join(dir, 'contracts.xlsx'));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => { await suite.stop(); });

  it('shows the phases of a 30,000-row import with counts, then the imported rows', async () => {
    const { page } = await suite.newPage('zhangwei');
    await page.goto('/hr/contract');
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('entity-import').click({ timeout: 60_000 });
    const dialog = page.locator('.ant-modal', { hasText: '导入 · ' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({
      name: '合同.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file,
    });
    await page.getByTestId('import-start').click();
    const bar = page.getByTestId('import-progress');
    const seen = new Set<string>();
    // Record every phase the bar shows until the import ends (the bar goes away with the dialog).
    let shot = false;
    await expect.poll(async () => {
      const phase = await bar.getAttribute('data-phase', { timeout: 200 }).catch(() => null);
      if (phase) seen.add(phase);
      if (phase === 'checking' && !shot) {
        const counts = /正在读取并校验：已读 ([\d,]+) 行，已校验 ([\d,]+) 行/.exec(await bar.innerText());
        expect(counts).not.toBeNull();
        // Rows are counted as read before they are checked: never fewer read than checked.
        const [read, checked] = [counts![1], counts![2]].map((n) => Number(n.replaceAll(',', '')));
        expect(read).toBeGreaterThanOrEqual(checked);
        await suite.screenshot(page, 'import-progress-checking');
        shot = true;
      }
      return page.getByText(`已导入 ${ROWS} 条记录`).count();
    }, { timeout: 240_000, interval: 100 }).toBeGreaterThan(0);
    expect(seen).toContain('checking');
    expect([...seen].some((p) => p === 'uploading' || p === 'parsing')).toBe(true);
    const stored = await suite.server.ctx.database.db.selectFrom('hr_contract').select('contractId').where('contractNo', 'like', 'EP-%').execute();
    expect(stored).toHaveLength(ROWS);
  }, 300_000);
});
