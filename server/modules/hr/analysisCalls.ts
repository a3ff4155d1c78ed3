import { HR_ANALYSIS_CHARTS, HR_ANALYSIS_TOPICS, hrAnalysisCallName, type HrAnalysisChart } from '../../../runtime/core/hrAnalysis/topics';
import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { analysisBar, analysisPie, analysisTable, readAnalysisFilter, type AnalysisRequest } from './analysisQuery';

const ANSWER: Record<HrAnalysisChart, (req: AnalysisRequest) => Promise<unknown>> = { Pie: analysisPie, Bar: analysisBar, Table: analysisTable };

/**
 * The 33 analysis GETs, get{Topic}{Pie|Bar|Table}ForAnalysis, from the topic table: each needs
 * the list permission of the topic's entity and counts within the caller's data scope for it.
 * Query: startDate, endDate (YYYY-MM-DD, on the topic's date), deptId (with the departments below).
 */
export function registerAnalysisCalls(table: CallTable): void {
  for (const topic of HR_ANALYSIS_TOPICS) {
    for (const chart of HR_ANALYSIS_CHARTS) {
      const handler: CallHandler = {
        auth: 'session',
        async handle(request) {
          const principal = requirePrincipal(request);
          const filter = await readAnalysisFilter(request.ctx, request.params);
          return ANSWER[chart]({ ctx: request.ctx, principal, lang: request.lang, t: request.t, topic, filter });
        },
      };
      table.set(callKey('get', 'hr', hrAnalysisCallName(topic.topic, chart)), handler);
    }
  }
}
