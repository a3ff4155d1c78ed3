import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { Db } from '../db/connect';
import { newId } from '../http/newId';
import { splitIds } from '../entity/rowValues';
import { attachIdsInHtml } from '../../runtime/core/richText';

/**
 * Which records use which attachment (`sys_attach_link`). A file is readable through the records
 * that hold it (server/files/attachmentAccess.ts), so every write of an attachment or image field
 * rewrites the record's links in the write's own transaction.
 */
export const LINK_TABLE = 'sys_attach_link';

const FILE_FIELD_TYPES: ReadonlySet<FieldDef['type']> = new Set(['attachments', 'image', 'richText']);

/** Fields that hold files: attachments, an image, and rich text with its uploaded images. */
export function fileFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((f) => FILE_FIELD_TYPES.has(f.type));
}

/** The attachIds one file field's value holds (comma-joined string or array; rich text: its images). */
export function fieldAttachmentIds(field: FieldDef, value: unknown): string[] {
  if (field.type === 'richText') return typeof value === 'string' ? attachIdsInHtml(value) : [];
  return splitIds(value);
}

/** The attachIds a row's file fields hold. */
export function attachmentIdsOf(entity: EntityDef, row: Record<string, unknown>): string[] {
  return [...new Set(fileFields(entity).flatMap((f) => fieldAttachmentIds(f, row[f.name])))];
}

/** True when these values write at least one file field (an update that leaves them alone keeps its links). */
export function touchesFileFields(entity: EntityDef, values: Record<string, unknown>): boolean {
  return fileFields(entity).some((f) => values[f.name] !== undefined);
}

/** Replaces the record's links by the files its (complete, merged) row now holds. */
export async function syncAttachmentLinks(db: Db, entity: EntityDef, recordId: string, row: Record<string, unknown>): Promise<void> {
  if (fileFields(entity).length === 0) return;
  await db.deleteFrom(LINK_TABLE).where('entity', '=', entity.name).where('recordId', '=', recordId).execute();
  const ids = attachmentIdsOf(entity, row);
  if (ids.length === 0) return;
  await db.insertInto(LINK_TABLE)
    .values(ids.map((attachId) => ({ linkId: newId(), attachId, entity: entity.name, recordId })))
    .execute();
}

/** A deleted record no longer lends its files to its readers. */
export async function dropAttachmentLinks(db: Db, entity: EntityDef, recordIds: string[]): Promise<void> {
  if (fileFields(entity).length === 0 || recordIds.length === 0) return;
  await db.deleteFrom(LINK_TABLE).where('entity', '=', entity.name).where('recordId', 'in', recordIds).execute();
}

/** The attachIds already linked to a record (kept on update without a new read check). */
export async function linkedAttachmentIds(db: Db, entity: EntityDef, recordId: string): Promise<Set<string>> {
  const rows = await db.selectFrom(LINK_TABLE).select('attachId')
    .where('entity', '=', entity.name).where('recordId', '=', recordId).execute();
  return new Set(rows.map((r) => String(r.attachId)));
}

const BACKFILL_BATCH = 500;

/**
 * A database that predates the link table holds records with files but no links: read every
 * entity with file fields once and link what it holds (run when the table is created).
 */
export async function backfillAttachmentLinks(ctx: ServerContext): Promise<number> {
  const { db } = ctx.database;
  let linked = 0;
  for (const entity of ctx.registry.entities.values()) {
    const fields = fileFields(entity);
    if (fields.length === 0) continue;
    for (let offset = 0; ; offset += BACKFILL_BATCH) {
      const rows = await db.selectFrom(entity.table).select([entity.key, ...fields.map((f) => f.name)])
        .orderBy(entity.key).limit(BACKFILL_BATCH).offset(offset).execute();
      for (const row of rows) {
        const ids = attachmentIdsOf(entity, row);
        if (ids.length === 0) continue;
        await syncAttachmentLinks(db, entity, String(row[entity.key]), row);
        linked += ids.length;
      }
      if (rows.length < BACKFILL_BATCH) break;
    }
  }
  return linked;
}
