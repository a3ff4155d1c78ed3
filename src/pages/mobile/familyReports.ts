/**
 * What a family's details screen adds below the record on the phone: the reports written on it
 * (a diary's comments, a task's or a plan's progress) and a box to write one. `listCall` answers
 * every report on the record to whoever may read it (server/modules/office/reportLists.ts).
 */
export interface FamilyReports {
  /** The report entity; its generic insert writes one. */
  entity: string;
  /** The report's reference to the record. */
  parentField: string;
  /** Who wrote it (a user field: its display name comes as `{field}Name`). */
  authorField: string;
  /** Named list call of the record's reports, under the report entity's base. */
  listCall: string;
  /** A progress report carries a percentage (it becomes the record's progress); a comment does not. */
  progress: boolean;
}

export const FAMILY_REPORTS: Readonly<Record<string, FamilyReports>> = {
  diary: { entity: 'OfficeDiaryComment', parentField: 'diary', authorField: 'commenter', listCall: 'getOfficeDiaryCommentListByDiary', progress: false },
  task: { entity: 'OfficeTaskProcess', parentField: 'task', authorField: 'reporter', listCall: 'getOfficeTaskProcessListByTask', progress: true },
  workplan: { entity: 'OfficeWorkPlanProcess', parentField: 'plan', authorField: 'reporter', listCall: 'getOfficeWorkPlanProcessListByPlan', progress: true },
};
