import type { Db } from '../../db/connect';
import { systemEntity, type ServerContext } from '../../context';
import { splitIds } from '../../entity/rowValues';

/**
 * Who a notice is addressed to, as active people of its unit: everyone (toAll), the people of the
 * chosen departments and of every department below them, and the people named one by one. Read
 * through the caller's transaction: a transition effect runs inside it, and on SQLite a read on
 * another connection would wait for that very transaction.
 */
export async function resolveRecipients(ctx: ServerContext, db: Db, notice: Record<string, unknown>): Promise<{ userId: string; deptId: string }[]> {
  const users = systemEntity(ctx, 'User');
  const depts = systemEntity(ctx, 'Dept');
  const unitId = String(notice.unitId ?? '');
  const people = await db.selectFrom(users.table).select([users.key, 'deptId']).where('unitId', '=', unitId).where('status', '=', 1).execute();
  const all = people.map((p) => ({ userId: String(p[users.key]), deptId: String(p.deptId ?? '') }));
  if (Number(notice.toAll) === 1) return all;

  const chosenDepts = splitIds(notice.recipientDepts);
  const inDepts = new Set<string>();
  if (chosenDepts.length > 0) {
    const tree = await db.selectFrom(depts.table).select([depts.key, 'parentId']).where('unitId', '=', unitId).execute();
    const children = new Map<string, string[]>();
    for (const d of tree) {
      const parent = String(d.parentId ?? '');
      children.set(parent, [...(children.get(parent) ?? []), String(d[depts.key])]);
    }
    const queue = [...chosenDepts];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (inDepts.has(id)) continue;
      inDepts.add(id);
      queue.push(...(children.get(id) ?? []));
    }
  }
  const named = new Set(splitIds(notice.recipientUsers));
  return all.filter((p) => named.has(p.userId) || inDepts.has(p.deptId));
}
