import type { Principal } from '../../auth/Principal';
import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { splitIds } from '../../entity/rowValues';
import { idList } from './mailParams';

export type MailRole = 'to' | 'cc' | 'bcc';
export const MAIL_ROLES: readonly MailRole[] = ['to', 'cc', 'bcc'];

/** People the mail goes to, per line, after groups became their members. */
export type RecipientLines = Record<MailRole, string[]>;

export interface Person { userId: string; deptId: string; userName: string; language: string; email: string }

/**
 * The members of the groups named for a line: the unit's user groups and the caller's own
 * personal groups (someone else's personal group is nobody's business, so it is refused as unknown).
 */
async function groupMembers(ctx: ServerContext, db: Db, principal: Principal, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const unitGroups = systemEntity(ctx, 'UserGroup');
  const personal = systemEntity(ctx, 'PersonalGroup');
  const shared = await db.selectFrom(unitGroups.table).select([unitGroups.key, 'memberIds'])
    .where(unitGroups.key, 'in', groupIds).where('unitId', '=', principal.unitId).execute();
  const own = await db.selectFrom(personal.table).select([personal.key, 'memberIds'])
    .where(personal.key, 'in', groupIds).where('createUser', '=', principal.userId).execute();
  const found = new Set([...shared.map((g) => String(g[unitGroups.key])), ...own.map((g) => String(g[personal.key]))]);
  if (groupIds.some((id) => !found.has(id))) throw ApiError.business('email.error.unknownGroup');
  return [...shared, ...own].flatMap((g) => splitIds(g.memberIds));
}

/**
 * The recipients a send or a draft names: users of `toIds`/`ccIds`/`bccIds` and the members of
 * `toGroupIds`/`ccGroupIds`/`bccGroupIds`. A person named on several lines is kept on the first
 * (to, then cc, then bcc), so nobody holds two copies of one mail. Named users must be active
 * users of the caller's unit; inactive members of a group are left out.
 */
export async function resolveRecipients(ctx: ServerContext, db: Db, principal: Principal, params: Record<string, unknown>): Promise<RecipientLines> {
  const named: Record<MailRole, string[]> = { to: [], cc: [], bcc: [] };
  const fromGroups: Record<MailRole, string[]> = { to: [], cc: [], bcc: [] };
  for (const role of MAIL_ROLES) {
    named[role] = idList(params[`${role}Ids`], `${role}Ids`);
    fromGroups[role] = await groupMembers(ctx, db, principal, idList(params[`${role}GroupIds`], `${role}GroupIds`, 50));
  }
  const everyone = [...new Set(MAIL_ROLES.flatMap((r) => [...named[r], ...fromGroups[r]]))];
  const active = await activePeople(ctx, db, principal, everyone);
  if (MAIL_ROLES.some((r) => named[r].some((id) => !active.has(id)))) throw ApiError.business('email.error.unknownRecipient');
  const seen = new Set<string>();
  const lines: RecipientLines = { to: [], cc: [], bcc: [] };
  for (const role of MAIL_ROLES) {
    for (const id of [...named[role], ...fromGroups[role]]) {
      if (seen.has(id) || !active.has(id)) continue;
      seen.add(id);
      lines[role].push(id);
    }
  }
  return lines;
}

/** Active users of the caller's unit among `ids`, by id. */
export async function activePeople(ctx: ServerContext, db: Db, principal: Principal, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const users = systemEntity(ctx, 'User');
  const rows = await db.selectFrom(users.table).select(['userId', 'deptId', 'userName', 'language', 'email'])
    .where('userId', 'in', ids).where('status', '=', 1).where('unitId', '=', principal.unitId).execute();
  return new Map(rows.map((r) => [String(r.userId), {
    userId: String(r.userId), deptId: String(r.deptId ?? ''), userName: String(r.userName ?? ''),
    language: String(r.language ?? ''), email: String(r.email ?? ''),
  }]));
}
