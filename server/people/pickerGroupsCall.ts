import type { PickerGroup, PickerMember } from '../../runtime/core/people';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../context';
import { rowScopeFor } from '../entity/dataScope';
import { splitIds } from '../entity/rowValues';
import { attachDisplayNames } from '../entity/displayNames';
import type { Principal } from '../auth/Principal';

/** More groups than anyone picks from; the picker lists them in one scroll. */
const MAX_GROUPS = 200;

interface GroupRow { groupId: unknown; groupName: unknown; memberIds: unknown }

/** The organisation's user groups of the caller's unit: maintained by administrators, offered to everyone there. */
async function unitGroups(ctx: ServerContext, principal: Principal): Promise<GroupRow[]> {
  const groups = systemEntity(ctx, 'UserGroup');
  return ctx.database.db.selectFrom(groups.table).select(['groupId', 'groupName', 'memberIds'])
    .where('unitId', '=', principal.unitId).orderBy('sort', 'asc').orderBy('groupName', 'asc').limit(MAX_GROUPS).execute();
}

/** The caller's own groups (我的分组), through the personal entity's own scope. */
async function personalGroups(ctx: ServerContext, principal: Principal): Promise<GroupRow[]> {
  const groups = systemEntity(ctx, 'PersonalGroup');
  const scope = await rowScopeFor(ctx, groups, principal, 'manage');
  let query = ctx.database.db.selectFrom(groups.table).select(['groupId', 'groupName', 'memberIds']);
  if (scope.condition) query = query.where(scope.condition);
  return query.orderBy('sort', 'asc').orderBy('groupName', 'asc').limit(MAX_GROUPS).execute();
}

/** Active members by id, with their department's name (the lists' display names). */
async function activeMembers(ctx: ServerContext, ids: string[]): Promise<Map<string, PickerMember>> {
  if (ids.length === 0) return new Map();
  const users = systemEntity(ctx, 'User');
  const rows: Record<string, unknown>[] = await ctx.database.db.selectFrom(users.table).select(['userId', 'userName', 'deptId'])
    .where('userId', 'in', ids).where('status', '=', 1).execute();
  await attachDisplayNames(ctx, users, rows);
  return new Map(rows.map((r): [string, PickerMember] => [String(r.userId), {
    value: String(r.userId), label: String(r.userName ?? ''), deptName: typeof r.deptIdName === 'string' ? r.deptIdName : null,
  }]));
}

/**
 * GET /get/system/getPickerUserGroups: the groups the user picker offers — the unit's user groups
 * and the caller's own groups — each with its active members (a disabled or deleted account is
 * left out, so picking a group never chooses someone who cannot act). Every signed-in user may
 * ask, as every form picks people; member names are what the user picker shows anyway.
 */
export const getPickerUserGroupsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const [unit, personal] = await Promise.all([unitGroups(ctx, principal), personalGroups(ctx, principal)]);
    const members = await activeMembers(ctx, [...new Set([...unit, ...personal].flatMap((g) => splitIds(g.memberIds)))]);
    const shape = (kind: PickerGroup['kind']) => (row: GroupRow): PickerGroup => ({
      groupId: String(row.groupId),
      groupName: String(row.groupName ?? ''),
      kind,
      members: splitIds(row.memberIds).map((id) => members.get(id)).filter((m): m is PickerMember => m !== undefined),
    });
    return [...personal.map(shape('personal')), ...unit.map(shape('unit'))];
  },
};
