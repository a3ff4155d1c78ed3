import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { systemEntity } from '../../context';
import { viewCall } from '../../entity/readCalls';
import { hrEntity } from './hrEntities';

const EARNINGS = ['baseSalary', 'postAllowance', 'performancePay', 'overtimePay', 'otherAllowance'] as const;
const DEDUCTIONS = ['attendanceDeduction', 'socialInsurance', 'housingFund', 'incomeTax'] as const;

/** Net pay in yuan, to the fen: earnings minus deductions (computed in fen, so 0.1 + 0.2 stays 0.3). */
export function netPayOf(record: Record<string, unknown>): number {
  const fen = (name: string) => Math.round(Number(record[name] ?? 0) * 100);
  const earned = EARNINGS.reduce((sum, name) => sum + fen(name), 0);
  const deducted = DEDUCTIONS.reduce((sum, name) => sum + fen(name), 0);
  return (earned - deducted) / 100;
}

/**
 * Before a payslip is written (insert, update, import): one slip per employee and month, and the
 * net pay is the server's sum, never a typed value — the list's totals and the employee's slip agree.
 */
export const checkSalarySlip: BeforeWriteHook = async ({ ctx, trx, entity, action, record, id }) => {
  const netPay = netPayOf(record);
  const same = await trx.selectFrom(entity.table).select(entity.key)
    .where('userId', '=', String(record.userId)).where('salaryMonth', '=', String(record.salaryMonth))
    .$if(Boolean(id), (q) => q.where(entity.key, '!=', id!)).executeTakeFirst();
  if (same) {
    const users = systemEntity(ctx, 'User');
    const user = await trx.selectFrom(users.table).select('userName').where('userId', '=', String(record.userId)).executeTakeFirst();
    throw ApiError.business('entity.SalaryRecord.rule.duplicateMonth', { user: user?.userName ?? '', month: record.salaryMonth });
  }
  record.netPay = netPay;
  // An update writes the changed fields after the hooks: the computed total goes in through the transaction.
  if (action === 'update' && id) await trx.updateTable(entity.table).set({ netPay }).where(entity.key, '=', id).execute();
};

/**
 * getSalaryRecordById with 工资条 privacy: the generic by-id answers whoever may read the row in
 * their scope, list rights included; a payslip is shown to its owner, and to others only with the
 * view permission (the HR and payroll roles), within their data scope. The generic read is made
 * from SalaryRecord's definition at call time: this handler stays in the table when the designer
 * publishes the entity (a module's replacement is kept), and must serve the published fields.
 */
export function registerSalaryCalls(table: CallTable): void {
  const key = callKey('get', 'hr', 'getSalaryRecordById');
  if (!table.has(key)) return;
  const privateSlip: CallHandler = {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const row = await viewCall(hrEntity(request.ctx, 'SalaryRecord')).handle(request) as Record<string, unknown>;
      if (String(row.userId) !== principal.userId && !principal.permissions.has('hr:SalaryRecord:view')) {
        throw ApiError.forbidden('entity.SalaryRecord.rule.notOwner');
      }
      return row;
    },
  };
  table.set(key, privateSlip);
}
