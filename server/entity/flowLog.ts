import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';

/**
 * The one writer of a flow's history (`sys_flow_log`, read by getFlowLog, shown by FlowTimeline):
 * generic transitions, the modules' own calls, the insert's submission and the demo seeds all
 * write through here (docs/ARCHITECTURE.md "Flows: every request has its history"). A step is a
 * transition of the entity's flow, from one of its `from` states to its `to` — or one of the
 * steps below that are not transitions. Anything else would reach the timeline as a raw word, so
 * it is refused here, where the mistake is made.
 */

/** Steps of the flow history that are not transitions (FlowTimeline labels them). */
export const FLOW_LOG_STEPS = { submit: '$submit', adminUpdate: '$adminUpdate', adminDelete: '$adminDelete' } as const;

export interface FlowStep {
  recordId: string;
  /** A transition of the flow, or one of FLOW_LOG_STEPS. */
  transition: string;
  /** '' for the submission. */
  fromState: string;
  toState: string;
  /** Who took it; '' for nobody's account (a registration filed before sign-in). */
  userId: string;
  opinion?: string | null;
  /** Default: now. */
  createTime?: string;
  /** How the signer confirmed the decision (server/signature), and the signature's image. */
  verifyMethod?: string | null;
  signImage?: string | null;
}

const NON_TRANSITION_STEPS: readonly string[] = Object.values(FLOW_LOG_STEPS);

/** Steps per INSERT: within SQLite's and PostgreSQL's parameter limits, a few milliseconds each. */
const STEPS_PER_STATEMENT = 200;

function checkStep(entity: EntityDef, step: FlowStep): void {
  const flow = entity.flow;
  if (!flow) throw new Error(`${entity.name} has no flow to write a history of`);
  if (NON_TRANSITION_STEPS.includes(step.transition)) {
    if (!flow.states.some((s) => s.name === step.toState)) throw new Error(`${entity.name}: ${step.transition} into "${step.toState}", no state of its flow`);
    return;
  }
  const transition = flow.transitions.find((t) => t.name === step.transition);
  if (!transition || transition.to !== step.toState || !transition.from.includes(step.fromState)) {
    throw new Error(`${entity.name}: "${step.transition}" from "${step.fromState}" to "${step.toState}" is no transition of its flow`);
  }
}

/** Writes steps of one entity's histories, in the caller's transaction, by multi-row INSERTs. */
export async function recordFlowSteps(db: Db, entity: EntityDef, steps: FlowStep[]): Promise<void> {
  steps.forEach((step) => checkStep(entity, step));
  const now = nowText();
  for (let at = 0; at < steps.length; at += STEPS_PER_STATEMENT) {
    await db.insertInto('sys_flow_log').values(steps.slice(at, at + STEPS_PER_STATEMENT).map((step) => ({
      logId: newId(), entity: entity.name, recordId: step.recordId, transition: step.transition,
      fromState: step.fromState, toState: step.toState, userId: step.userId, opinion: step.opinion || null,
      createTime: step.createTime ?? now, verifyMethod: step.verifyMethod ?? null, signImage: step.signImage ?? null,
    }))).execute();
  }
}

export async function recordFlowStep(db: Db, entity: EntityDef, step: FlowStep): Promise<void> {
  await recordFlowSteps(db, entity, [step]);
}

/** The first step of every history: who submitted each request, into which state (insertNewRow). */
export async function recordSubmissions(db: Db, entity: EntityDef, userId: string, rows: { id: string; state: string }[]): Promise<void> {
  await recordFlowSteps(db, entity, rows.map(({ id, state }) => ({ recordId: id, transition: FLOW_LOG_STEPS.submit, fromState: '', toState: state, userId })));
}
