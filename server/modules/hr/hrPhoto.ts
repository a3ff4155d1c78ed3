import type { CallRequest } from '../../calls/CallHandler';
import type { Principal } from '../../auth/Principal';
import { recordOperation } from '../../audit/recordOperation';
import { rowScopeFor } from '../../entity/dataScope';
import { loadScopedRow } from '../../entity/loadScopedRow';
import { rowToApi } from '../../entity/rowValues';
import { assertRowVersion, nextRowVersion, refuseStaleRow, storedRowVersion } from '../../entity/rowVersion';
import { syncAttachmentLinks } from '../../files/attachmentLinks';
import { nowText } from '../../http/newId';
import { hrEntity } from './hrEntities';

/**
 * uploadHrPhoto's write (the call itself is with the other image uploads, server/modules/file/
 * configUploads.ts): with `hrUserId`, the uploaded image becomes that personnel file's `photo`,
 * as an update of the one field would make it — the file inside the caller's data scope, the
 * `rowVersion` they read if they send one, the version counted, the file linked to the record
 * (its readers may fetch it; the previous photo loses its link and is purged) and an
 * operation-log line. Without `hrUserId` the image is only stored and its attachId answered, for
 * a form that saves it with the rest of the file.
 */
export async function writeHrPhoto(request: CallRequest, principal: Principal, attachId: string): Promise<void> {
  const raw = request.params.hrUserId;
  if (raw === undefined || raw === null || String(raw).trim() === '') return;
  const { ctx } = request;
  const entity = hrEntity(ctx, 'HrUser');
  const id = String(raw).trim();
  const scope = await rowScopeFor(ctx, entity, principal, 'manage');
  const existing = rowToApi(entity, await loadScopedRow(ctx, entity, id, scope));
  assertRowVersion(request.params, existing);
  await ctx.database.db.transaction().execute(async (trx) => {
    const result = await trx.updateTable(entity.table).set({ photo: attachId, updateTime: nowText(), ...nextRowVersion() })
      .where(entity.key, '=', id).where('rowVersion', '=', storedRowVersion(existing)).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) refuseStaleRow();
    await syncAttachmentLinks(trx, entity, id, { ...existing, photo: attachId });
    await recordOperation(trx, principal, { entity, action: 'update', recordId: id, before: existing, after: { ...existing, photo: attachId } }, request.raw.ip);
  });
}
