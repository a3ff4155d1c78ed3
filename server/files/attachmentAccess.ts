import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { readableScope } from '../entity/readCalls';
import { LINK_TABLE } from './attachmentLinks';

export interface AttachmentOwner {
  attachId: unknown;
  createUser: unknown;
}

/**
 * The attachments of `rows` the principal may read: their own uploads (the admin role: all),
 * and files held by a record the principal may read by the same rule as the record's by-id call
 * (read permission, data scope, or the my-list owner). A file no readable record holds stays
 * its uploader's, whatever unit the reader is in.
 */
export async function readableAttachments(ctx: ServerContext, principal: Principal, rows: AttachmentOwner[]): Promise<Set<string>> {
  const readable = new Set<string>();
  const others: string[] = [];
  for (const row of rows) {
    if (principal.isSuperAdmin || row.createUser === principal.userId) readable.add(String(row.attachId));
    else others.push(String(row.attachId));
  }
  if (others.length === 0) return readable;
  const { db } = ctx.database;
  const links = await db.selectFrom(LINK_TABLE).select(['attachId', 'entity', 'recordId']).where('attachId', 'in', others).execute();
  const byEntity = new Map<string, { attachId: string; recordId: string }[]>();
  for (const link of links) {
    const list = byEntity.get(String(link.entity)) ?? [];
    list.push({ attachId: String(link.attachId), recordId: String(link.recordId) });
    byEntity.set(String(link.entity), list);
  }
  for (const [name, entityLinks] of byEntity) {
    const entity = ctx.registry.entities.get(name);
    const scope = entity ? await readableScope(ctx, entity, principal) : undefined;
    if (!entity || !scope) continue;
    let query = db.selectFrom(entity.table).select(entity.key)
      .where(entity.key, 'in', [...new Set(entityLinks.map((l) => l.recordId))]);
    if (scope.condition) query = query.where(scope.condition);
    const records = new Set((await query.execute()).map((r) => String(r[entity.key])));
    for (const link of entityLinks) if (records.has(link.recordId)) readable.add(link.attachId);
  }
  return readable;
}

export async function mayReadAttachment(ctx: ServerContext, principal: Principal, row: Record<string, unknown>): Promise<boolean> {
  return (await readableAttachments(ctx, principal, [{ attachId: row.attachId, createUser: row.createUser }])).has(String(row.attachId));
}
