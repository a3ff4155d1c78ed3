import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn } from './helpers';
import { nowText } from '../../server/http/newId';

const databases = await databasesUnderTest();

const at = (minutes: number) => nowText(new Date(Date.now() + minutes * 60_000));

/**
 * 考试 (server/modules/office/examCalls.ts): the paper reaches the candidate without answers, the
 * server enforces the window and the time limit, objective questions are scored on submission and
 * essay answers by the marker (approvalExamTest).
 */
describe.each(databases)('exams: taking, scoring and marking, on $name', (database) => {
  let s: TestServer;
  let zhangwei: string; // 考试管理员
  let lina: string; // candidate
  let liuyang: string; // candidate
  let chenjing: string; // staff, not a candidate
  let users: Awaited<ReturnType<typeof demoUsers>>;
  const q: Record<string, string> = {};
  let sortId = '';
  let examSort = '';

  beforeAll(async () => {
    s = await startTestServer(database);
    [zhangwei, lina, liuyang, chenjing] = await Promise.all(['zhangwei', 'lina', 'liuyang', 'chenjing'].map((a) => s.login(a)));
    users = await demoUsers(s);
    sortId = (await s.post(zhangwei, '/set/office/insertOfficeTestSort', { sortName: '测试题库' })).body.data.sortId;
    examSort = (await s.post(zhangwei, '/set/office/insertOfficeExamSort', { sortName: '测试考试' })).body.data.sortId;
    const add = async (name: string, body: Record<string, unknown>) => {
      const res = await s.postJson(zhangwei, '/set/office/insertOfficeExamQuestion', { testSort: sortId, score: 10, ...body });
      expect(res.body.code, res.body.message).toBe(200);
      q[name] = res.body.data.questionId;
    };
    const abcd = [{ choiceKey: 'A', choiceText: '甲' }, { choiceKey: 'B', choiceText: '乙' }, { choiceKey: 'C', choiceText: '丙' }, { choiceKey: 'D', choiceText: '丁' }];
    await add('single', { questionType: 'single', content: '单选：选丙', choices: abcd, answer: 'C', analysis: 'SECRET-ANALYSIS' });
    await add('multiple', { questionType: 'multiple', content: '多选：甲和丁', choices: abcd, answer: 'A,D' });
    await add('judge', { questionType: 'judge', content: '判断：地球是圆的', answer: 'true' });
    await add('fill', { questionType: 'fill', content: '填空：上海简称', answer: '沪|申' });
    await add('essay', { questionType: 'essay', content: '问答：谈谈数据安全', score: 20 });
  });
  afterAll(async () => { await s.stop(); });

  const history = async (gradeId: string) => {
    const res = await s.get(zhangwei, '/get/system/getFlowLog', { entity: 'OfficeExamGrade', id: gradeId });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { transition: string; fromState: string; toState: string; userId: string; opinion: string | null }[];
  };

  async function paper(overrides: Record<string, unknown> = {}, names = ['single', 'multiple', 'judge', 'fill', 'essay']): Promise<string> {
    const res = await s.postJson(zhangwei, '/set/office/insertOfficeExamTest', {
      title: `考试 ${Math.random().toString(36).slice(2, 8)}`, examSort, passScore: 30, durationMinutes: 30,
      questions: names.map((n) => ({ question: q[n], score: n === 'essay' ? 20 : 10 })),
      startTime: at(-60), endTime: at(60), candidates: [users.lina.userId, users.liuyang.userId], status: 'published', ...overrides,
    });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data.testId;
  }

  it('gives the candidate the paper without answers, and the bank stays closed to candidates', async () => {
    const testId = await paper();
    const stored = (await s.get(zhangwei, '/get/office/getOfficeExamTestById', { testId })).body.data;
    expect(stored.totalScore).toBe(60);
    const started = await s.post(lina, '/set/office/startExamTest', { testId });
    expect(started.body.code, started.body.message).toBe(200);
    const sheet = started.body.data;
    expect(sheet.questions).toHaveLength(5);
    expect(sheet.questions.map((x: { questionId: string }) => x.questionId)).toEqual([q.single, q.multiple, q.judge, q.fill, q.essay]);
    const text = JSON.stringify(sheet);
    expect(text).not.toContain('SECRET-ANALYSIS');
    expect(text).not.toContain('沪|申');
    for (const question of sheet.questions) expect(Object.keys(question).sort()).toEqual(['choices', 'content', 'questionId', 'questionType', 'score']);
    // The deadline is the time limit from the start (the window closes later).
    expect(sheet.deadline > at(29) && sheet.deadline <= at(31)).toBe(true);
    // Starting again while the time runs answers the same attempt.
    const again = await s.post(lina, '/set/office/startExamTest', { testId });
    expect(again.body.data.gradeId).toBe(sheet.gradeId);
    expect((await s.get(lina, '/get/office/getOfficeExamQuestionList')).status).toBe(403);
    expect((await s.get(lina, '/get/office/getOfficeExamQuestionById', { questionId: q.single })).status).toBe(403);
    expect((await s.get(lina, '/get/office/getOfficeExamQuestionRecordList')).status).toBe(403);
  });

  it('scores the objective questions on submission and leaves the essay to the marker', async () => {
    const testId = await paper();
    const { gradeId } = (await s.post(liuyang, '/set/office/startExamTest', { testId })).body.data;
    const submitted = await s.postJson(liuyang, '/set/office/submitExamTest', {
      gradeId, answers: { [q.single]: 'C', [q.multiple]: ['A'], [q.judge]: '对', [q.fill]: ' 申 ', [q.essay]: '最小权限，加密传输，定期审计。' },
    });
    expect(submitted.body.code, submitted.body.message).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', objectiveScore: 30 });
    const records = await s.server.ctx.database.db.selectFrom('office_exam_question_record').select(['question', 'answer', 'correct', 'score'])
      .where('grade', '=', gradeId).execute();
    const byQuestion = Object.fromEntries(records.map((r) => [String(r.question), r]));
    expect(Number(byQuestion[q.single].score)).toBe(10);
    expect(Number(byQuestion[q.multiple].score)).toBe(0);
    expect(byQuestion[q.multiple].answer).toBe('A');
    expect(Number(byQuestion[q.fill].score)).toBe(10);
    expect(byQuestion[q.essay].score).toBeNull();
    // One attempt: no second submission, no new start.
    const twice = await s.postJson(liuyang, '/set/office/submitExamTest', { gradeId, answers: { [q.multiple]: ['A', 'D'] } });
    expect(twice.body.code).toBe(100);
    expect(twice.body.message).toBe('本场考试你已交卷，不能再次作答');
    expect((await s.post(liuyang, '/set/office/startExamTest', { testId })).body.code).toBe(100);

    // Marking: not for a candidate, the score within the question's, then 已阅卷 with the total.
    expect((await s.postJson(liuyang, '/set/office/approvalExamTest', { gradeId, scores: {} })).status).toBe(403);
    // 阅卷 is the marking page's (a row action opening it), never a generic transition button: the
    // grade offers no generic step, and what such a button would post — the key and the remark,
    // no scores — is refused in words, the grade left waiting.
    expect((await s.get(zhangwei, '/get/office/getOfficeExamGradeById', { gradeId })).body.data.$transitions).toEqual([]);
    const generic = await s.post(zhangwei, '/set/office/approvalExamTest', { id: gradeId, markRemark: '好' });
    expect(generic.body).toMatchObject({ code: 100, message: expect.stringContaining('gradeId') });
    const noScores = await s.post(zhangwei, '/set/office/approvalExamTest', { gradeId, markRemark: '好' });
    expect(noScores.body).toMatchObject({ code: 100, message: '每道问答题都要评分，分数在 0 到 20 之间' });
    expect((await history(gradeId)).map((l) => l.transition)).toEqual(['$submit', 'submit']);
    const essayRecord = (await s.get(zhangwei, '/get/office/getOfficeExamQuestionRecordList', { filterObj: { grade: { value: gradeId, operator: 'eq' } }, pageSize: 20 }))
      .body.data.list.find((r: { question: string }) => r.question === q.essay);
    expect(essayRecord.answer).toBe('最小权限，加密传输，定期审计。');
    const over = await postEn(s, zhangwei, '/set/office/approvalExamTest', { gradeId, scores: JSON.stringify({ [essayRecord.recordId]: 25 }) });
    expect(over.body).toMatchObject({ code: 100, message: 'Score every essay answer between 0 and 20' });
    const marked = await s.postJson(zhangwei, '/set/office/approvalExamTest', { gradeId, scores: { [essayRecord.recordId]: 15 }, markRemark: '要点齐全' });
    expect(marked.body.code, marked.body.message).toBe(200);
    expect(marked.body.data).toMatchObject({ status: 'marked', subjectiveScore: 15, totalScore: 45, passed: true });
    const mine = (await s.get(liuyang, '/get/office/getMyOfficeExamGradeList')).body.data.list.find((g: { gradeId: string }) => g.gradeId === gradeId);
    expect(mine).toMatchObject({ status: 'marked', totalScore: 45, passed: 1, marker: users.zhangwei.userId });
    expect((await s.postJson(zhangwei, '/set/office/approvalExamTest', { gradeId, scores: { [essayRecord.recordId]: 20 } })).body.code).toBe(100);
    // The history: started, handed in (交卷, to the marker), marked with the marker's comment as its opinion.
    const log = (await history(gradeId)).map((l) => [l.transition, l.fromState, l.toState, l.userId, l.opinion]);
    expect(log).toEqual([
      ['$submit', '', 'inProgress', users.liuyang.userId, null], ['submit', 'inProgress', 'submitted', users.liuyang.userId, null],
      ['mark', 'submitted', 'marked', users.zhangwei.userId, '要点齐全'],
    ]);
  });

  it('marks a paper without essay questions at once', async () => {
    const testId = await paper({ passScore: 30 }, ['single', 'judge', 'fill']);
    const { gradeId } = (await s.post(lina, '/set/office/startExamTest', { testId })).body.data;
    const done = await s.postJson(lina, '/set/office/submitExamTest', { gradeId, answers: { [q.single]: 'B', [q.judge]: 'false', [q.fill]: '沪' } });
    expect(done.body.data).toMatchObject({ status: 'marked', objectiveScore: 10, totalScore: 10, passed: false });
    // Handed in and scored at once: the flow's own transition straight to 已阅卷, never a word outside the flow.
    expect((await history(gradeId)).map((l) => [l.transition, l.fromState, l.toState, l.userId])).toEqual([
      ['$submit', '', 'inProgress', users.lina.userId], ['submitScored', 'inProgress', 'marked', users.lina.userId],
    ]);
  });

  it('refuses outside the window, to someone not a candidate, and after the time limit', async () => {
    const early = await paper({ startTime: at(60), endTime: at(120) });
    expect((await s.post(lina, '/set/office/startExamTest', { testId: early })).body).toMatchObject({ code: 100, message: `考试尚未开始，开考时间 ${at(60).slice(0, 16)}` });
    const late = await paper({ startTime: at(-120), endTime: at(-60) });
    expect((await postEn(s, lina, '/set/office/startExamTest', { testId: late })).body.code).toBe(100);
    const draft = await paper({ status: 'draft' });
    expect((await s.post(lina, '/set/office/startExamTest', { testId: draft })).status).toBe(403);
    const open = await paper();
    expect((await s.post(chenjing, '/set/office/startExamTest', { testId: open })).status).toBe(403);

    // The time limit: an attempt whose deadline (plus the grace) has passed takes no answers.
    const { gradeId } = (await s.post(lina, '/set/office/startExamTest', { testId: open })).body.data;
    await s.server.ctx.database.db.updateTable('office_exam_grade').set({ deadline: at(-1) }).where('gradeId', '=', gradeId).execute();
    const tooLate = await s.postJson(lina, '/set/office/submitExamTest', { gradeId, answers: { [q.single]: 'C' } });
    expect(tooLate.body).toMatchObject({ code: 100, message: '考试时间已到，答卷已按交卷处理，超时提交的答案不计分' });
    const grade = await s.server.ctx.database.db.selectFrom('office_exam_grade').select(['status', 'objectiveScore']).where('gradeId', '=', gradeId).executeTakeFirstOrThrow();
    expect(grade.status).toBe('submitted');
    expect(Number(grade.objectiveScore)).toBe(0);
    expect((await history(gradeId)).map((l) => l.transition)).toEqual(['$submit', 'submit']);
    // Someone else's attempt cannot be submitted.
    const other = await paper();
    const theirs = (await s.post(liuyang, '/set/office/startExamTest', { testId: other })).body.data.gradeId;
    expect((await s.postJson(lina, '/set/office/submitExamTest', { gradeId: theirs, answers: {} })).status).toBe(403);
  });

  it('lists the caller\'s exams with their grade, and the demo paper is open', async () => {
    const mine = await s.get(lina, '/get/office/getMyExamTestList');
    expect(mine.body.code).toBe(200);
    const demo = mine.body.data.find((t: { title: string }) => t.title === '2026 年度行政制度与信息安全考试');
    expect(demo).toMatchObject({ status: 'published', gradeId: null });
    const past = mine.body.data.find((t: { title: string }) => t.title === '新员工入职制度考试（10 月批次）');
    expect(past).toMatchObject({ gradeStatus: 'marked', passed: true });
    // The seeded grades have the histories the calls write: a paper with an essay handed in, then marked by its marker.
    const marked = (await history(past.gradeId)).map((l) => [l.transition, l.toState, l.userId, l.opinion]);
    expect(marked).toEqual([['$submit', 'inProgress', users.lina.userId, null], ['submit', 'submitted', users.lina.userId, null], ['mark', 'marked', users.zhangwei.userId, '良好']]);
    const waiting = await s.server.ctx.database.db.selectFrom('office_exam_grade').select('gradeId').where('status', '=', 'submitted').where('candidate', '=', users.liuyang.userId).execute();
    expect(waiting.length).toBeGreaterThan(0);
    for (const grade of waiting) expect((await history(String(grade.gradeId))).map((l) => l.transition)).toEqual(['$submit', 'submit']);
    expect((await s.get(chenjing, '/get/office/getMyExamTestList')).body.data.some((t: { title: string }) => t.title.startsWith('新员工'))).toBe(false);
  });
});
