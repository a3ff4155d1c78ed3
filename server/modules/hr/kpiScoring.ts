import { ApiError } from '../../http/ApiError';

export interface ScoreItem { kpiItemId: string; weight: number; fullScore: number; score: number | null }

/**
 * Scores every item of a KPI score sheet: each between 0 and its full score, none missing, and
 * the weighted total out of 100 (weights add up to 100). One rule for setScoreToUser and for HR's
 * edit of the sheet on the generic form.
 */
export function scoreSheet(items: ScoreItem[], scoreOf: (item: ScoreItem) => unknown, nameOf: (kpiItemId: string) => string): { items: ScoreItem[]; total: number } {
  let total = 0;
  const scored = items.map((item) => {
    const raw = scoreOf(item);
    const value = raw === undefined || raw === null || raw === '' ? NaN : Number(raw);
    const fullScore = Number(item.fullScore) || 100;
    if (Number.isNaN(value) || value < 0) throw ApiError.business('entity.KpiScore.rule.scoreMissing', { item: nameOf(item.kpiItemId) });
    if (value > fullScore) throw ApiError.business('entity.KpiScore.rule.scoreAboveFull', { item: nameOf(item.kpiItemId), full: fullScore });
    total += (value / fullScore) * Number(item.weight ?? 0);
    return { ...item, score: value };
  });
  return { items: scored, total: Math.round(total * 100) / 100 };
}
