import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { nowText } from '../http/newId';
import { dispatchMessage } from '../messages/dispatchMessage';
import { retentionDays, type RetainedLog } from '../audit/securityConfig';
import { purgeUnlinkedAttachments } from '../files/purgeUnlinkedAttachments';

/** A job returns what it did, in a sentence the run history shows. */
export type Job = (ctx: ServerContext) => Promise<string>;

const DAY_MS = 86_400_000;
const CONTRACT_NOTICE_DAYS = 30;

const purgeExpiredSessions: Job = async (ctx) => {
  const result = await ctx.database.db.deleteFrom('sys_session').where('expiresAt', '<=', Date.now()).executeTakeFirst();
  return `removed ${Number(result.numDeletedRows)} expired sessions`;
};

/**
 * A log's retention setting (SecurityConfig, kept by the security administrator) applied. The
 * security events are not purged: they are the record of every approval.
 */
function purgeLog(log: RetainedLog): Job {
  return async (ctx) => {
    const days = await retentionDays(ctx, log);
    const cutoff = nowText(new Date(Date.now() - days * DAY_MS));
    const table = ctx.registry.entities.get(log)?.table;
    if (!table) return `no ${log} table`;
    const result = await ctx.database.db.deleteFrom(table).where('createTime', '<', cutoff).executeTakeFirst();
    return `removed ${Number(result.numDeletedRows)} ${log} lines older than ${days} days`;
  };
}

/**
 * One reminder per contract ending within 30 days, to the employee it names, on the channels of
 * the message type hrContractExpiring; sent once (the site message's link marks it as sent).
 */
const remindExpiringContracts: Job = async (ctx) => {
  const contract = ctx.registry.entities.get('HrContract');
  if (!contract) return 'no contracts module';
  const today = nowText().slice(0, 10);
  const limit = nowText(new Date(Date.now() + CONTRACT_NOTICE_DAYS * DAY_MS)).slice(0, 10);
  const messages = systemEntity(ctx, 'SysMessage').table;
  const due = await ctx.database.db.selectFrom(contract.table).select(['contractId', 'contractNo', 'userId', 'endDate'])
    .where('endDate', '>=', today).where('endDate', '<=', limit).where('userId', 'is not', null).execute();
  let sent = 0;
  for (const row of due) {
    const link = `/app/hr/contract/details?contractId=${String(row.contractId)}`;
    const already = await ctx.database.db.selectFrom(messages).select('messageId')
      .where('link', '=', link).where('receiverId', '=', String(row.userId)).executeTakeFirst();
    if (already) continue;
    await dispatchMessage(ctx, {
      typeCode: 'hrContractExpiring', receiverId: String(row.userId), msgType: 'reminder', link,
      compose: (t) => ({
        title: t('scheduler.contractExpiring.title', { contractNo: row.contractNo, endDate: row.endDate }),
        vars: { contractNo: row.contractNo, endDate: row.endDate },
      }),
    });
    sent += 1;
  }
  return `${due.length} contracts end within ${CONTRACT_NOTICE_DAYS} days, ${sent} reminders sent`;
};

/** The jobs a scheduled task may name (ScheduledTask.jobName options list the same names). */
export const JOBS: Record<string, Job> = {
  purgeExpiredSessions,
  purgeOperationLog: purgeLog('SysOperationLog'),
  purgeLoginLog: purgeLog('SysLoginLog'),
  purgeRunLog: purgeLog('SysRunLog'),
  remindExpiringContracts,
  purgeUnlinkedAttachments,
};
