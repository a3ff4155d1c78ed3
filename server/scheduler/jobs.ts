import type { ServerContext } from '../context';
import { nowText } from '../http/newId';
import { retentionDays, type RetainedLog } from '../audit/securityConfig';
import { purgeUnlinkedAttachments } from '../files/purgeUnlinkedAttachments';
import { moduleJobs } from '../modules';

/** A job returns what it did, in a sentence the run history shows. */
export type Job = (ctx: ServerContext) => Promise<string>;

/**
 * The scheduled task a job gets without anyone asking (defaultTasks.ts): its name (a text, or a
 * language-pack key — ScheduledTask.taskName is translated), its cron and whether it starts enabled.
 */
export interface DefaultSchedule {
  taskName: string;
  cron: string;
  enabled: 0 | 1;
}

const DAY_MS = 86_400_000;

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

/** The default schedules of the jobs above: the maintenance every installation wants, enabled. */
export const SYSTEM_SCHEDULES: Record<string, DefaultSchedule> = {
  purgeExpiredSessions: { taskName: '清理过期会话', cron: '0 3 * * *', enabled: 1 },
  purgeOperationLog: { taskName: '清理过期操作日志', cron: '30 3 * * *', enabled: 1 },
  purgeLoginLog: { taskName: '清理过期登录日志', cron: '35 3 * * *', enabled: 1 },
  purgeRunLog: { taskName: '清理过期运行日志', cron: '40 3 * * *', enabled: 1 },
  purgeUnlinkedAttachments: { taskName: '清理无主附件', cron: '50 3 * * *', enabled: 1 },
};

/** The jobs a scheduled task may name (ScheduledTask.jobName options list the same names). */
export const JOBS: Record<string, Job> = {
  purgeExpiredSessions,
  purgeOperationLog: purgeLog('SysOperationLog'),
  purgeLoginLog: purgeLog('SysLoginLog'),
  purgeRunLog: purgeLog('SysRunLog'),
  purgeUnlinkedAttachments,
  // The modules' own (server/modules), such as HR's remindExpiringContracts.
  ...moduleJobs(),
};
