import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { nowText } from '../../server/http/newId';

/**
 * An exam taken and marked in the browser: the candidate answers the demo paper against the
 * countdown, which hands the paper in by itself at zero; the objective questions are scored at
 * once; the exam administrator opens 阅卷 from the paper's row on 考试成绩 — the marking page,
 * not a generic transition dialog that could not carry the scores — marks the essay there and the
 * grade is complete.
 */
describe('exam in the browser (server/modules/office/examCalls.ts)', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('takes the demo exam until the countdown hands it in, then marks the essay', async () => {
    const paper = await db().selectFrom('office_exam_test').select('testId').where('title', '=', '2026 年度行政制度与信息安全考试').executeTakeFirstOrThrow();
    const testId = String(paper.testId);
    const { page, context } = await suite.newPage('lina');
    await page.getByTestId('menu-office').click();
    await page.getByTestId('menu-officeExam').click();
    await page.getByTestId('menu-officeExamMine').click();
    await page.getByTestId(`exam-start-${testId}`).click();
    await page.waitForURL(`**/office/exam/take/${testId}`);
    await expect.poll(() => page.getByTestId('exam-countdown').textContent()).toMatch(/剩余时间 (29|30):\d\d/);
    const grade = await db().selectFrom('office_exam_grade').select('gradeId').where('test', '=', testId).executeTakeFirstOrThrow();
    // Shorten the attempt to a few seconds and reopen it: the countdown follows the server's deadline.
    await db().updateTable('office_exam_grade').set({ deadline: nowText(new Date(Date.now() + 7_000)) }).where('gradeId', '=', grade.gradeId).execute();
    await page.getByTestId('menu-officeExamMine').click();
    await page.getByTestId(`exam-start-${testId}`).click();
    await expect.poll(() => page.getByTestId('exam-countdown').textContent()).toMatch(/剩余时间 00:0\d/);

    await page.getByTestId('exam-question-1').getByText('A. 外出登记').click();
    await page.getByTestId('exam-question-2').getByText('A. 领用').click();
    await page.getByTestId('exam-question-2').getByText('B. 调拨').click();
    await page.getByTestId('exam-question-2').getByText('C. 回收').click();
    await page.getByTestId('exam-question-3').getByText('错误').click();
    await page.getByTestId('exam-question-5').locator('input').fill('L');
    await page.getByTestId('exam-question-6').locator('textarea').fill('加密存储、最小权限访问、离开工位锁屏。');
    await suite.screenshot(page, 'e2e-exam-take-zh');

    const result = page.getByTestId('exam-result');
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toContain('时间到，已自动交卷');
    expect(await result.textContent()).toContain('客观题得分 40');
    await suite.screenshot(page, 'e2e-exam-result-zh');
    await context.close();

    const marker = await suite.newPage('zhangwei');
    const gradeId = String(grade.gradeId);
    await marker.page.goto('/office/exam/grade');
    await marker.page.getByTestId(`row-view-${gradeId}`).waitFor({ timeout: 60_000 });
    // 阅卷 is the row action that opens the marking page; the flow's own step has no generic button.
    expect(await marker.page.getByTestId(`row-transition-mark-${gradeId}`).count()).toBe(0);
    await marker.page.getByTestId(`row-action-markPaper-${gradeId}`).click();
    await marker.page.waitForURL(`**/office/exam/mark?gradeId=${gradeId}`);
    const sheet = marker.page.getByTestId('exam-mark-sheet');
    await expect.poll(() => sheet.textContent()).toContain('加密存储、最小权限访问、离开工位锁屏。');
    // Nothing incomplete is sent: the button waits for the essay's score.
    expect(await marker.page.getByTestId('exam-mark-save').isDisabled()).toBe(true);
    expect(await marker.page.getByTestId('exam-mark-incomplete').textContent()).toBe('请为每道问答题评分后再提交');
    await marker.page.locator('[data-testid^="exam-mark-score-"] input').fill('24');
    await expect.poll(() => marker.page.getByTestId('exam-mark-save').isDisabled()).toBe(false);
    await marker.page.getByTestId('exam-mark-remark').fill('要点完整');
    await suite.screenshot(marker.page, 'e2e-exam-mark-zh');
    await marker.page.getByTestId('exam-mark-save').click();
    await expect.poll(() => marker.page.locator('.ant-message').textContent()).toContain('阅卷完成');
    const marked = await db().selectFrom('office_exam_grade').select(['status', 'objectiveScore', 'subjectiveScore', 'totalScore', 'passed']).where('gradeId', '=', grade.gradeId).executeTakeFirstOrThrow();
    expect({ ...marked, objectiveScore: Number(marked.objectiveScore), subjectiveScore: Number(marked.subjectiveScore), totalScore: Number(marked.totalScore), passed: Number(marked.passed) })
      .toEqual({ status: 'marked', objectiveScore: 40, subjectiveScore: 24, totalScore: 64, passed: 1 });
    await marker.context.close();
  });
});
