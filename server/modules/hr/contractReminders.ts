import { systemEntity, type ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { dispatchMessage } from '../../messages/dispatchMessage';

const DAY_MS = 86_400_000;
export const CONTRACT_NOTICE_DAYS = 30;

/**
 * The job remindExpiringContracts: one reminder per contract ending within 30 days, to the
 * employee it names, on the channels of the message type hrContractExpiring; sent once (the site
 * message's link marks it as sent).
 */
export async function remindExpiringContracts(ctx: ServerContext): Promise<string> {
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
}
