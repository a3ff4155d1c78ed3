import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';
import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import type { Db } from '../../db/connect';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { fileEntity } from './fileEntities';
import { SHARE_CODE_TABLE } from './fileTables';

/**
 * 提取码: a share link's access code. Only its scrypt hash is kept (server/auth/passwords.ts,
 * salted, compared in constant time), in its own table (fileTables.ts); the link's row says only
 * `hasCode`. The clear code exists in the answer of the call that made it — creating the link
 * or resetting its code — and nowhere after: the owner passes it on then, or resets it.
 */

const CODE = /^[A-Za-z0-9]{4,20}$/;
/** No 0/o, 1/l/i: a code read out or copied by hand is not misread. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const newShareCode = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A typed code, checked: 4–20 letters or digits; null when none was typed. */
export function typedShareCode(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !CODE.test(value)) throw ApiError.business('file.share.badPassword');
  return value;
}

/** A code's hash (about 50 ms of key derivation): made before the write's transaction opens, so no write waits on it. */
export const hashShareCode = (code: string): Promise<string> => hashPassword(code);

/** Sets (or, with null, removes) a link's code hash, in the caller's transaction. */
export async function storeShareCode(db: Db, shareId: string, codeHash: string | null): Promise<void> {
  await db.deleteFrom(SHARE_CODE_TABLE).where('shareId', '=', shareId).execute();
  if (codeHash) await db.insertInto(SHARE_CODE_TABLE).values({ shareId, codeHash, updateTime: nowText() }).execute();
}

/** The link's code hash; null when the link asks for no code. */
export async function storedShareCode(db: Db, shareId: string): Promise<string | null> {
  const row = await db.selectFrom(SHARE_CODE_TABLE).select('codeHash').where('shareId', '=', shareId).executeTakeFirst();
  return row ? String(row.codeHash) : null;
}

/** Whether `given` is the code behind `codeHash` (constant-time comparison of the derived keys). */
export const shareCodeMatches = (codeHash: string, given: string): Promise<boolean> => verifyPassword(given, codeHash);

/** The generic delete of 分享链接 (one or by ids) takes the links' codes with them. */
export const netDiskShareDeleteHook: BeforeDeleteHook = async ({ trx, entity, rows }) => {
  const ids = rows.map((row) => String(row[entity.key]));
  for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom(SHARE_CODE_TABLE).where('shareId', 'in', ids.slice(i, i + 500)).execute();
};

/** The codes of the links to these items (at most 500), removed with the links when the items are removed for good. */
export async function removeItemsShareCodes(db: Db, shares: EntityDef, itemIds: string[]): Promise<void> {
  await db.deleteFrom(SHARE_CODE_TABLE).where('shareId', 'in', db.selectFrom(shares.table).select(shares.key).where('item', 'in', itemIds)).execute();
}

const MIGRATION_TABLE = 'sys_migration';
const STEP = 'hash net disk share codes';
/** The column an older version kept the codes in, in clear (no longer a field of NetDiskShare). */
const LEGACY_COLUMN = 'password';

/** Whether the table has the column, in this database's own schema (PostgreSQL's tests share one database). */
async function hasColumn(ctx: ServerContext, table: string, column: string): Promise<boolean> {
  const { db, dialect } = ctx.database;
  const found = dialect === 'postgres'
    ? await sql<{ n: number }>`select 1 as n from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db)
    : await sql<{ n: number }>`select 1 as n from pragma_table_info(${table}) where name = ${column}`.execute(db);
  return found.rows.length > 0;
}

/**
 * Codes an older version stored in clear, hashed once (ServerModule.upgradeData, recorded in
 * sys_migration): each becomes its hash in the codes' table, and the clear column is emptied in
 * the same transaction, conditional on the value read.
 */
export async function hashClearShareCodes(ctx: ServerContext): Promise<void> {
  const { db } = ctx.database;
  if (await db.selectFrom(MIGRATION_TABLE).select('migrationId').where('migrationId', '=', STEP).executeTakeFirst()) return;
  const shares = fileEntity(ctx, 'NetDiskShare');
  if (await hasColumn(ctx, shares.table, LEGACY_COLUMN)) {
    const rows = await db.selectFrom(shares.table).select([shares.key, LEGACY_COLUMN]).where(LEGACY_COLUMN, 'is not', null).where(LEGACY_COLUMN, '<>', '').execute();
    for (const row of rows) {
      const id = String(row[shares.key]);
      const code = String(row[LEGACY_COLUMN]);
      const codeHash = await hashShareCode(code);
      await db.transaction().execute(async (trx) => {
        const cleared = await trx.updateTable(shares.table).set({ [LEGACY_COLUMN]: null, hasCode: 1 })
          .where(shares.key, '=', id).where(LEGACY_COLUMN, '=', code).executeTakeFirst();
        if (Number(cleared.numUpdatedRows) === 1) await storeShareCode(trx, id, codeHash);
      });
    }
  }
  await db.insertInto(MIGRATION_TABLE).values({ migrationId: STEP, appliedAt: new Date().toISOString() })
    .onConflict((oc) => oc.column('migrationId').doNothing()).execute();
}
