import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { requireEntity } from './requireEntity';

/**
 * GET getSharedAddressBookList: the address-book entries of the caller's unit marked shared, with
 * the generic list's paging, sort, keyword and filters. The entity is personal (every generic call
 * reaches the caller's own entries only); sharing an entry is what lets colleagues read it here.
 */
export const getSharedAddressBookListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const entity = requireEntity(request.ctx, 'AddressBook');
    requirePermission(principal, entity.permissions.list);
    const scope: RowScope = {
      condition: (eb) => eb.and([eb('unitId', '=', principal.unitId), eb('shared', '=', 1)]),
      allows: (row) => row.unitId === principal.unitId && Number(row.shared) === 1,
    };
    return listRows(request.ctx, entity, scope, readListQuery(entity, request.params), request.lang);
  },
};

interface Colleague {
  userId: string; userName: string; deptId: string; deptName: string; position: string; phone: string; email: string;
}
interface LevelGroup { levelId: string | null; levelName: string | null; levelNo: number | null; users: Colleague[] }

/**
 * GET getColleagueListByLevel (同事通讯录): the active users of the caller's unit grouped by user
 * level, highest level (smallest number) first, with department, position, phone and e-mail.
 * A user carries no level of their own: their level is the highest one a temporary organisation
 * gives them (TempOrgUser.levelId); users with none come last in a group without level
 * (`levelId: null`, the screen names it). Position is the HR file's 岗位 where one exists.
 */
export const getColleagueListByLevelCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requirePermission(principal, requireEntity(ctx, 'AddressBook').permissions.list);
    const users = systemEntity(ctx, 'User');
    const depts = systemEntity(ctx, 'Dept');
    const levels = requireEntity(ctx, 'UserLevel');
    const members = requireEntity(ctx, 'TempOrgUser');
    const db = ctx.database.db;
    const keyword = typeof request.params.keyword === 'string' ? request.params.keyword.trim() : '';
    let query = db.selectFrom(`${users.table} as u`)
      .leftJoin(`${depts.table} as d`, 'd.deptId', 'u.deptId')
      .select(['u.userId', 'u.userName', 'u.deptId', 'd.deptName', 'u.phone', 'u.email', 'u.sort'])
      .where('u.unitId', '=', principal.unitId).where('u.status', '=', 1);
    if (keyword) query = query.where((eb) => eb.or([eb('u.userName', 'like', `%${keyword}%`), eb('d.deptName', 'like', `%${keyword}%`), eb('u.phone', 'like', `%${keyword}%`)]));
    const rows = await query.orderBy('u.sort').orderBy('u.userName').limit(2000).execute();
    const ids = rows.map((r) => String(r.userId));
    const memberships = ids.length === 0 ? [] : await db.selectFrom(`${members.table} as m`)
      .innerJoin(`${levels.table} as l`, 'l.levelId', 'm.levelId')
      .select(['m.userId', 'l.levelId', 'l.levelName', 'l.levelNo']).where('m.userId', 'in', ids).execute();
    const best = new Map<string, { levelId: string; levelName: string; levelNo: number }>();
    for (const m of memberships) {
      const current = best.get(String(m.userId));
      if (!current || Number(m.levelNo) < current.levelNo) best.set(String(m.userId), { levelId: String(m.levelId), levelName: String(m.levelName), levelNo: Number(m.levelNo) });
    }
    const hr = ctx.registry.entities.get('HrUser');
    const positions = new Map<string, string>();
    if (hr && ids.length) {
      for (const p of await db.selectFrom(hr.table).select(['userId', 'position']).where('userId', 'in', ids).execute()) {
        if (p.position) positions.set(String(p.userId), String(p.position));
      }
    }
    const groups = new Map<string, LevelGroup>();
    for (const row of rows) {
      const level = best.get(String(row.userId));
      const key = level?.levelId ?? '';
      if (!groups.has(key)) groups.set(key, { levelId: level?.levelId ?? null, levelName: level?.levelName ?? null, levelNo: level?.levelNo ?? null, users: [] });
      groups.get(key)!.users.push({
        userId: String(row.userId), userName: String(row.userName), deptId: String(row.deptId ?? ''), deptName: String(row.deptName ?? ''),
        position: positions.get(String(row.userId)) ?? '', phone: String(row.phone ?? ''), email: String(row.email ?? ''),
      });
    }
    return [...groups.values()].sort((a, b) => (a.levelNo ?? Number.MAX_SAFE_INTEGER) - (b.levelNo ?? Number.MAX_SAFE_INTEGER));
  },
};
