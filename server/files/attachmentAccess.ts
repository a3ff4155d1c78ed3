import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { widenedReadScope } from '../entity/extraReadRules';
import { LINK_TABLE } from './attachmentLinks';

export interface AttachmentOwner {
  attachId: unknown;
  createUser: unknown;
}

/**
 * A module's further rule for reading files that no record rule reaches: of `attachIds`, those the
 * principal may read (the public file cabinet's folder grants: server/modules/file).
 */
export type AttachmentReader = (ctx: ServerContext, principal: Principal, attachIds: string[]) => Promise<string[]>;
const moduleReaders = new Set<AttachmentReader>();

/** Registered by a module's registerCalls; the same function twice counts once. */
export function registerAttachmentReader(reader: AttachmentReader): void {
  moduleReaders.add(reader);
}

/**
 * The attachments of `rows` the principal may read: their own uploads (the admin role: all),
 * and files held by a record the principal may read by the same rule as the record's by-id call
 * (read permission, data scope, or the my-list owner or a participant). A file no readable record holds stays
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
    const scope = entity ? await widenedReadScope(ctx, entity, principal) : undefined;
    if (!entity || !scope) continue;
    let query = db.selectFrom(entity.table).select(entity.key)
      .where(entity.key, 'in', [...new Set(entityLinks.map((l) => l.recordId))]);
    if (scope.condition) query = query.where(scope.condition);
    const records = new Set((await query.execute()).map((r) => String(r[entity.key])));
    for (const link of entityLinks) if (records.has(link.recordId)) readable.add(link.attachId);
  }
  for (const reader of moduleReaders) {
    const rest = others.filter((id) => !readable.has(id));
    if (rest.length === 0) break;
    for (const id of await reader(ctx, principal, rest)) readable.add(id);
  }
  return readable;
}

export async function mayReadAttachment(ctx: ServerContext, principal: Principal, row: Record<string, unknown>): Promise<boolean> {
  return (await readableAttachments(ctx, principal, [{ attachId: row.attachId, createUser: row.createUser }])).has(String(row.attachId));
}
