import type { CallHandler } from '../../calls/CallHandler';
import { requirePage, requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { lockRow } from '../../entity/lockRow';
import { rowToApi, splitIds } from '../../entity/rowValues';
import { rowScopeFor } from '../../entity/dataScope';
import { recordOperation } from '../../audit/recordOperation';
import { recordFlowStep } from '../../entity/flowLog';
import type { EntityDef } from '../../../runtime/core/schema';
import { answerText, scoreQuestion, type QuestionType } from './examScoring';

/**
 * Taking an exam (考试): start (the paper without answers and the deadline), submit (objective
 * questions scored at once, one answer record per question), marking of essay questions
 * (approvalExamTest). The server keeps the clock: the window of the paper and the time limit
 * from the start are enforced here, whatever the screen's countdown says.
 */

/** A submission arriving this late after the deadline still counts: the screen's auto-submit at zero travels over the network. */
export const SUBMIT_GRACE_SECONDS = 30;

const entityOf = (ctx: ServerContext, name: string): EntityDef => {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`schemas/office lacks ${name}`);
  return entity;
};

interface PaperLine { question: string; score: number }
interface Paper { testId: string; title: string; status: string; startTime: string; endTime: string; durationMinutes: number; passScore: number; totalScore: number; candidates: string[]; lines: PaperLine[] }

async function loadPaper(ctx: ServerContext, db: Db, testId: string): Promise<Paper> {
  const tests = entityOf(ctx, 'OfficeExamTest');
  const stored = await db.selectFrom(tests.table).selectAll().where(tests.key, '=', testId).executeTakeFirst();
  if (!stored) throw ApiError.notFound('error.recordNotFound');
  const row = rowToApi(tests, stored);
  const lines = Array.isArray(row.questions) ? (row.questions as Record<string, unknown>[]) : [];
  return {
    testId, title: String(row.title ?? ''), status: String(row.status ?? ''), startTime: String(row.startTime ?? ''), endTime: String(row.endTime ?? ''),
    durationMinutes: Number(row.durationMinutes ?? 0), passScore: Number(row.passScore ?? 0), totalScore: Number(row.totalScore ?? 0),
    candidates: splitIds(row.candidates),
    lines: lines.map((l) => ({ question: String(l.question ?? ''), score: Number(l.score ?? 0) })).filter((l) => l.question),
  };
}

async function loadQuestions(ctx: ServerContext, db: Db, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const questions = entityOf(ctx, 'OfficeExamQuestion');
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(questions.table).selectAll().where(questions.key, 'in', ids).execute();
  return new Map(rows.map((r) => [String(r[questions.key]), rowToApi(questions, r)]));
}

function textParam(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value.trim() === '') throw ApiError.business('officeAdmin.error.paramRequired', { field: name });
  return value.trim().slice(0, 64);
}

/** `answers` as a JSON object (question id → text or list of choice keys), or its JSON text. */
function objectParam(params: Record<string, unknown>, name: string): Record<string, unknown> {
  let value = params[name];
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try { value = JSON.parse(value); } catch { throw ApiError.business('entity.OfficeExamGrade.rule.badAnswers', { field: name }); }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.business('entity.OfficeExamGrade.rule.badAnswers', { field: name });
  return value as Record<string, unknown>;
}

const plusMinutes = (text: string, minutes: number) => nowText(new Date(new Date(text.replace(' ', 'T')).getTime() + minutes * 60_000));

/**
 * The candidate's paper: questions, choices and scores — never the answers or explanations —,
 * the deadline and the server's clock, so the screen counts down from the server's time.
 */
async function paperForCandidate(ctx: ServerContext, paper: Paper, grade: Record<string, unknown>) {
  const questions = await loadQuestions(ctx, ctx.database.db, paper.lines.map((l) => l.question));
  return {
    gradeId: String(grade.gradeId), testId: paper.testId, title: paper.title, durationMinutes: paper.durationMinutes,
    totalScore: paper.totalScore, passScore: paper.passScore, startTime: grade.startTime, deadline: grade.deadline, serverTime: nowText(),
    questions: paper.lines.filter((l) => questions.has(l.question)).map((l) => {
      const q = questions.get(l.question)!;
      const choices = Array.isArray(q.choices) ? (q.choices as Record<string, unknown>[]).map((c) => ({ choiceKey: c.choiceKey, choiceText: c.choiceText })) : [];
      return { questionId: l.question, questionType: q.questionType, content: q.content, choices, score: l.score };
    }),
  };
}

/** Scores a submission and closes the grade; `answers` empty for a grade closed because its time ran out. */
async function closeGrade(ctx: ServerContext, trx: Db, principal: Principal, paper: Paper, grade: Record<string, unknown>, answers: Record<string, unknown>, now: string) {
  const grades = entityOf(ctx, 'OfficeExamGrade');
  const records = entityOf(ctx, 'OfficeExamQuestionRecord');
  const questions = await loadQuestions(ctx, trx, paper.lines.map((l) => l.question));
  let objective = 0;
  let essays = 0;
  for (const [index, line] of paper.lines.entries()) {
    const q = questions.get(line.question);
    if (!q) continue;
    const type = String(q.questionType) as QuestionType;
    const result = scoreQuestion({ questionType: type, answer: q.answer === null ? null : String(q.answer), maxScore: line.score }, answerText(answers[line.question]));
    if (type === 'essay') essays += 1;
    objective += result.score ?? 0;
    await insertNewRow(ctx, trx, records, {
      grade: grade.gradeId, test: paper.testId, question: line.question, seq: index + 1, questionType: type, answer: result.given,
      correct: result.correct === null ? null : result.correct ? 1 : 0, score: result.score, maxScore: line.score,
    }, principal);
  }
  // The flow's two ways of handing in (schemas/office/OfficeExamGrade.json): essays wait for the marker, a paper without is marked at once.
  const status = essays > 0 ? 'submitted' : 'marked';
  const values = {
    submitTime: now, objectiveScore: objective, status, updateTime: now,
    ...(status === 'marked' ? { subjectiveScore: 0, totalScore: objective, passed: objective >= paper.passScore ? 1 : 0 } : {}),
  };
  const result = await trx.updateTable(grades.table).set({ ...values, rowVersion: Number(grade.rowVersion ?? 0) + 1 })
    .where(grades.key, '=', String(grade.gradeId)).where('status', '=', 'inProgress').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('entity.OfficeExamGrade.rule.alreadySubmitted');
  await recordFlowStep(trx, grades, {
    recordId: String(grade.gradeId), transition: status === 'submitted' ? 'submit' : 'submitScored', fromState: 'inProgress', toState: status,
    userId: principal.userId, createTime: now,
  });
  return { gradeId: String(grade.gradeId), status, objectiveScore: objective, ...(status === 'marked' ? { totalScore: objective, passed: objective >= paper.passScore } : {}) };
}

/** A grade read as the API shows it, with its row version. */
async function loadGrade(ctx: ServerContext, db: Db, gradeId: string): Promise<Record<string, unknown>> {
  const grades = entityOf(ctx, 'OfficeExamGrade');
  const stored = await db.selectFrom(grades.table).selectAll().where(grades.key, '=', gradeId).executeTakeFirst();
  if (!stored) throw ApiError.notFound('error.recordNotFound');
  return { ...rowToApi(grades, stored), rowVersion: stored.rowVersion, createDept: stored.createDept, unitId: stored.unitId, createUser: stored.createUser };
}

const isLate = (deadline: string, now: string) => plusMinutes(deadline, SUBMIT_GRACE_SECONDS / 60) < now;

/** GET getMyExamTestList: published papers the caller is a candidate of, with the caller's grade if any. */
export const getMyExamTestListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePermission(principal, 'office:OfficeExamGrade:my');
    const { ctx } = request;
    const tests = entityOf(ctx, 'OfficeExamTest');
    const grades = entityOf(ctx, 'OfficeExamGrade');
    // candidates is comma-joined; the LIKE narrows, the exact split below decides.
    const rows = await ctx.database.db.selectFrom(tests.table).selectAll().where('status', 'in', ['published', 'closed'])
      .where('unitId', '=', principal.unitId).where('candidates', 'like', `%${principal.userId}%`).orderBy('startTime', 'desc').limit(200).execute();
    const mine = rows.map((r) => rowToApi(tests, r)).filter((t) => splitIds(t.candidates).includes(principal.userId));
    const gradeRows = mine.length === 0 ? [] : await ctx.database.db.selectFrom(grades.table).selectAll()
      .where('candidate', '=', principal.userId).where('test', 'in', mine.map((t) => String(t.testId))).execute();
    const byTest = new Map(gradeRows.map((g) => [String(g.test), rowToApi(grades, g)]));
    return mine.map((t) => {
      const g = byTest.get(String(t.testId));
      return {
        testId: t.testId, title: t.title, startTime: t.startTime, endTime: t.endTime, durationMinutes: t.durationMinutes,
        totalScore: t.totalScore, passScore: t.passScore, status: t.status,
        gradeId: g?.gradeId ?? null, gradeStatus: g?.status ?? null, score: g?.status === 'marked' ? g.totalScore : null, passed: g?.status === 'marked' ? g.passed === 1 : null,
      };
    });
  },
};

/** POST startExamTest {testId}: opens (or reopens, while its time runs) the caller's attempt. */
export const startExamTestCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePermission(principal, 'office:OfficeExamGrade:my');
    const { ctx } = request;
    const testId = textParam(request.params, 'testId');
    const tests = entityOf(ctx, 'OfficeExamTest');
    const grades = entityOf(ctx, 'OfficeExamGrade');
    const outcome = await ctx.database.db.transaction().execute(async (trx) => {
      // One attempt per candidate: two starts at once take turns on the paper's row.
      if (!(await lockRow(trx, tests.table, tests.key, testId))) throw ApiError.notFound('error.recordNotFound');
      const paper = await loadPaper(ctx, trx, testId);
      if (paper.status !== 'published' || !paper.candidates.includes(principal.userId)) throw ApiError.forbidden('entity.OfficeExamTest.rule.notCandidate');
      const now = nowText();
      const existing = await trx.selectFrom(grades.table).select(grades.key).where('test', '=', testId).where('candidate', '=', principal.userId).executeTakeFirst();
      if (existing) {
        const grade = await loadGrade(ctx, trx, String(existing[grades.key]));
        if (grade.status !== 'inProgress') throw ApiError.business('entity.OfficeExamGrade.rule.alreadySubmitted');
        if (!isLate(String(grade.deadline), now)) return { paper, grade };
        await closeGrade(ctx, trx, principal, paper, grade, {}, now);
        return { closed: true as const };
      }
      if (now < paper.startTime) throw ApiError.business('entity.OfficeExamTest.rule.notOpenYet', { start: paper.startTime.slice(0, 16) });
      if (now >= paper.endTime) throw ApiError.business('entity.OfficeExamTest.rule.closed', { end: paper.endTime.slice(0, 16) });
      const limit = plusMinutes(now, paper.durationMinutes);
      const deadline = limit < paper.endTime ? limit : paper.endTime;
      // The attempt's history starts here: submitted into 答题中 by the candidate (insertNewRow).
      const gradeId = await insertNewRow(ctx, trx, grades, { test: testId, candidate: principal.userId, startTime: now, deadline, status: 'inProgress' }, principal);
      return { paper, grade: await loadGrade(ctx, trx, gradeId) };
    });
    // The attempt whose time ran out is closed (committed) before the refusal.
    if ('closed' in outcome) throw ApiError.business('entity.OfficeExamGrade.rule.timeUp');
    return paperForCandidate(ctx, outcome.paper, outcome.grade);
  },
};

/** POST submitExamTest {gradeId, answers}: scores the objective questions; late answers are refused. */
export const submitExamTestCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePermission(principal, 'office:OfficeExamGrade:my');
    const { ctx } = request;
    const gradeId = textParam(request.params, 'gradeId');
    const answers = objectParam(request.params, 'answers');
    const grades = entityOf(ctx, 'OfficeExamGrade');
    const outcome = await ctx.database.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, grades.table, grades.key, gradeId))) throw ApiError.notFound('error.recordNotFound');
      const grade = await loadGrade(ctx, trx, gradeId);
      if (String(grade.candidate) !== principal.userId) throw ApiError.forbidden('error.outOfScope');
      if (grade.status !== 'inProgress') throw ApiError.business('entity.OfficeExamGrade.rule.alreadySubmitted');
      const paper = await loadPaper(ctx, trx, String(grade.test));
      const now = nowText();
      // Past the deadline (and its grace) the answers are not taken: the attempt closes as it was, with none.
      if (isLate(String(grade.deadline), now)) return { late: await closeGrade(ctx, trx, principal, paper, grade, {}, now) };
      return { done: await closeGrade(ctx, trx, principal, paper, grade, answers, now) };
    });
    if ('late' in outcome) throw ApiError.business('entity.OfficeExamGrade.rule.timeUp');
    return outcome.done;
  },
};

/**
 * POST approvalExamTest {gradeId, scores: {recordId: score}, markRemark?}: the marker scores every
 * essay answer (0 … the question's score); the grade becomes 已阅卷 with its total and pass mark.
 * The call of the 阅卷 page (menu:officeExamMark): the flow's `mark` is a moduleCall transition, so
 * no generic button posts to it without the scores.
 */
export const approvalExamTestCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const grades = entityOf(ctx, 'OfficeExamGrade');
    const records = entityOf(ctx, 'OfficeExamQuestionRecord');
    requirePage(principal, 'officeExamMark');
    const gradeId = textParam(params, 'gradeId');
    const scores = objectParam(params, 'scores');
    const remark = typeof params.markRemark === 'string' ? params.markRemark.trim().slice(0, 500) : '';
    const scope = await rowScopeFor(ctx, grades, principal, 'manage');
    const before = await ctx.database.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, grades.table, grades.key, gradeId))) throw ApiError.notFound('error.recordNotFound');
      const grade = await loadGrade(ctx, trx, gradeId);
      if (!scope.allows(grade)) throw ApiError.forbidden('error.outOfScope');
      if (grade.status !== 'submitted') throw ApiError.business('entity.OfficeExamGrade.rule.notAwaitingMarking');
      const essays = (await trx.selectFrom(records.table).selectAll().where('grade', '=', gradeId).where('questionType', '=', 'essay').execute())
        .map((r) => rowToApi(records, r));
      let subjective = 0;
      for (const essay of essays) {
        const raw = scores[String(essay.recordId)];
        const score = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
        const max = Number(essay.maxScore ?? 0);
        if (!Number.isFinite(score) || score < 0 || score > max) throw ApiError.business('entity.OfficeExamGrade.rule.badMark', { max });
        subjective += score;
        await trx.updateTable(records.table).set({ score, correct: score >= max ? 1 : 0, updateTime: nowText() }).where(records.key, '=', String(essay.recordId)).execute();
      }
      const paper = await loadPaper(ctx, trx, String(grade.test));
      const total = Number(grade.objectiveScore ?? 0) + subjective;
      const now = nowText();
      const after = { subjectiveScore: subjective, totalScore: total, passed: total >= paper.passScore ? 1 : 0, status: 'marked', marker: principal.userId, markRemark: remark || null };
      await trx.updateTable(grades.table).set({ ...after, updateTime: now, rowVersion: Number(grade.rowVersion ?? 0) + 1 }).where(grades.key, '=', gradeId).execute();
      await recordOperation(trx, principal, { entity: grades, action: 'transition', recordId: gradeId, detail: 'mark', before: grade, after: { ...grade, ...after } }, request.raw.ip);
      await recordFlowStep(trx, grades, { recordId: gradeId, transition: 'mark', fromState: 'submitted', toState: 'marked', userId: principal.userId, opinion: remark, createTime: now });
      return { gradeId, subjectiveScore: subjective, totalScore: total, passed: total >= paper.passScore, status: 'marked' };
    });
    return before;
  },
};

/** Before-write hook of OfficeExamTest: the total is the sum of the paper's question scores, and the pass mark fits in it. */
export async function sumPaperScores({ record }: { record: Record<string, unknown> }): Promise<void> {
  const lines = Array.isArray(record.questions) ? (record.questions as Record<string, unknown>[]) : [];
  const total = lines.reduce((sum, l) => sum + Number(l.score ?? 0), 0);
  record.totalScore = total;
  if (Number(record.passScore ?? 0) > total) throw ApiError.business('entity.OfficeExamTest.rule.passAboveTotal', { total });
}
