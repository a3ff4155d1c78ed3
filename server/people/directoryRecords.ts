import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import type { ChatDepartment, ChatMember } from '../adapters/chat';

function text(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

export function chatDepartmentOf(row: Record<string, unknown>): ChatDepartment {
  return { deptId: String(row.deptId), parentId: text(row.parentId), name: String(row.deptName ?? ''), order: Number(row.sort ?? 0) };
}

export function chatMemberOf(row: Record<string, unknown>): ChatMember {
  return {
    userId: String(row.userId), accountId: String(row.accountId), name: String(row.userName ?? ''),
    deptId: text(row.deptId), mobile: text(row.phone), email: text(row.email),
    active: Number(row.status) === 1, order: Number(row.sort ?? 0),
  };
}

/**
 * A unit's departments with every parent before its children, so a chat app can create each
 * under one it already has. A department whose parent lies outside the unit (or is gone) counts
 * as a top department; siblings keep their sort order.
 */
export async function unitDepartmentsParentsFirst(ctx: ServerContext, unitId: string): Promise<ChatDepartment[]> {
  const dept = systemEntity(ctx, 'Dept');
  const rows = await ctx.database.db.selectFrom(dept.table).selectAll().where('unitId', '=', unitId)
    .orderBy('sort', 'asc').orderBy(dept.key, 'asc').execute();
  const all = rows.map(chatDepartmentOf);
  const ids = new Set(all.map((d) => d.deptId));
  const children = new Map<string | null, ChatDepartment[]>();
  for (const d of all) {
    const parent = d.parentId && ids.has(d.parentId) ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), { ...d, parentId: parent }]);
  }
  const ordered: ChatDepartment[] = [];
  const queue = [...(children.get(null) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    ordered.push(next);
    queue.push(...(children.get(next.deptId) ?? []));
  }
  return ordered;
}

/** A unit's users, in the user list's order. */
export async function unitMembers(ctx: ServerContext, unitId: string): Promise<ChatMember[]> {
  const users = systemEntity(ctx, 'User');
  const rows = await ctx.database.db.selectFrom(users.table).selectAll().where('unitId', '=', unitId)
    .orderBy('sort', 'asc').orderBy(users.key, 'asc').execute();
  return rows.map(chatMemberOf);
}
