/**
 * The answer of getPickerUserGroups, the groups tab of 选择人员: declared once for the server that
 * builds it and the picker that shows it.
 */
/** An active member of a group: the user id, the name shown and the department's name. */
export interface PickerMember { value: string; label: string; deptName: string | null }

/** 'unit': a user group of the caller's unit (kept by administrators); 'personal': one of 我的分组. */
export interface PickerGroup { groupId: string; groupName: string; kind: 'unit' | 'personal'; members: PickerMember[] }
