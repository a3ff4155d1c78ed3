import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { rowScopeFor } from '../../entity/dataScope';
import { lockRow } from '../../entity/lockRow';
import { readKey } from '../../entity/loadScopedRow';
import { rowToApi } from '../../entity/rowValues';
import { nextRowVersion } from '../../entity/rowVersion';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import type { OutcomeHook } from '../bpm/binding/outcomeHooks';
import { requireEntity } from './requireEntity';

/**
 * What a licence borrowing (OfficeLicenceBorrow, bound to the process 证照借用) does to the licence
 * (OfficeLicenceRecord.status): approved, the licence is 借出 (lent) — in the approval's own
 * transaction, through the binding's outcome hook —; 归还 (returnOfficeLicenceBorrow) writes the
 * return time and puts it back 在库 (in stock) unless another approved borrowing still has it. Two
 * borrowings of one licence may not overlap in time. A licence is lent exactly while an approved
 * borrowing of it is not given back.
 */

/** Borrowings that hold their licence for their time: a request running or approved, not given back. */
const HOLDING = ['running', 'approved'];

type Row = Record<string, unknown>;

/** The licence's row, held for the rest of the transaction: two borrowings of it judged at once take turns. */
async function lockLicence(ctx: ServerContext, trx: Db, licenceId: string): Promise<Row> {
  const licences = requireEntity(ctx, 'OfficeLicenceRecord');
  if (!licenceId || !(await lockRow(trx, licences.table, licences.key, licenceId))) throw ApiError.business('error.recordNotFound');
  return trx.selectFrom(licences.table).selectAll().where(licences.key, '=', licenceId).executeTakeFirstOrThrow();
}

function refuseVoid(licence: Row): void {
  if (licence.status === 'void') throw ApiError.business('entity.OfficeLicenceBorrow.rule.licenceVoid', { licence: licence.licenceName });
}

/**
 * Refuses when another borrowing of the licence in one of `states`, not given back, overlaps
 * [borrowTime, planReturnTime) — half-open, so a return at 12:00 and a borrowing from 12:00 both stand.
 */
async function refuseOverlap(ctx: ServerContext, trx: Db, borrow: { id?: string; licence: Row; borrowTime: string; planReturnTime: string }, states: string[]): Promise<void> {
  const borrows = requireEntity(ctx, 'OfficeLicenceBorrow');
  let query = trx.selectFrom(borrows.table).selectAll()
    .where('licence', '=', String(borrow.licence[requireEntity(ctx, 'OfficeLicenceRecord').key])).where('status', 'in', states).where('returnTime', 'is', null)
    .where('borrowTime', '<', borrow.planReturnTime).where('planReturnTime', '>', borrow.borrowTime);
  if (borrow.id) query = query.where(borrows.key, '<>', borrow.id);
  const other = await query.orderBy('borrowTime').executeTakeFirst();
  if (!other) return;
  const users = systemEntity(ctx, 'User');
  const borrower = await trx.selectFrom(users.table).select('userName').where(users.key, '=', String(other.borrower)).executeTakeFirst();
  throw ApiError.business('entity.OfficeLicenceBorrow.rule.licenceClash', {
    licence: borrow.licence.licenceName, borrower: borrower?.userName ?? '', start: String(other.borrowTime).slice(0, 16), end: String(other.planReturnTime).slice(0, 16),
  });
}

/**
 * OfficeLicenceBorrow's before-write hook: no borrowing of a voided licence, none overlapping a
 * borrowing of the same licence that is in approval or approved and not given back. Drafts hold
 * nothing (a forgotten draft blocks nobody); two drafts submitted for one time meet again at the
 * approval, which refuses the second (lendApprovedLicence).
 */
export const refuseLicenceClash: BeforeWriteHook = async ({ ctx, trx, record, id }) => {
  const licenceId = typeof record.licence === 'string' ? record.licence : '';
  const borrowTime = String(record.borrowTime ?? '');
  const planReturnTime = String(record.planReturnTime ?? '');
  // Required fields: validation refused a borrowing without them before any hook runs.
  if (!licenceId || !borrowTime || !planReturnTime) return;
  const licence = await lockLicence(ctx, trx, licenceId);
  refuseVoid(licence);
  await refuseOverlap(ctx, trx, { id, licence, borrowTime, planReturnTime }, HOLDING);
};

/**
 * The outcome hook of OfficeLicenceBorrow (server/modules/bpm/binding/outcomeHooks.ts): approved,
 * the licence becomes 借出 in the approval's transaction. An approval that would lend a voided
 * licence, or one another approved borrowing holds at that time, is refused — the approver rejects
 * it instead. Rejected and terminated requests leave the licence as it is.
 */
export const lendApprovedLicence: OutcomeHook = async ({ ctx, trx, id, record, outcome }) => {
  if (outcome !== 'approved') return;
  const licences = requireEntity(ctx, 'OfficeLicenceRecord');
  const licence = await lockLicence(ctx, trx, String(record.licence ?? ''));
  refuseVoid(licence);
  await refuseOverlap(ctx, trx, { id, licence, borrowTime: String(record.borrowTime), planReturnTime: String(record.planReturnTime) }, ['approved']);
  await trx.updateTable(licences.table).set({ status: 'lent', updateTime: nowText(), ...nextRowVersion() })
    .where(licences.key, '=', String(licence[licences.key])).execute();
};

/**
 * POST returnOfficeLicenceBorrow {id}: 归还, by the licences' keeper (update on 证照, the borrowing
 * and the licence inside their data scope): an approved borrowing not yet given back gets the
 * server's time as its return time, and the licence is 在库 again unless another approved
 * borrowing still has it. One transaction, both rows locked; both changes in the operation log.
 */
export const returnOfficeLicenceBorrowCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const borrows = requireEntity(ctx, 'OfficeLicenceBorrow');
    const licences = requireEntity(ctx, 'OfficeLicenceRecord');
    requirePermission(principal, licences.permissions.update);
    const id = readKey(borrows, request.params);
    // Scopes read roles and departments through the server's connection: before the transaction (on SQLite it holds the one).
    const borrowScope = await rowScopeFor(ctx, borrows, principal, 'manage');
    const licenceScope = await rowScopeFor(ctx, licences, principal, 'manage');
    return ctx.database.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, borrows.table, borrows.key, id))) throw ApiError.notFound('error.recordNotFound');
      const stored = await trx.selectFrom(borrows.table).selectAll().where(borrows.key, '=', id).executeTakeFirstOrThrow();
      if (!borrowScope.allows(stored)) throw ApiError.forbidden('error.outOfScope');
      const before = rowToApi(borrows, stored);
      if (before.returnTime) throw ApiError.business('entity.OfficeLicenceBorrow.rule.alreadyReturned', { time: String(before.returnTime).slice(0, 16) });
      if (before.status !== 'approved') throw ApiError.business('entity.OfficeLicenceBorrow.rule.notLent');
      const licence = await lockLicence(ctx, trx, String(before.licence));
      if (!licenceScope.allows(licence)) throw ApiError.forbidden('error.outOfScope');
      const now = nowText();
      await trx.updateTable(borrows.table).set({ returnTime: now, updateTime: now, ...nextRowVersion() }).where(borrows.key, '=', id).execute();
      await recordOperation(trx, principal, { entity: borrows, action: 'update', recordId: id, detail: 'return', before, after: { ...before, returnTime: now } }, request.raw.ip);
      const stillOut = await trx.selectFrom(borrows.table).select(borrows.key)
        .where('licence', '=', String(before.licence)).where('status', '=', 'approved').where('returnTime', 'is', null).executeTakeFirst();
      const licenceStatus = licence.status === 'lent' && !stillOut ? 'inStock' : String(licence.status);
      if (licenceStatus !== licence.status) {
        await trx.updateTable(licences.table).set({ status: licenceStatus, updateTime: now, ...nextRowVersion() }).where(licences.key, '=', String(licence[licences.key])).execute();
        const licenceBefore = rowToApi(licences, licence);
        await recordOperation(trx, principal, { entity: licences, action: 'update', recordId: String(licence[licences.key]), detail: 'return', before: licenceBefore, after: { ...licenceBefore, status: licenceStatus } }, request.raw.ip);
      }
      return { borrowId: id, returnTime: now, licenceStatus };
    });
  },
};
