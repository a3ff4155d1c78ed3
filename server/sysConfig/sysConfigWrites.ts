import type { TFunction } from 'i18next';
import { IMAGE_UPLOAD_EXTENSIONS } from '../../runtime/core/constants';
import { ENCRYPTION_TYPE_SM4 } from '../../runtime/core/crypto';
import type { EntityDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { readIdList } from '../http/normaliseBody';
import { readKey } from '../entity/loadScopedRow';
import { splitIds } from '../entity/rowValues';
import { readableAttachments } from '../files/attachmentAccess';
import { recordOperation } from '../audit/recordOperation';
import { fileSecurityEvent, isReviewed } from '../security/securityReview';
import { generateSm4Key, loadEncryptKey, pruneEncryptKeys, storeEncryptKey } from './encryptKeys';
import { clearSystemSettingsCache, loadSysConfigRow } from './readSystemSettings';

async function loadRow(ctx: ServerContext, entity: EntityDef, id: string): Promise<Record<string, unknown>> {
  const row = await loadSysConfigRow(ctx);
  if (!row || String(row[entity.key]) !== id) throw ApiError.notFound('error.recordNotFound');
  return row;
}

/**
 * Logo and banners become public (the sign-in page shows them before anyone signs in), so only
 * images the editor may read can be configured: otherwise configuring an id would publish
 * a file the editor cannot see. Ids already configured are not checked again, so a colleague of
 * another unit can still save the form unchanged.
 */
async function checkImages(ctx: ServerContext, entity: EntityDef, principal: Principal, params: Record<string, unknown>, existing: Record<string, unknown>, t: TFunction): Promise<void> {
  const configured = new Set([...splitIds(existing.logo), ...splitIds(existing.banners)]);
  for (const name of ['logo', 'banners'] as const) {
    if (params[name] === undefined) continue;
    const added = readIdList(params[name]).filter((id) => !configured.has(id));
    if (added.length === 0) continue;
    const label = t(entity.fields.find((f) => f.name === name)?.label ?? name);
    const rows = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'name', 'extName', 'createUser'])
      .where('attachId', 'in', added).execute();
    const readable = await readableAttachments(ctx, principal, rows);
    const byId = new Map(rows.filter((row) => readable.has(String(row.attachId))).map((row) => [String(row.attachId), row]));
    for (const id of added) {
      const row = byId.get(id);
      if (!row) throw ApiError.business('sysConfig.image.notFound', { field: label });
      if (!IMAGE_UPLOAD_EXTENSIONS.has(String(row.extName).toLowerCase())) throw ApiError.business('sysConfig.image.notImage', { field: label, name: String(row.name) });
    }
  }
}

/** The SM4 mode cannot be switched on before a key is in force (generated, and approved under review). */
async function checkEncryption(ctx: ServerContext, params: Record<string, unknown>, existing: Record<string, unknown>): Promise<void> {
  if (params.encryptionType === undefined || String(params.encryptionType).trim() !== String(ENCRYPTION_TYPE_SM4)) return;
  if (String(existing.encryptionType) === String(ENCRYPTION_TYPE_SM4)) return;
  const key = await loadEncryptKey(ctx.database.db, String(existing.encryptKeyId ?? ''));
  if (!key) throw ApiError.business('sysConfig.encryption.needsKey');
}

/**
 * `updateSysConfig` in place of the generic one: the same write (permission, validation, the
 * security review of encryptionType, the operation log), after the checks a schema cannot
 * state — public images, a key before SM4 — and with the settings cache cleared after it.
 */
export function updateSysConfigCall(entity: EntityDef, generic: CallHandler): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.update);
      const existing = await loadRow(request.ctx, entity, readKey(entity, request.params));
      await checkImages(request.ctx, entity, principal, request.params, existing, request.t);
      await checkEncryption(request.ctx, request.params, existing);
      try {
        return await generic.handle(request);
      } finally {
        clearSystemSettingsCache();
      }
    },
  };
}

/** Fingerprints of the keys waiting for the security administrator. */
async function pendingKeyFingerprints(ctx: ServerContext, entity: EntityDef): Promise<string[]> {
  const events = ctx.registry.entities.get('SecurityEvent');
  if (!events) return [];
  const rows = await ctx.database.db.selectFrom(events.table).select('changes')
    .where('targetEntity', '=', entity.name).where('status', '=', 'pending').execute();
  return rows.flatMap((row) => {
    try {
      const changes = JSON.parse(String(row.changes ?? '{}')) as Record<string, unknown>;
      return typeof changes.encryptKeyId === 'string' ? [changes.encryptKeyId] : [];
    } catch {
      return [];
    }
  });
}

/**
 * `POST /set/system/createEncryptKey {id}` (the configuration screen's 生成密钥 button, SysConfig
 * update permission): a new random SM4 key, stored on the server; the row takes its fingerprint.
 * Under the security review the fingerprint waits as a security event like a change of
 * encryptionType. The key itself is never answered, listed or logged. Keys no longer in force
 * or waiting are removed.
 */
export function createEncryptKeyCall(entity: EntityDef): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const { ctx } = request;
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.update);
      const id = readKey(entity, request.params);
      const existing = await loadRow(ctx, entity, id);
      const encryptKeyId = await storeEncryptKey(ctx.database.db, generateSm4Key());
      const label = String(existing[entity.labelField] ?? '');
      const eventId = await ctx.database.db.transaction().execute(async (trx) => {
        if (isReviewed(ctx, entity)) {
          return fileSecurityEvent(ctx, trx, principal, { entity, action: 'update', recordId: id, recordLabel: label, changes: { encryptKeyId }, before: existing });
        }
        await trx.updateTable(entity.table).set({ encryptKeyId, updateTime: nowText() }).where(entity.key, '=', id).execute();
        await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before: existing, after: { ...existing, encryptKeyId }, detail: 'createEncryptKey' }, request.raw.ip);
        return undefined;
      });
      clearSystemSettingsCache();
      // Waiting keys first: one approved between the two reads is then still seen as waiting.
      const waiting = await pendingKeyFingerprints(ctx, entity);
      const inForce = String((await loadSysConfigRow(ctx))?.encryptKeyId ?? '');
      await pruneEncryptKeys(ctx.database.db, [inForce, ...waiting]);
      return { encryptKeyId, ...(eventId ? { $pendingSecurityEvent: eventId } : {}) };
    },
  };
}
