import { createHash, randomBytes } from 'node:crypto';
import { isSm4Key } from '../../runtime/core/crypto';
import type { Db } from '../db/connect';
import { nowText } from '../http/newId';

/**
 * SM4 keys live in `sys_setting` (a table no generic call reaches), one per fingerprint:
 * `sm4Key:<fingerprint>` → `{"key": "<32 hex>"}`. The SysConfig row names the key in force by
 * its fingerprint (`encryptKeyId`), so lists, exports, the operation log and security events
 * carry the fingerprint, never the key — and approving a key change is an ordinary update of
 * that field.
 */
const PREFIX = 'sm4Key:';

/** A new random 128-bit SM4 key, 32 lower-case hex digits. */
export function generateSm4Key(): string {
  return randomBytes(16).toString('hex');
}

/** 16 hex digits of the key's SHA-256: tells keys apart without revealing anything of them. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key.toLowerCase()).digest('hex').slice(0, 16);
}

/** Stores the key (idempotent) and returns its fingerprint. */
export async function storeEncryptKey(db: Db, key: string): Promise<string> {
  const fingerprint = keyFingerprint(key);
  const value = JSON.stringify({ key: key.toLowerCase() });
  await db.insertInto('sys_setting').values({ settingKey: PREFIX + fingerprint, value, updateTime: nowText() })
    .onConflict((oc) => oc.column('settingKey').doNothing()).execute();
  return fingerprint;
}

/** The key with this fingerprint, or undefined when none is stored. */
export async function loadEncryptKey(db: Db, fingerprint: string): Promise<string | undefined> {
  if (!fingerprint) return undefined;
  const row = await db.selectFrom('sys_setting').select('value').where('settingKey', '=', PREFIX + fingerprint).executeTakeFirst();
  if (!row) return undefined;
  try {
    const { key } = JSON.parse(String(row.value)) as { key?: unknown };
    return isSm4Key(key) && keyFingerprint(key) === fingerprint ? key.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A key stored this recently is never pruned: another administrator's generation may have stored
 * it and not yet written its fingerprint to the row or a security event.
 */
const PRUNE_GRACE_MS = 10 * 60 * 1000;

/** Removes the stored keys that are not in `keep`: a retired or rejected key has no business on the server. */
export async function pruneEncryptKeys(db: Db, keep: readonly string[]): Promise<void> {
  let query = db.deleteFrom('sys_setting').where('settingKey', 'like', `${PREFIX}%`)
    .where('updateTime', '<', nowText(new Date(Date.now() - PRUNE_GRACE_MS)));
  const kept = keep.filter(Boolean).map((fingerprint) => PREFIX + fingerprint);
  if (kept.length > 0) query = query.where('settingKey', 'not in', kept);
  await query.execute();
}
