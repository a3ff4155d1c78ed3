/**
 * The online designer's model (docs/DESIGNER.md › Model): framework-free, shared by the designer's
 * screens (designer/react), the server's save checks and the tests.
 */
export * from './types';
export { DESIGN_ERROR_CODES, DesignOperationError, type DesignErrorCode } from './errors';
export { designerCoreMessageKeys } from './messageKeys';
export { newNodeId, uniqueId, NODE_ID_PATTERN, ROOT_ID } from './ids';
export { fromEntityDocument, toEntityDocument } from './document';
export { canContain, createLayoutNode, isContainer, nodeKindSpec, nodeKinds, registerNodeKind, type NewSubtree } from './nodeKinds';
export { COL_PROPERTIES, FIELD_PROPERTIES, TAB_PROPERTIES } from './nodeProperties';
export { FIELD_PALETTE, FIELD_TYPE_TEXTS, createFieldNode, freeFieldKey, takenFieldKeys, type NewFieldSubtree } from './fieldPalette';
export { FIELD_KEY_MAX_LENGTH, FIELD_KEY_PATTERN, assertFreeFieldKey, isValidFieldKey } from './fieldKeys';
export { applyOperation } from './operations';
export { GRID_WIDTH, evenSpans, gridRows, normaliseTree, rebalanceSpans, rowsFull, type NormaliseOptions } from './normalise';
export { renameFieldKey, fieldKeyMover } from './renameField';
export { contextNameTokens, renameIdentifiers, type NameToken } from './expressionNames';
export { DesignHistory, HISTORY_LIMIT, MERGE_WINDOW_MS, type DesignHistoryOptions, type HistoryApplyOptions } from './history';
export { EDGE_BAND, dropPlacement, resolveDrop, type DropPlacementInput } from './placement';
export { EXPRESSION_CHECK_CODES, EXPRESSION_HELPER_NAMES, checkExpression, expressionCompletions, type ExpressionCheck, type ExpressionCompletion } from './expressionCheck';
export { isSelfOrAncestor, parentOf, placedFields, subtreeIds } from './tree';
export { assertDesignValid } from './treeChecks';
export { validateDesign, type DesignValidation } from './validateDesign';
export { diffEntityDocuments, type DesignChange, type DesignChangePart } from './designDiff';
export {
  FLOW_CALL_PATTERN, FLOW_NAME_PATTERN, addFlowState, addFlowTransition, flowNameProblem, patchFlowTransition, removeFlowState,
  renameFlowState, renameFlowTransition, startSimpleFlow, startWorkflow, statusFieldCandidates, transitionCall,
  type FlowDoc, type FlowModeChange, type FlowNameProblem, type FlowStateDoc, type FlowTexts, type FlowTransitionDoc, type WorkflowDoc,
} from './flowParts';
