import { inputsRequiredBy } from '../expression';
import type { EntityDef, FieldDef, FlowTransition } from '../schema/types';
import { guardInputNames } from './guardInputNames';

/** The opinion box's label by what the transition does, when the schema names none (`opinionLabel`). */
const REASON_TRANSITIONS: ReadonlySet<string> = new Set(['reject', 'refuse', 'decline', 'deny', 'return', 'sendBack', 'back']);
const APPROVAL_TRANSITIONS: ReadonlySet<string> = new Set(['approve', 'agree', 'pass', 'accept']);

export const OPINION_LABELS = {
  reason: 'runtime.flow.opinionLabel.reason',
  approval: 'runtime.flow.opinionLabel.approval',
  remark: 'runtime.flow.opinionLabel.remark',
} as const;

/**
 * The label of a transition's opinion: the schema's `opinionLabel`, else by its name — a
 * refusal or a return asks for the reason (退回原因), an approval for the approval opinion
 * (审批意见), anything else (a vehicle given back, a resubmission) for a remark (备注).
 */
export function opinionLabel(transition: FlowTransition): string {
  if (transition.opinionLabel) return transition.opinionLabel;
  if (REASON_TRANSITIONS.has(transition.name)) return OPINION_LABELS.reason;
  if (APPROVAL_TRANSITIONS.has(transition.name)) return OPINION_LABELS.approval;
  return OPINION_LABELS.remark;
}

export interface TransitionFormField { field: FieldDef; required: boolean }

/** What the dialog of a transition asks for. */
export interface TransitionForm {
  /** The transition's own fields, in its order; `required` when the guard refuses them empty. */
  fields: TransitionFormField[];
  /**
   * The generic opinion box, or null when the transition names one of its fields as its opinion
   * (`opinionField`): one box, under that field's label, whose text the flow history records.
   */
  opinion: { label: string; required: boolean } | null;
}

/**
 * The dialog of a transition, derived from the schema: its fields, the opinion box and which of
 * them must be filled — those the guard requires (runtime/core/expression/inputsRequiredBy.ts),
 * so the asterisk and the server's refusal come from one rule.
 */
export function transitionForm(entity: EntityDef, transition: FlowTransition): TransitionForm {
  const required = inputsRequiredBy(transition.guard, guardInputNames(transition));
  const ownOpinion = transition.opinionField;
  const fields = (transition.fields ?? [])
    .map((name) => entity.fields.find((f) => f.name === name))
    .filter((f): f is FieldDef => Boolean(f))
    .map((field) => ({
      field,
      required: required.has(field.name) || (field.name === ownOpinion && required.has('opinion')),
    }));
  return {
    fields,
    opinion: ownOpinion ? null : { label: opinionLabel(transition), required: required.has('opinion') },
  };
}
