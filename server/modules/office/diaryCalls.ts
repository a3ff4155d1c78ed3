import { sql, type SqlBool } from 'kysely';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { rowScopeFor } from '../../entity/dataScope';
import { deptSubtree } from '../../entity/deptSubtree';
import type { ExtraReadRule } from '../../entity/extraReadRules';
import { namedListCall } from './namedLists';
import { requireEntity } from './requireEntity';
import { diarySettings } from './diaryRules';

/** The departments the user leads (Dept.leaderId) and every department below them. */
export async function ledDepartments(ctx: ServerContext, principal: Principal): Promise<string[]> {
  const dept = systemEntity(ctx, 'Dept');
  const led = await ctx.database.db.selectFrom(dept.table).select(dept.key).where('leaderId', '=', principal.userId).execute();
  const all = new Set<string>();
  for (const row of led) for (const id of await deptSubtree(ctx, String(row[dept.key]))) all.add(id);
  return [...all];
}

const NO_ROWS: RowScope = { condition: () => sql<SqlBool>`1 = 0`, allows: () => false };

/**
 * 下属日志: the diaries written in the departments the caller leads, the caller's own left out —
 * none when 日志设置 says leaders do not read their subordinates' diaries (leaderReads off): then
 * a leader reads only what is shared with them, like anyone else.
 */
async function subordinateScope(ctx: ServerContext, principal: Principal): Promise<RowScope> {
  if (!(await diarySettings(ctx, ctx.database.db)).leaderReads) return NO_ROWS;
  const depts = await ledDepartments(ctx, principal);
  if (depts.length === 0) return NO_ROWS;
  const set = new Set(depts);
  return {
    condition: (eb) => eb.and([eb('createDept', 'in', depts), eb('author', '<>', principal.userId)]),
    allows: (row) => set.has(String(row.createDept)) && row.author !== principal.userId,
  };
}

/** 共享给我的: the my scope (author or a share user) without the caller's own diaries. */
async function sharedScope(ctx: ServerContext, principal: Principal): Promise<RowScope> {
  const mine = await rowScopeFor(ctx, requireEntity(ctx, 'OfficeDiary'), principal, 'my');
  return {
    condition: (eb) => eb.and([mine.condition!(eb), eb('author', '<>', principal.userId)]),
    allows: (row) => mine.allows(row) && row.author !== principal.userId,
  };
}

export const getOfficeDiarySubordinateListCall = namedListCall('OfficeDiary', subordinateScope);

/**
 * The diary's reading rule beside the generic one (entity/extraReadRules.ts): what 下属日志 lists
 * its reader also opens by id, finds in the search and reads the files of — and, with leaderReads
 * off, none of it.
 */
export const leaderReadsDiaries: ExtraReadRule = async (ctx, principal) => (
  principal.permissions.has(requireEntity(ctx, 'OfficeDiary').permissions.my) ? subordinateScope(ctx, principal) : undefined);
export const getOfficeDiaryShareListCall = namedListCall('OfficeDiary', sharedScope);

/**
 * Who else may comment on a diary than its readers: the leader of the author's department or of a
 * department above it (the 下属日志 list shows it to them).
 */
export async function leadsDiaryDepartment(ctx: ServerContext, principal: Principal, diary: Record<string, unknown>): Promise<boolean> {
  return (await subordinateScope(ctx, principal)).allows(diary);
}
