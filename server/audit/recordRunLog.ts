import os from 'node:os';
import type { ServerContext } from '../context';
import { newId, nowText } from '../http/newId';
import { errorMessage, redactSecrets, stackSummary } from './errorSummary';

/** The events of SysRunLog.json (its `event` options list the same names). */
export type RunLogEvent =
  | 'serverStart' | 'serverStop' | 'unexpectedError' | 'taskFailed'
  | 'maintenanceOn' | 'maintenanceOff' | 'sendFailed' | 'messageUndelivered' | 'uniqueIndexBlocked'
  | 'designRefused';

export interface RunLogEntry {
  level: 'info' | 'warn' | 'error';
  event: RunLogEvent;
  /** A technical sentence (not translated): versions, the error's message, a task's name. */
  message: string;
  /** The call or task concerned, e.g. `POST /capi/set/hr/insertHrContract` — never its parameters. */
  call?: string;
  /** Where it happened: the top of a stack, or a list of failed channels. */
  detail?: string;
}

const NODE = `${os.hostname()}:${process.pid}`;
const MAX_MESSAGE = 1000;
const MAX_DETAIL = 4000;
const MAX_CALL = 200;

/**
 * The run log (SysRunLog, read by the auditor): how the service itself is doing. Writing it
 * never fails the caller — a run log that cannot be written (the database is the trouble) goes
 * to the process's error output instead.
 */
export async function recordRunLog(ctx: ServerContext, entry: RunLogEntry): Promise<void> {
  const table = ctx.registry.entities.get('SysRunLog')?.table;
  if (!table) return;
  const now = nowText();
  try {
    await ctx.database.db.insertInto(table).values({
      logId: newId(), level: entry.level, event: entry.event,
      message: redactSecrets(entry.message).slice(0, MAX_MESSAGE),
      call: entry.call ? entry.call.slice(0, MAX_CALL) : null,
      detail: entry.detail ? redactSecrets(entry.detail).slice(0, MAX_DETAIL) : null,
      node: NODE, createTime: now, updateTime: now,
    }).execute();
  } catch (failure) {
    console.error(`[run log] not written (${entry.event}: ${entry.message}): ${errorMessage(failure)}`);
  }
}

/** An unexpected error as a run-log entry: message and stack summary, nothing of the request. */
export function errorEntry(event: RunLogEvent, error: unknown, call?: string): RunLogEntry {
  return { level: 'error', event, message: errorMessage(error), call, detail: stackSummary(error) || undefined };
}
