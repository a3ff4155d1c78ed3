import type { EntityDef, FlowDef, FlowTransition } from '../../runtime/core/schema';
import { ownerOf } from '../../runtime/core/flow';
import { systemEntity, type ServerContext } from '../context';
import { FLOW_LOG_STEPS, recordFlowSteps } from '../entity/flowLog';
import { nowText } from '../http/newId';

/**
 * Demo rows of a flow entity carry the history their flow would have written (issue 12.8): the
 * applicant's submission (`$submit`), then the transitions that brought the row to its state, each
 * by a holder of the transition's role, the row's opinion field as the decision's opinion.
 * seedDemoData calls seedMissingFlowHistories after every seeder, for the rows without a history;
 * a seeder whose rows need a history the row does not tell (the dispatcher's words on a vehicle
 * request, an enterprise's rejection reason, a notice approved as the demo's notice settings
 * ask) calls seedFlowHistory with the opinion or the steps.
 */

/** Minutes between two seeded steps: a decision some time after the submission. */
const STEP_MINUTES = 10;

/** The holders of each role code, the first of the demo user list first. */
type RoleHolders = Map<string, { userId: string; unitId: string }[]>;

/** A step a seeder names: the transition, and who took it or what they said where the defaults would not tell. */
export interface SeededStep { transition: string; by?: string; opinion?: string | null }

export interface SeedHistoryOptions {
  /** The last step's opinion, when the row does not hold it. */
  opinion?: string | null;
  /** The transitions the row went through, when the fewest from the initial state are not its story. */
  steps?: SeededStep[];
}

interface Route { submitted: string; transitions: { transition: FlowTransition; from: string; by?: string; opinion?: string | null }[] }

/** A seeder's steps from the initial state; a step its flow does not allow there, or an end short of the row's state, is the seeder's mistake. */
function namedRoute(entity: EntityDef, flow: FlowDef, state: string, steps: SeededStep[]): Route {
  let at = flow.initial;
  const transitions = steps.map(({ transition: name, by, opinion }) => {
    const transition = flow.transitions.find((t) => t.name === name && t.from.includes(at));
    if (!transition) throw new Error(`${entity.name}: no transition "${name}" from "${at}"`);
    const from = at;
    at = transition.to;
    return { transition, from, by, opinion };
  });
  if (at !== state) throw new Error(`${entity.name}: the seeded steps end in "${at}", the row is "${state}"`);
  return { submitted: flow.initial, transitions };
}

/**
 * How a row reached `state`: submitted into the flow's initial state, then the fewest transitions
 * from there. A state no transition reaches (a flow drawn half-way in the designer) takes the
 * submission itself.
 */
function routeInto(flow: FlowDef, state: string): Route {
  const forward = forwardRoute(flow, state);
  return forward ? { submitted: flow.initial, transitions: forward } : { submitted: state, transitions: [] };
}

/** The fewest transitions from the initial state to `state`, or undefined when none leads there. */
function forwardRoute(flow: FlowDef, state: string): Route['transitions'] | undefined {
  const queue: { at: string; steps: Route['transitions'] }[] = [{ at: flow.initial, steps: [] }];
  const seen = new Set([flow.initial]);
  for (const { at, steps } of queue) {
    if (at === state) return steps;
    for (const transition of flow.transitions.filter((t) => t.from.includes(at) && !seen.has(t.to))) {
      seen.add(transition.to);
      queue.push({ at: transition.to, steps: [...steps, { transition, from: at }] });
    }
  }
  return undefined;
}

async function roleHolders(ctx: ServerContext): Promise<RoleHolders> {
  const { db } = ctx.database;
  const roles = systemEntity(ctx, 'Role');
  const users = systemEntity(ctx, 'User');
  const codeOf = new Map((await db.selectFrom(roles.table).select(['roleId', 'roleCode']).execute()).map((r) => [String(r.roleId), String(r.roleCode)]));
  const holders: RoleHolders = new Map();
  const rows = await db.selectFrom(users.table).select(['userId', 'roleIds', 'unitId']).where('status', '=', 1).orderBy('sort').orderBy('userId').execute();
  for (const user of rows) {
    for (const roleId of String(user.roleIds ?? '').split(',').filter(Boolean)) {
      const code = codeOf.get(roleId);
      if (code) holders.set(code, [...(holders.get(code) ?? []), { userId: String(user.userId), unitId: String(user.unitId ?? '') }]);
    }
  }
  return holders;
}

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** Who takes a transition on the row: its owner for the owner's own, else a holder of its role other than the applicant. */
function actorOf(transition: FlowTransition, row: Record<string, unknown>, applicant: string, owner: string, holders: RoleHolders): string {
  if (transition.owner) return owner;
  const candidates = transition.roles.flatMap((role) => holders.get(role) ?? []).filter((h) => h.userId !== applicant);
  const sameUnit = candidates.find((h) => h.unitId === String(row.unitId ?? ''));
  // A transition open to every holder of its permission: the applicant's own (publishing a process it drew).
  return (sameUnit ?? candidates[0])?.userId ?? applicant;
}

function timeOf(value: unknown): Date {
  if (value instanceof Date) return value;
  const parsed = new Date(String(value ?? '').replace(' ', 'T'));
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

async function writeHistory(ctx: ServerContext, entity: EntityDef, row: Record<string, unknown>, holders: RoleHolders, options: SeedHistoryOptions = {}): Promise<void> {
  const flow = entity.flow!;
  const state = String(row[flow.field] || flow.initial);
  const route = options.steps ? namedRoute(entity, flow, state, options.steps) : routeInto(flow, state);
  const applicant = text(row.createUser) ?? text(ownerOf(entity, row)) ?? '';
  const owner = text(ownerOf(entity, row)) ?? applicant;
  // The opinion fields of the flow: a transition without one of its own (a rejection) states its reason in the approval's.
  const opinionFields = [...new Set(flow.transitions.map((t) => t.opinionField).filter((f): f is string => !!f))];
  const used = new Set(route.transitions.map(({ transition }) => transition.opinionField).filter(Boolean));
  const last = route.transitions.length - 1;
  const steps = [
    { transition: FLOW_LOG_STEPS.submit as string, fromState: '', toState: route.submitted, userId: applicant, opinion: null as string | null },
    ...route.transitions.map(({ transition, from, by, opinion }, at) => {
      const fallback = at === last && !transition.opinionField ? opinionFields.find((f) => !used.has(f)) : undefined;
      const field = transition.opinionField ?? fallback;
      const said = opinion !== undefined ? opinion : at === last && options.opinion !== undefined ? options.opinion : field ? text(row[field]) : null;
      return { transition: transition.name, fromState: from, toState: transition.to, userId: by ?? actorOf(transition, row, applicant, owner, holders), opinion: said };
    }),
  ];
  // Submitted when the row was made and decided some minutes later — moved back when that would lie ahead of now.
  const gap = STEP_MINUTES * 60_000;
  const start = Math.min(timeOf(row.createTime).getTime(), Date.now() - (steps.length - 1) * gap);
  await recordFlowSteps(ctx.database.db, entity, steps.map((step, at) => ({
    recordId: String(row[entity.key]), ...step, createTime: nowText(new Date(start + at * gap)),
  })));
}

/**
 * One seeded row's history: by default as seedMissingFlowHistories would write it; `opinion` is
 * the last step's when the row does not hold it, `steps` the transitions taken (each with its
 * actor and opinion where the defaults would not tell).
 */
export async function seedFlowHistory(ctx: ServerContext, entity: EntityDef, id: string, options: SeedHistoryOptions = {}): Promise<void> {
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow();
  await writeHistory(ctx, entity, row, await roleHolders(ctx), options);
}

/** A history for every row of a flow entity that has none yet (the end of seedDemoData). */
export async function seedMissingFlowHistories(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  const holders = await roleHolders(ctx);
  for (const entity of ctx.registry.entities.values()) {
    if (!entity.flow) continue;
    const rows = await db.selectFrom(entity.table).selectAll().execute();
    if (rows.length === 0) continue;
    const logged = new Set((await db.selectFrom('sys_flow_log').select('recordId').where('entity', '=', entity.name).execute()).map((l) => String(l.recordId)));
    for (const row of rows) {
      if (!logged.has(String(row[entity.key]))) await writeHistory(ctx, entity, row, holders);
    }
  }
}
