import type { Db } from '../../db/connect';
import type { Principal } from '../../auth/Principal';
import { systemEntity, type ServerContext } from '../../context';
import type { EffectInput, TransitionEffect } from '../../entity/transitionEffects';
import { rowToApi } from '../../entity/rowValues';
import { nextRowVersion } from '../../entity/rowVersion';
import { recordOperation } from '../../audit/recordOperation';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { hrEntity } from './hrEntities';

/**
 * What an approved 离职, 调动 or 复职 does to the personnel file (HrUser), in the approval's
 * transaction: the file, the base-info analysis and the department pickers then tell the decision
 * without HR typing it a second time. A person without a file is refused in words and the
 * approval does not happen (HR makes the file first). Each write counts the row's version, so an
 * edit of the file opened before the approval is refused as stale, and leaves an operation-log line.
 */
async function writeFile(input: EffectInput, userId: string, change: (file: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const { ctx, trx, principal, ip } = input;
  const hrUser = hrEntity(ctx, 'HrUser');
  const stored = await trx.selectFrom(hrUser.table).selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!stored) throw ApiError.business('hr.rule.noPersonnelFile', { name: await userName(ctx, trx, userId) });
  const before = rowToApi(hrUser, stored);
  const values = change(before);
  const id = String(stored[hrUser.key]);
  await trx.updateTable(hrUser.table).set({ ...values, updateTime: nowText(), ...nextRowVersion() })
    .where(hrUser.key, '=', id).execute();
  await recordOperation(trx, principal, { entity: hrUser, action: 'update', recordId: id, before, after: { ...before, ...values } }, ip);
}

async function userName(ctx: ServerContext, trx: Db, userId: string): Promise<string> {
  const users = systemEntity(ctx, 'User');
  const row = await trx.selectFrom(users.table).select('userName').where('userId', '=', userId).executeTakeFirst();
  return row ? String(row.userName) : userId;
}

/** 离职 approved: the file says 离职 from the leaving date on (the date may still be ahead; the decision is taken). */
export const leavePersonnelFile: TransitionEffect = async (input) => {
  const leaveDate = String(input.row.leaveDate);
  await writeFile(input, String(input.row.userId), (file) => {
    // The file's own rule (离职日期不能早于入职日期) holds for what the approval writes too.
    if (file.hireDate && leaveDate < String(file.hireDate)) throw ApiError.business('entity.HrUser.rule.leaveAfterHire');
    return { staffStatus: 'left', leaveDate };
  });
};

/**
 * 调动 approved: the file's department and post become the new ones, and so does the system
 * user's department. The file's `deptId` is the system department by design (HrUser's
 * description): moving one without the other would put the person in two departments at once —
 * the file, the analysis and the HR pickers in the new one, the data scope, the organisation
 * tree, the leader chain of approvals and the sign-in in the old one.
 */
export const transferPersonnelFile: TransitionEffect = async (input) => {
  const { ctx, trx, row, principal, ip } = input;
  const userId = String(row.userId);
  const newDept = String(row.newDept);
  const depts = systemEntity(ctx, 'Dept');
  if (!(await trx.selectFrom(depts.table).select(depts.key).where(depts.key, '=', newDept).executeTakeFirst())) {
    throw ApiError.business('hr.rule.transferDeptGone');
  }
  await writeFile(input, userId, () => ({ deptId: newDept, position: row.newPosition }));
  await moveSystemUser(ctx, trx, principal, ip, userId, newDept);
};

async function moveSystemUser(ctx: ServerContext, trx: Db, principal: Principal, ip: string, userId: string, deptId: string): Promise<void> {
  const users = systemEntity(ctx, 'User');
  const stored = await trx.selectFrom(users.table).selectAll().where(users.key, '=', userId).executeTakeFirst();
  if (!stored || String(stored.deptId) === deptId) return;
  // The signed-in principal of the person follows at once: a write to sys_user empties the principal cache.
  await trx.updateTable(users.table).set({ deptId, updateTime: nowText(), ...nextRowVersion() })
    .where(users.key, '=', userId).execute();
  const before = rowToApi(users, stored);
  await recordOperation(trx, principal, { entity: users, action: 'update', recordId: userId, before, after: { ...before, deptId } }, ip);
}

/**
 * 复职 approved: the person is employed again — 在职, no leaving date. A probationer returning
 * from an absence is still on probation (the absence does not make them regular); the department
 * and post change only through a transfer.
 */
export const reinstatePersonnelFile: TransitionEffect = async (input) => {
  await writeFile(input, String(input.row.userId), (file) => ({
    staffStatus: file.staffStatus === 'probation' ? 'probation' : 'regular',
    leaveDate: null,
  }));
};

export const PERSONNEL_EFFECTS = { leavePersonnelFile, transferPersonnelFile, reinstatePersonnelFile };
