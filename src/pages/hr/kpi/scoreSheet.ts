/** One item of a score sheet as getKpiScoreListForScorer answers it: the plan's weight, the item's full score and standard. */
export interface SheetItem { kpiItemId: string; itemName: string; standard: string; weight: number; fullScore: number; score: number | null }

/** A score sheet the caller scores (server/modules/hr/kpiScorerList.ts). */
export interface ScoreSheet {
  kpiScoreId: string;
  kpiPlanId: string;
  planName: string;
  period: string;
  /** The plan's state: only an effective plan is scored. */
  planStatus: string;
  userId: string;
  userIdName?: string;
  items: SheetItem[];
  totalScore: number | null;
  scoreState: 'pending' | 'scored';
  scoreTime: string | null;
  comment: string | null;
  rowVersion: number;
}

export const SCORER_LIST_PATH = '/get/hr/getKpiScoreListForScorer';
export const SET_SCORE_PATH = '/set/hr/setScoreToUser';
