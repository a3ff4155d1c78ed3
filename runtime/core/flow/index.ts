/**
 * Approval flows: which transitions a user may take on a record, and why not. The server takes
 * them; the screens show their buttons from `availableTransitions`.
 */
export type { FlowActor } from './FlowActor';
export type { TransitionCheck, TransitionRefusal } from './TransitionCheck';
export { ownerOf } from './ownerOf';
export { checkTransition, sameId } from './checkTransition';
export { availableTransitions } from './availableTransitions';
export { pendingRule } from './pendingRule';
export type { PendingRule } from './pendingRule';
export { findTransitionByCall } from './findTransitionByCall';
export { initialState } from './initialState';
export { isEditableState } from './isEditableState';
export { opinionLabel, transitionForm, OPINION_LABELS } from './transitionForm';
export type { TransitionForm, TransitionFormField } from './transitionForm';
export { rowActionShown } from './rowActionShown';
