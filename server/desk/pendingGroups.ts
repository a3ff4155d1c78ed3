import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { EntityDef, FlowDef, FlowTransition } from '../../runtime/core/schema';
import { availableTransitions, pendingRule, type PendingRule } from '../../runtime/core/flow';
import type { Principal } from '../auth/Principal';
import { systemEntity, type ServerContext } from '../context';
import { rowScopeFor, type RowScope } from '../entity/dataScope';
import { readableScope } from '../entity/readCalls';
import { rowToApi } from '../entity/rowValues';
import { attachDisplayNames } from '../entity/displayNames';

/** Records shown per group; the count covers them all. */
const ITEMS_PER_GROUP = 5;
/**
 * Records examined one by one where a guard over the stored record decides (the newest first):
 * such a guard cannot be put into SQL, so the count of those entities stops there.
 */
const JUDGED_RECORDS_LIMIT = 500;

export interface PendingItem {
  id: string;
  label: string;
  state: string;
  stateLabel: string;
  stateColor: string | null;
  createTime: string;
}

export interface PendingGroup {
  entity: string;
  /** i18n key of the entity's title. */
  title: string;
  /** The page that lists the entity (its details at `{path}/details?id=`); null when no menu shows it. */
  path: string | null;
  count: number;
  items: PendingItem[];
}

type Where = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/** A record without a state yet is in the initial one (runtime/core/flow/currentState). */
function inStates(flow: FlowDef, states: string[]): Where {
  return (eb) => eb.or([
    eb(flow.field, 'in', states),
    ...(states.includes(flow.initial) ? [eb(flow.field, 'is', null), eb(flow.field, '=', '')] : []),
  ]);
}

function ownerField(entity: EntityDef): string {
  return entity.list.scopes.my?.ownerField ?? 'createUser';
}

/** Records in a state the rule names, reached the way the transition call would reach them. */
function waitingCondition(entity: EntityDef, rule: PendingRule, manage: RowScope, principal: Principal): Where {
  const flow = entity.flow!;
  return (eb) => eb.or([
    ...(rule.scopedStates.length
      ? [eb.and([inStates(flow, rule.scopedStates)(eb), ...(manage.condition ? [manage.condition(eb)] : [])])] : []),
    ...(rule.ownStates.length
      ? [eb.and([inStates(flow, rule.ownStates)(eb), eb(ownerField(entity), '=', principal.userId)])] : []),
  ]);
}

/**
 * Whether the user may take some transition on this stored record now, exactly as the
 * transition call decides (server/entity/flowCalls.ts): permission, then the data scope for a
 * transition taken by role or ownership for an owner transition, then state, role and guard.
 */
function canActOn(entity: EntityDef, stored: Record<string, unknown>, principal: Principal, manage: RowScope, mayCall: (t: FlowTransition) => boolean): boolean {
  const row = rowToApi(entity, stored);
  const actor = { userId: principal.userId, roles: principal.roles };
  const own = String(row[ownerField(entity)] ?? '') === principal.userId;
  return availableTransitions(entity, row, actor).some((t) => {
    if (!mayCall(t)) return false;
    const byRole = t.roles.length === 0 || t.roles.some((role) => actor.roles.includes(role));
    return (byRole && manage.allows(stored)) || (t.owner === true && own);
  });
}

function toItem(entity: EntityDef, row: Record<string, unknown>): PendingItem {
  const flow = entity.flow!;
  const stateName = String(row[flow.field] || flow.initial);
  const state = flow.states.find((s) => s.name === stateName);
  const label = row[`${entity.labelField}Name`] ?? row[entity.labelField] ?? row[entity.key];
  return {
    id: String(row[entity.key]),
    label: String(label ?? ''),
    state: stateName,
    stateLabel: state?.label ?? stateName,
    stateColor: state?.color ?? null,
    createTime: String(row.createTime ?? ''),
  };
}

async function menuPaths(ctx: ServerContext, entityNames: string[]): Promise<Map<string, string>> {
  if (entityNames.length === 0) return new Map();
  const menu = systemEntity(ctx, 'Menu');
  const rows = await ctx.database.db.selectFrom(menu.table).select(['entity', 'path'])
    .where('entity', 'in', entityNames).where('menuType', '=', 'page').orderBy('sort').execute();
  const paths = new Map<string, string>();
  for (const row of rows) if (row.path && !paths.has(String(row.entity))) paths.set(String(row.entity), String(row.path));
  return paths;
}

/**
 * What waits for the user across every entity with a flow, with no per-entity code: records in
 * a state from which the user may take a transition (by role within the data scope, or by
 * ownership on the user's own records) that the user may also read. Groups with nothing waiting
 * are left out.
 */
export async function pendingGroups(ctx: ServerContext, principal: Principal): Promise<PendingGroup[]> {
  const { db } = ctx.database;
  const found: { entity: EntityDef; count: number; items: PendingItem[] }[] = [];
  for (const entity of ctx.registry.entities.values()) {
    if (!entity.flow) continue;
    const mayCall = (t: FlowTransition) => principal.permissions.has(entity.permissions[t.name]);
    const rule = pendingRule(entity, { userId: principal.userId, roles: principal.roles }, mayCall);
    if (!rule) continue;
    const readable = await readableScope(ctx, entity, principal);
    if (!readable) continue;
    const manage = await rowScopeFor(ctx, entity, principal, 'manage');
    const waiting = waitingCondition(entity, rule, manage, principal);
    const base = () => {
      const query = db.selectFrom(entity.table).where(waiting);
      return readable.condition ? query.where(readable.condition) : query;
    };
    let count: number;
    let rows: Record<string, unknown>[];
    if (rule.judgeEachRecord) {
      const candidates = await base().selectAll().orderBy('createTime', 'desc').orderBy(entity.key, 'desc').limit(JUDGED_RECORDS_LIMIT).execute();
      const acting = candidates.filter((row) => canActOn(entity, row, principal, manage, mayCall));
      count = acting.length;
      rows = acting.slice(0, ITEMS_PER_GROUP);
    } else {
      const total = await base().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
      count = Number(total?.count ?? 0);
      rows = count === 0 ? [] : await base().selectAll().orderBy('createTime', 'desc').orderBy(entity.key, 'desc').limit(ITEMS_PER_GROUP).execute();
    }
    if (count === 0) continue;
    const items = rows.map((row) => rowToApi(entity, row));
    await attachDisplayNames(ctx, entity, items);
    found.push({ entity, count, items: items.map((row) => toItem(entity, row)) });
  }
  const paths = await menuPaths(ctx, found.map((g) => g.entity.name));
  return found.map(({ entity, count, items }) => ({ entity: entity.name, title: entity.title, path: paths.get(entity.name) ?? null, count, items }));
}
