import type { AssigneeRule, InitiatorContext } from '../../../runtime/core/bpm';
import { systemEntity, type ServerContext } from '../../context';
import { splitIds } from '../../entity/rowValues';

interface OrgUser { userId: string; deptId: string; roleCodes: Set<string>; active: boolean }

/** The people and departments assignee rules are resolved against, read once per action. */
export interface Organisation {
  users: Map<string, OrgUser>;
  depts: Map<string, { parentId: string | null; leaderId: string | null }>;
}

const ORGANISATION_TTL_MS = 1000;
const cached = new WeakMap<ServerContext, { at: number; org: Promise<Organisation> }>();

/**
 * The organisation as of at most a second ago: every action resolves assignees, and reading
 * every user, department and role each time would be most of an action's work. A change to the
 * organisation counts from the next second, as a changed role does for signed-in users.
 */
export function currentOrganisation(ctx: ServerContext): Promise<Organisation> {
  const hit = cached.get(ctx);
  if (hit && Date.now() - hit.at < ORGANISATION_TTL_MS) return hit.org;
  if (!hit) ctx.caches.register('bpmOrganisation', () => cached.delete(ctx));
  const org = loadOrganisation(ctx);
  // A failed read is not kept: the next action reads again.
  org.catch(() => cached.delete(ctx));
  cached.set(ctx, { at: Date.now(), org });
  return org;
}

async function loadOrganisation(ctx: ServerContext): Promise<Organisation> {
  const db = ctx.database.db;
  const [userRows, deptRows, roleRows] = await Promise.all([
    db.selectFrom(systemEntity(ctx, 'User').table).select(['userId', 'deptId', 'roleIds', 'status']).execute(),
    db.selectFrom(systemEntity(ctx, 'Dept').table).select(['deptId', 'parentId', 'leaderId']).execute(),
    db.selectFrom(systemEntity(ctx, 'Role').table).select(['roleId', 'roleCode', 'status']).execute(),
  ]);
  const roleCodes = new Map(roleRows.filter((r) => Number(r.status) === 1).map((r) => [String(r.roleId), String(r.roleCode)]));
  return {
    users: new Map(userRows.map((u) => [String(u.userId), {
      userId: String(u.userId), deptId: String(u.deptId ?? ''), active: Number(u.status) === 1,
      roleCodes: new Set(splitIds(u.roleIds).map((id) => roleCodes.get(id)).filter((c): c is string => Boolean(c))),
    }])),
    depts: new Map(deptRows.map((d) => [String(d.deptId), { parentId: d.parentId ? String(d.parentId) : null, leaderId: d.leaderId ? String(d.leaderId) : null }])),
  };
}

/** Users named by a form field: an array of ids or a comma-separated text. */
function fieldUsers(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? splitIds(value) : [];
}

/**
 * The active users a node's rules name, in rule order, without duplicates. Disabled or unknown
 * users are left out, so a node whose people all left has no assignees (the engine refuses it).
 */
export function resolveAssignees(org: Organisation, rules: readonly AssigneeRule[], initiator: InitiatorContext, formData: Record<string, unknown>): string[] {
  const out: string[] = [];
  const users = [...org.users.values()].filter((u) => u.active);
  for (const rule of rules) {
    switch (rule.kind) {
      case 'users': out.push(...rule.users); break;
      case 'roles': out.push(...users.filter((u) => rule.roles.some((r) => u.roleCodes.has(r))).map((u) => u.userId)); break;
      case 'depts': out.push(...users.filter((u) => rule.depts.includes(u.deptId)).map((u) => u.userId)); break;
      case 'leader': {
        let dept: string | null = initiator.deptId;
        for (let level = 1; level < (rule.levels ?? 1) && dept; level += 1) dept = org.depts.get(dept)?.parentId ?? null;
        const leader = dept ? org.depts.get(dept)?.leaderId : null;
        if (leader) out.push(leader);
        break;
      }
      case 'field': out.push(...fieldUsers(formData[rule.field])); break;
      case 'initiator': out.push(initiator.userId); break;
      default: {
        const unreachable: never = rule;
        throw new Error(`unknown assignee rule ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return [...new Set(out)].filter((id) => org.users.get(id)?.active);
}

/** True when every id names an active user (transfer, delegate and add-signer targets). */
export function areActiveUsers(org: Organisation, ids: readonly string[]): boolean {
  return ids.every((id) => org.users.get(id)?.active === true);
}
