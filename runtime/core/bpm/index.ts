/**
 * The workflow engine's pure part (docs/WORKFLOW.md): process definitions, their validation and
 * the stepping of an instance by one action. No I/O: the server resolves assignees, stores the
 * state and runs each step inside the transaction that locks the instance.
 */
export * from './types';
export { BpmError } from './BpmError';
export type { BpmErrorCode } from './BpmError';
export { processGraph } from './processGraph';
export type { ProcessGraph, BranchPlace } from './processGraph';
export { validateDefinition, CONDITION_CONTEXT_NAMES } from './validateDefinition';
export type { DefinitionIssue } from './validateDefinition';
export { stepInstance, initialInstanceState } from './stepInstance';
export { availableDecisions } from './availableDecisions';
export { urgeAllowed, urgeableNodes } from './urge';
export { processFormEntity, editableFormKeys, nodeFieldPerms, checkProcessFormData, PROCESS_FORM_ENTITY } from './processForm';
export { bindingStatusOf, isFrozenRecord, isOpenRecord, isSubmittableRecord, bindingStatusAfter } from './bindingStatus';
export { batchAgreeAllowed } from './batchAgree';
export { bindingIssues } from './bindingIssues';
export { joinNodeNames, splitNodeNames, readNodeNames } from './nodeNames';
