/**
 * Automatic scoring of the objective questions of an exam paper (单选, 多选, 判断, 填空). Pure:
 * the submit call (examCalls.ts) feeds it the bank's questions and the candidate's answers.
 * Essay questions (问答) are left to the marker: `score` null, `correct` null.
 */

export type QuestionType = 'single' | 'multiple' | 'judge' | 'fill' | 'essay';

export interface ScoredQuestion { questionType: QuestionType; answer: string | null; maxScore: number }
export interface QuestionScore { given: string; correct: boolean | null; score: number | null }

/** "A, c" / ["C","A"] → "A,C": choice keys compared as a set, case and order aside. */
function choiceSet(value: string): string {
  return [...new Set(value.split(/[,，\s]+/).map((k) => k.trim().toUpperCase()).filter(Boolean))].sort().join(',');
}

/** True/false written as the bank and the screen may write it. */
function truth(value: string): string {
  const v = value.trim().toLowerCase();
  if (['true', 't', '1', 'yes', '对', '正确', '√'].includes(v)) return 'true';
  if (['false', 'f', '0', 'no', '错', '错误', '×'].includes(v)) return 'false';
  return v;
}

/** What a candidate sent for one question, as text: a list of choices becomes "A,C". */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  if (value === null || value === undefined) return '';
  return String(value).slice(0, 4000);
}

/**
 * One question: all or nothing. A fill-in answer may list alternatives in the bank separated by
 * "|" (上海|上海市); blanks of one question are separated by ";" and all must match.
 */
export function scoreQuestion(question: ScoredQuestion, given: string): QuestionScore {
  if (question.questionType === 'essay') return { given, correct: null, score: null };
  const expected = question.answer ?? '';
  let correct = false;
  if (given.trim() !== '') {
    switch (question.questionType) {
      case 'single': case 'multiple': correct = choiceSet(given) === choiceSet(expected); break;
      case 'judge': correct = truth(given) === truth(expected); break;
      case 'fill': {
        const blanks = expected.split(/[;；]/);
        const answers = given.split(/[;；]/);
        correct = blanks.length === answers.length && blanks.every((blank, i) =>
          blank.split(/[|｜]/).map((alt) => alt.trim().toLowerCase()).includes(answers[i].trim().toLowerCase()));
        break;
      }
    }
  }
  return { given, correct, score: correct ? question.maxScore : 0 };
}
