/** Shapes of the exam calls (server/modules/office/examCalls.ts) as the screens read them. */

export interface MyExam {
  testId: string; title: string; startTime: string; endTime: string; durationMinutes: number;
  totalScore: number; passScore: number; status: string;
  gradeId: string | null; gradeStatus: 'inProgress' | 'submitted' | 'marked' | null; score: number | null; passed: boolean | null;
}

export interface PaperQuestion {
  questionId: string; questionType: 'single' | 'multiple' | 'judge' | 'fill' | 'essay'; content: string;
  choices: { choiceKey: string; choiceText: string }[]; score: number;
}

export interface Paper {
  gradeId: string; testId: string; title: string; durationMinutes: number; totalScore: number; passScore: number;
  startTime: string; deadline: string; serverTime: string; questions: PaperQuestion[];
}

export interface SubmitResult { gradeId: string; status: string; objectiveScore: number; totalScore?: number; passed?: boolean }

export type Answer = string | string[];
