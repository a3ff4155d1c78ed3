import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';
import type { PublishedDesign } from './designSources';

/**
 * Reads and writes of the designer's tables (designTables.ts). Drafts change by compare-and-set
 * on their revision; versions are only ever added.
 */
export interface DraftRow { name: string; module: string; schema: string; revision: number; updateUser: string; updateTime: string }
export interface VersionSummary { version: number; comment: string; createUserName: string; createTime: string; reset: boolean }

export async function readDraft(db: Db, name: string): Promise<DraftRow | undefined> {
  const row = await db.selectFrom('sys_design_draft').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? { ...(row as unknown as DraftRow), revision: Number(row.revision) } : undefined;
}

export async function listDrafts(db: Db): Promise<DraftRow[]> {
  const rows = await db.selectFrom('sys_design_draft').selectAll().execute();
  return rows.map((row) => ({ ...(row as unknown as DraftRow), revision: Number(row.revision) }));
}

/**
 * Stores the draft when the caller read `revision`; answers the new revision, or null when
 * someone saved meanwhile (nothing written). Revision 0 is "no draft yet".
 */
export async function saveDraft(db: Db, draft: { name: string; module: string; schema: string; userId: string }, revision: number): Promise<number | null> {
  const now = nowText();
  if (revision === 0) {
    const inserted = await db.insertInto('sys_design_draft')
      .values({ name: draft.name, module: draft.module, schema: draft.schema, revision: 1, updateUser: draft.userId, updateTime: now })
      .onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 1 : null;
  }
  const updated = await db.updateTable('sys_design_draft')
    .set({ schema: draft.schema, revision: revision + 1, updateUser: draft.userId, updateTime: now })
    .where('name', '=', draft.name).where('revision', '=', revision).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? revision + 1 : null;
}

export async function deleteDraft(db: Db, name: string): Promise<void> {
  await db.deleteFrom('sys_design_draft').where('name', '=', name).execute();
}

/** The latest version of every design (the overlay the server runs). */
export async function readPublished(db: Db): Promise<PublishedDesign[]> {
  const heads = await db.selectFrom('sys_design_version').select(['name']).select((eb) => eb.fn.max('version').as('version'))
    .groupBy('name').execute();
  const out: PublishedDesign[] = [];
  for (const head of heads) {
    const row = await db.selectFrom('sys_design_version').select(['name', 'module', 'version', 'schema', 'fileHash'])
      .where('name', '=', String(head.name)).where('version', '=', Number(head.version)).executeTakeFirstOrThrow();
    out.push({
      name: String(row.name), module: String(row.module), version: Number(row.version),
      doc: row.schema ? JSON.parse(String(row.schema)) as Record<string, unknown> : null,
      fileHash: row.fileHash === null ? null : String(row.fileHash),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** How many versions exist in all: it changes with every publish, rollback or reset in any process. */
export async function versionStamp(db: Db): Promise<number> {
  const row = await db.selectFrom('sys_design_version').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listVersions(db: Db, name: string): Promise<VersionSummary[]> {
  const rows = await db.selectFrom('sys_design_version').select(['version', 'comment', 'createUserName', 'createTime', 'schema'])
    .where('name', '=', name).orderBy('version', 'desc').execute();
  return rows.map((r) => ({
    version: Number(r.version), comment: String(r.comment ?? ''), createUserName: String(r.createUserName ?? ''),
    createTime: String(r.createTime), reset: !r.schema,
  }));
}

export async function readVersion(db: Db, name: string, version: number): Promise<{ schema: string; module: string } | undefined> {
  const row = await db.selectFrom('sys_design_version').select(['schema', 'module']).where('name', '=', name).where('version', '=', version).executeTakeFirst();
  return row ? { schema: String(row.schema ?? ''), module: String(row.module) } : undefined;
}

/** Adds the next version; the unique (name, version) index refuses a concurrent publish of the same number. */
export async function addVersion(db: Db, entry: {
  name: string; module: string; schema: string; fileHash: string | null; fileSchema: string | null; comment: string; userId: string; userName: string;
}): Promise<number> {
  const head = await db.selectFrom('sys_design_version').select((eb) => eb.fn.max('version').as('version')).where('name', '=', entry.name).executeTakeFirst();
  const version = Number(head?.version ?? 0) + 1;
  await db.insertInto('sys_design_version').values({
    versionId: newId(), name: entry.name, module: entry.module, version, schema: entry.schema, fileHash: entry.fileHash, fileSchema: entry.fileSchema,
    comment: entry.comment, createUser: entry.userId, createUserName: entry.userName, createTime: nowText(),
  }).execute();
  return version;
}

/** The file's document the latest version was made over (a customised entity's merge base). */
export async function readBaseFile(db: Db, name: string): Promise<unknown> {
  const row = await db.selectFrom('sys_design_version').select(['fileSchema']).where('name', '=', name)
    .orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row?.fileSchema ? JSON.parse(String(row.fileSchema)) as unknown : undefined;
}
