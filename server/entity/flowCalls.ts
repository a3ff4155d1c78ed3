import { ROW_VERSION, type EntityDef, type FlowTransition } from '../../runtime/core/schema';
import { checkTransition, ownerOf, sameId } from '../../runtime/core/flow';
import { coerceRecord } from '../../runtime/core/validation';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { rowScopeFor } from './dataScope';
import { readKey } from './loadScopedRow';
import { rowToApi, valuesToColumns } from './rowValues';
import { STALE_ROW_DATA, assertRowVersion, nextRowVersion, storedRowVersion } from './rowVersion';
import { refuseIssues } from './validateInput';
import { sanitiseHtmlFields } from './sanitiseHtml';
import { attachDisplayNames } from './displayNames';
import { recordOperation } from '../audit/recordOperation';
import { recordFlowStep } from './flowLog';
import { transitionEffect } from './transitionEffects';
import { notifyTransition } from '../messages/notifyTransition';
import { verifySigner } from '../signature/signerVerification';
import { checkStoredValues } from './checkStoredValues';
import { syncAttachmentLinks, touchesFileFields } from '../files/attachmentLinks';

const MAX_OPINION = 1000;

/**
 * One flow transition as a call (`approveOfficeVehicleApply`): permission, data scope (or
 * ownership for owner transitions), state and role per runtime/core/flow, then the state change
 * and its log in one transaction. The update is conditional on the state and row version read,
 * so two dispatchers approving and rejecting at once cannot both win, and a request naming the
 * `rowVersion` it was shown is refused once the record has changed since.
 */
export function transitionCall(entity: EntityDef, transition: FlowTransition): CallHandler {
  const flow = entity.flow!;
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions[transition.name]);
      const { ctx, params, t } = request;
      const id = readKey(entity, params);
      const stored = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirst();
      if (!stored) throw ApiError.notFound('error.recordNotFound');
      const row = rowToApi(entity, stored);
      const scope = await rowScopeFor(ctx, entity, principal, 'manage');
      const isOwner = transition.owner === true && sameId(ownerOf(entity, row), principal.userId);
      if (!scope.allows(stored) && !isOwner) throw ApiError.forbidden('error.outOfScope');
      // A decision taken on a record read before someone else's change is refused, not applied to what they did not see.
      assertRowVersion(params, stored);

      const allowed = new Set(transition.fields ?? []);
      const input = Object.fromEntries(Object.entries(params).filter(([k]) => allowed.has(k.replace(/\[\]$/, ''))));
      const { values, issues } = coerceRecord(entity, input);
      if (issues.length) refuseIssues(entity, issues, t);
      sanitiseHtmlFields(entity, values);
      // A transition whose own field is its opinion (`opinionField`) has no second box: that field's text is the opinion.
      const said = transition.opinionField ? values[transition.opinionField] : params.opinion;
      const opinion = typeof said === 'string' ? said.trim() : '';
      if (opinion.length > MAX_OPINION) throw ApiError.business('flow.opinionTooLong', { max: MAX_OPINION });
      await checkStoredValues(ctx, entity, values, t, id, principal);

      const check = checkTransition(entity, row, { userId: principal.userId, roles: principal.roles }, transition.name, { ...values, opinion });
      if (!check.ok) {
        if (check.reason === 'roleNotAllowed') throw ApiError.forbidden(check.message);
        throw ApiError.business(check.message, { state: String(row[flow.field] ?? '') });
      }
      // Last check before writing: a signer who confirms decisions enters a password or SMS code.
      const signer = await verifySigner(ctx, principal, params);
      const now = nowText();
      await ctx.database.db.transaction().execute(async (trx) => {
        const result = await trx.updateTable(entity.table)
          .set({ ...valuesToColumns(entity, values), [flow.field]: check.to, updateTime: now, ...nextRowVersion() })
          .where(entity.key, '=', id).where(flow.field, '=', String(row[flow.field]))
          .where(ROW_VERSION, '=', storedRowVersion(stored))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('flow.changedMeanwhile', {}, STALE_ROW_DATA);
        if (touchesFileFields(entity, values)) await syncAttachmentLinks(trx, entity, id, { ...row, ...values });
        if (transition.effect) {
          const effect = transitionEffect(transition.effect);
          if (!effect) throw ApiError.business('flow.unknownEffect', { effect: transition.effect });
          await effect({ ctx, trx, row, principal, ip: request.raw.ip });
        }
        await recordOperation(trx, principal, {
          entity, action: 'transition', recordId: id, detail: transition.name,
          before: row, after: { ...row, ...values, [flow.field]: check.to },
        }, request.raw.ip);
        await recordFlowStep(trx, entity, {
          recordId: id, transition: transition.name, fromState: String(row[flow.field] || flow.initial), toState: check.to,
          userId: principal.userId, opinion, createTime: now, verifyMethod: signer?.verified ?? null, signImage: signer?.signImage ?? null,
        });
      });
      const updated = rowToApi(entity, await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirstOrThrow());
      await notifyTransition(ctx, entity, transition, updated, principal.userId, opinion);
      await attachDisplayNames(ctx, entity, [updated]);
      return updated;
    },
  };
}
