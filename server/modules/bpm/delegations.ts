import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { nowText } from '../../http/newId';

/**
 * The delegation rules in force now (BpmDelegation: 委托 from its creator to delegateId within a
 * time window): owner → delegate. One hop only, so two people delegating to each other cannot loop.
 */
export async function activeDelegations(ctx: ServerContext, db: Db): Promise<Map<string, string>> {
  const entity = ctx.registry.entities.get('BpmDelegation');
  if (!entity) return new Map();
  const now = nowText();
  const rows = await db.selectFrom(entity.table).select(['createUser', 'delegateId'])
    .where('enabled', '=', 1).where('startTime', '<=', now).where('endTime', '>', now)
    .orderBy('startTime', 'desc').execute();
  const map = new Map<string, string>();
  for (const row of rows) {
    const owner = String(row.createUser);
    if (!map.has(owner) && row.delegateId && row.delegateId !== owner) map.set(owner, String(row.delegateId));
  }
  return map;
}
