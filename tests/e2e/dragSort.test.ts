import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { translatedText } from '../../server/entity/translatedText';

/** Drag sort (`drop{E}`) from the generic list: the dictionary's items reordered with the mouse. */
describe('drag sort in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  // Seeded labels are keys (dic.hrContractType.item.fixed): the rows are found and compared by their Chinese text.
  const zh = (label: unknown) => translatedText(suite.server.ctx.i18n, 'zh-cn', String(label));
  const dicId = async (text: string) => String((await db().selectFrom('sys_dic').select(['dicId', 'label']).execute()).find((r) => zh(r.label) === text)!.dicId);
  const childrenOf = async (parentLabel: string) => (await db().selectFrom('sys_dic').select('label')
    .where('parentId', '=', await dicId(parentLabel)).orderBy('sort').execute()).map((r) => zh(r.label));

  it('moves a dictionary item below a sibling by dragging it, and the server keeps the new order', async () => {
    expect(await childrenOf('合同类型')).toEqual(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议']);
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/dic');
    await page.getByTestId('entity-reorder').click();
    const dialog = page.getByTestId('reorder-dialog');
    const row = async (label: string) => dialog.locator('.ant-tree-node-content-wrapper')
      .filter({ has: page.getByTestId(`reorder-node-${await dicId(label)}`) });
    // The dictionary types open at the first level, showing their items.
    const source = await row('固定期限劳动合同');
    const target = await row('劳务合同');
    await expect.poll(() => source.count()).toBe(1);
    // The dialog zooms in; dragging (and the picture) wait until it stands still.
    await expect.poll(() => page.locator('.ant-modal').evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await suite.screenshot(page, 'e2e-drag-sort-dialog');

    // Same x as the grab (no indent change), lower part of the target: "after it".
    const box = await target.boundingBox();
    await source.dragTo(target, { sourcePosition: { x: 40, y: 8 }, targetPosition: { x: 40, y: Math.round((box?.height ?? 24) * 0.85) } });
    await expect.poll(() => childrenOf('合同类型')).toEqual(['无固定期限劳动合同', '劳务合同', '固定期限劳动合同', '实习协议']);
    await expect.poll(() => page.getByText('排序已保存').count()).toBeGreaterThan(0);
    // The dialog shows the server's order once its reload (started with the message) answers.
    const shownOrder = async () => (await dialog.locator('.ant-tree-treenode').allTextContents())
      .filter((text) => ['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议'].includes(text));
    await expect.poll(shownOrder).toEqual(['无固定期限劳动合同', '劳务合同', '固定期限劳动合同', '实习协议']);
    await page.getByTestId('reorder-close').click();
    await context.close();
  });
});
