import { describe, expect, it } from 'vitest';
import { answerText, scoreQuestion } from '../../../server/modules/office/examScoring';
import { clockText, secondsLeft } from '../../../src/pages/office/exam/remainingTime';

describe('automatic scoring of objective questions', () => {
  const q = (questionType: 'single' | 'multiple' | 'judge' | 'fill' | 'essay', answer: string | null) => ({ questionType, answer, maxScore: 10 });

  it.each([
    ['single', 'C', 'c', 10],
    ['single', 'C', 'B', 0],
    ['multiple', 'A,D', 'D, a', 10],
    ['multiple', 'A,D', 'A', 0],
    ['multiple', 'A,D', 'A,B,D', 0],
    ['judge', 'true', '对', 10],
    ['judge', 'false', 'true', 0],
    ['fill', '沪|申', ' 申 ', 10],
    ['fill', '北京;上海', '北京；上海', 10],
    ['fill', '北京;上海', '北京', 0],
    ['single', 'A', '', 0],
  ] as const)('%s expecting %s, given %s: %d', (type, expected, given, score) => {
    expect(scoreQuestion(q(type, expected), given).score).toBe(score);
  });

  it('leaves essays unscored and writes lists of choices as text', () => {
    expect(scoreQuestion(q('essay', null), '一段论述')).toEqual({ given: '一段论述', correct: null, score: null });
    expect(answerText(['A', 'C'])).toBe('A,C');
    expect(answerText(undefined)).toBe('');
  });
});

describe('the exam countdown follows the server clock', () => {
  it('counts from the server\'s time, whatever the local clock says', () => {
    expect(secondsLeft('2026-11-25 10:30:00', '2026-11-25 10:00:00', 1_000, 1_000)).toBe(1800);
    expect(secondsLeft('2026-11-25 10:30:00', '2026-11-25 10:00:00', 1_000, 61_000)).toBe(1740);
    expect(secondsLeft('2026-11-25 10:30:00', '2026-11-25 10:29:59', 0, 5_000)).toBe(0);
    expect(clockText(1740)).toBe('29:00');
    expect(clockText(3725)).toBe('01:02:05');
  });
});
