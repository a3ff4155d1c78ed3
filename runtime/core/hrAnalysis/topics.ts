/**
 * The HR analysis topics (spec §7 HR: get{Topic}{Pie|Bar|Table}ForAnalysis): which entity each
 * topic counts, by which field (the pie's slices and the table's columns), by which date (the
 * time-range filter and the bar's months) and by which department field (the department filter
 * and the table's rows). One table drives all 33 calls on the server and the analysis screen.
 */
export interface HrAnalysisTopic {
  /** The call-name part: getCarePieForAnalysis. */
  topic: string;
  entity: string;
  /** An options or dictionary field: what the pie slices and the table's columns are. */
  dimension: string;
  /** A date field (YYYY-MM-DD): the time range filters it, the bar counts by its month. */
  date: string;
  /** A department field: the department filter (with the departments below) and the table's rows. */
  dept: string;
  /** Rows the topic never counts: the roster (BaseInfo) is the people employed, a leaver is counted by Leave. */
  excluded?: { field: string; values: readonly string[] };
}

export const HR_ANALYSIS_TOPICS: readonly HrAnalysisTopic[] = [
  { topic: 'Care', entity: 'CareRecord', dimension: 'careType', date: 'careDate', dept: 'dept' },
  { topic: 'Evaluation', entity: 'TitleEvaluation', dimension: 'titleLevel', date: 'applyDate', dept: 'dept' },
  { topic: 'Reinstat', entity: 'Reinstatement', dimension: 'leaveType', date: 'reinstateDate', dept: 'dept' },
  { topic: 'Leave', entity: 'LeaveRecord', dimension: 'leaveType', date: 'leaveDate', dept: 'dept' },
  { topic: 'Transfer', entity: 'PersonnelTransfer', dimension: 'transferType', date: 'transferDate', dept: 'dept' },
  { topic: 'Skills', entity: 'WorkSkills', dimension: 'skillCategory', date: 'assessDate', dept: 'dept' },
  { topic: 'Learn', entity: 'LearnRecord', dimension: 'education', date: 'endDate', dept: 'dept' },
  { topic: 'Licence', entity: 'Licence', dimension: 'licenceType', date: 'issueDate', dept: 'dept' },
  { topic: 'Incentive', entity: 'Incentive', dimension: 'incentiveType', date: 'incentiveDate', dept: 'dept' },
  { topic: 'Contract', entity: 'HrContract', dimension: 'contractType', date: 'startDate', dept: 'dept' },
  { topic: 'BaseInfo', entity: 'HrUser', dimension: 'education', date: 'hireDate', dept: 'deptId', excluded: { field: 'staffStatus', values: ['left'] } },
];

export const HR_ANALYSIS_CHARTS = ['Pie', 'Bar', 'Table'] as const;
export type HrAnalysisChart = (typeof HR_ANALYSIS_CHARTS)[number];

/** getCarePieForAnalysis, getBaseInfoTableForAnalysis … */
export function hrAnalysisCallName(topic: string, chart: HrAnalysisChart): string {
  return `get${topic}${chart}ForAnalysis`;
}

/** Approval records count once decided in favour: a rejected or pending leave is no leaver. */
export const HR_ANALYSIS_COUNTED_STATE = 'approved';

/** The filters every analysis call takes: dates as YYYY-MM-DD (either may be absent), a department id. */
export interface HrAnalysisFilter { startDate?: string; endDate?: string; deptId?: string }
export interface HrAnalysisSlice { key: string; name: string; value: number }
export interface HrAnalysisBar { months: string[]; values: number[] }
export interface HrAnalysisTable {
  columns: { key: string; name: string }[];
  rows: { deptId: string; deptName: string; counts: Record<string, number>; total: number }[];
  total: number;
}
