import { describe, expect, it } from 'vitest';
import {
  addFlowState, addFlowTransition, applyOperation, flowNameProblem, fromEntityDocument, patchFlowTransition, removeFlowState, renameFlowState, type FlowTexts,
  renameFlowTransition, startSimpleFlow, startWorkflow, validateDesign, type DesignDocument, type FlowDoc,
} from '../../../designer/core';
import type { FieldDef } from '../../../runtime/core/schema';
import { counterIds, schemaFile } from './fixtures';

/** A designed entity as createDesign makes it: a subject field, no flow. */
function bare(): DesignDocument {
  return fromEntityDocument({
    formatVersion: 1, name: 'TripApply', title: 'entity.TripApply.title', table: 'office_trip_apply', key: 'id', labelField: 'subject',
    fields: [{ name: 'subject', type: 'string', required: true, label: 'entity.TripApply.field.subject' }, { name: 'days', type: 'integer' }, { name: 'remark', type: 'text' }],
    messages: { 'zh-cn': { 'entity.TripApply.title': '出差', 'entity.TripApply.field.subject': '主题' }, en: { 'entity.TripApply.title': 'Trip', 'entity.TripApply.field.subject': 'Subject' } },
  }, counterIds());
}

/** The document with the tab's change written as the tab writes it (one updateEntity). */
function withChange(document: DesignDocument, change: { flow?: FlowDoc; workflow?: object; fields?: object[]; texts?: FlowTexts }): DesignDocument {
  const entity = document.entity as Record<string, any>;
  const patch: Record<string, unknown> = {};
  if (change.flow) patch.flow = change.flow;
  if (change.workflow) patch.workflow = change.workflow;
  if (change.texts) patch.messages = { 'zh-cn': { ...entity.messages['zh-cn'], ...change.texts['zh-cn'] }, en: { ...entity.messages.en, ...change.texts.en } };
  return applyOperation(document, { type: 'updateEntity', patch, addFields: change.fields as FieldDef[] | undefined }).document;
}

/** The load's first refusal of the document, as a list (empty: it loads). */
const problemsOf = (document: DesignDocument) => {
  const check = validateDesign(document, 'office');
  return check.ok ? [] : [{ pointer: check.pointer, message: check.message }];
};

describe('the flow tab\'s edits', () => {
  it('starts a simple flow that loads: a status field added, states and actions labelled in both languages', () => {
    const document = bare();
    const start = startSimpleFlow(document);
    expect(start.fields).toEqual([expect.objectContaining({ name: 'status', type: 'status', readOnly: true })]);
    expect(start.flow!.transitions.map((t) => t.call)).toEqual(['approveTripApply', 'rejectTripApply']);
    expect(start.texts['zh-cn']['entity.TripApply.state.applied']).toBe('待审批');
    expect(start.texts.en['entity.TripApply.transition.reject']).toBe('Reject');
    expect(problemsOf(withChange(document, { ...start, fields: start.fields }))).toEqual([]);
  });

  it('uses the status field an entity has instead of adding one', () => {
    const leave = fromEntityDocument(schemaFile('hr/LeaveRecord.json'), counterIds());
    const { flow: _flow, ...withoutFlow } = leave.entity as Record<string, unknown>;
    const document = { ...leave, entity: withoutFlow } as DesignDocument;
    const start = startSimpleFlow(document);
    expect(start.fields).toEqual([]);
    expect(start.flow!.field).toBe('status');
  });

  it('starts a binding with an options status field of the engine\'s values, and names its own field when status is taken', () => {
    const document = bare();
    const start = startWorkflow(document, 'leave');
    expect(start.workflow).toEqual({ process: 'leave' });
    expect(start.fields[0]).toMatchObject({ name: 'status', type: 'options', readOnly: true });
    expect(problemsOf(withChange(document, { workflow: start.workflow, fields: start.fields, texts: start.texts }))).toEqual([]);
    const taken = withChange(document, { fields: [{ name: 'status', type: 'integer' }] });
    const other = startWorkflow(taken, 'leave');
    expect(other.workflow).toEqual({ process: 'leave', statusField: 'status1' });
    expect(problemsOf(withChange(taken, { workflow: other.workflow, fields: other.fields, texts: other.texts }))).toEqual([]);
    // A field the flow would add under a taken key is refused by the operation, not half-written.
    expect(() => withChange(document, { fields: [{ name: 'subject', type: 'status' }] })).toThrow('designer.error.fieldKeyTaken');
  });

  it('renames a state everywhere it is named, and refuses bad or taken names', () => {
    const { flow } = startSimpleFlow(bare());
    const renamed = renameFlowState({ ...flow!, editableIn: ['applied'] }, 'applied', 'waiting');
    expect(renamed.initial).toBe('waiting');
    expect(renamed.editableIn).toEqual(['waiting']);
    expect(renamed.transitions.every((t) => t.from.includes('waiting'))).toBe(true);
    expect(renamed.states.map((s) => s.name)).toEqual(['waiting', 'approved', 'rejected']);
    expect(flowNameProblem('Waiting', [])).toBe('designer.flow.error.pattern');
    expect(flowNameProblem('approved', ['approved'])).toBe('designer.flow.error.taken');
    expect(flowNameProblem('done2', ['approved'])).toBeUndefined();
  });

  it('removes a state with the actions that cannot stand without it, and keeps the last state', () => {
    const document = bare();
    const start = startSimpleFlow(document);
    const flow = removeFlowState(start.flow!, 'rejected');
    expect(flow.transitions.map((t) => t.name)).toEqual(['approve']);
    const fromApplied = removeFlowState(start.flow!, 'applied');
    expect(fromApplied.initial).toBe('approved');
    expect(fromApplied.transitions).toEqual([]);
    const one: FlowDoc = { ...start.flow!, states: [start.flow!.states[0]], transitions: [] };
    expect(removeFlowState(one, 'applied')).toBe(one);
    expect(problemsOf(withChange(document, { flow, fields: start.fields, texts: start.texts }))).toEqual([]);
  });

  it('adds states and actions with free names and texts, renames an action with its derived call, and patches it', () => {
    const document = bare();
    const start = startSimpleFlow(document);
    let current = withChange(document, { flow: start.flow, fields: start.fields, texts: start.texts });
    const state = addFlowState(current, current.entity.flow as FlowDoc);
    expect(state.flow.states.at(-1)!.name).toBe('state4');
    current = withChange(current, { flow: state.flow, texts: state.texts });
    const action = addFlowTransition(current, current.entity.flow as FlowDoc);
    expect(action.flow.transitions.at(-1)).toMatchObject({ name: 'action3', call: 'action3TripApply', from: ['applied'], to: 'approved' });
    let flow = renameFlowTransition(action.flow, 'action3', 'archive', 'TripApply');
    expect(flow.transitions.at(-1)).toMatchObject({ name: 'archive', call: 'archiveTripApply' });
    flow = patchFlowTransition(flow, 'archive', { call: 'fileTripAway' });
    expect(renameFlowTransition(flow, 'archive', 'store', 'TripApply').transitions.at(-1)!.call).toBe('fileTripAway');
    flow = patchFlowTransition(flow, 'archive', { from: ['approved'], to: 'state4', fields: ['remark'], opinionField: 'remark', roles: ['admin'], owner: true, guard: 'days > 0' });
    expect(flow.transitions.at(-1)).toMatchObject({ fields: ['remark'], opinionField: 'remark', owner: true, guard: 'days > 0' });
    // Without its field, the opinion goes too; an empty guard is removed, not kept as "".
    flow = patchFlowTransition(flow, 'archive', { fields: [], guard: '' });
    expect(flow.transitions.at(-1)).not.toHaveProperty('opinionField');
    expect(flow.transitions.at(-1)).not.toHaveProperty('guard');
    expect(flow.transitions.at(-1)).not.toHaveProperty('fields');
    current = withChange(current, { flow, texts: action.texts });
    expect(problemsOf(current)).toEqual([]);
  });

  it('lets the load refuse what the tab cannot prevent: a guard naming an unknown field', () => {
    const document = bare();
    const start = startSimpleFlow(document);
    const flow = patchFlowTransition(start.flow!, 'approve', { guard: 'budget > 0' });
    const problems = problemsOf(withChange(document, { flow, fields: start.fields, texts: start.texts }));
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/flow/transitions/0/guard' }));
  });
});
