import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { systemEntity } from '../context';
import type { Scheduler } from './Scheduler';

/** POST /set/system/runScheduledTask {id}: runs a task now, for whoever may edit scheduled tasks. */
function runNowCall(scheduler: Scheduler): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, systemEntity(request.ctx, 'ScheduledTask').permissions.update);
      const id = String(request.params.id ?? request.params.taskId ?? '');
      const outcome = id ? await scheduler.runNow(id) : undefined;
      if (!outcome) throw ApiError.notFound('error.recordNotFound');
      return outcome;
    },
  };
}

export function registerSchedulerCalls(table: CallTable, scheduler: Scheduler): void {
  table.set(callKey('set', 'system', 'runScheduledTask'), runNowCall(scheduler));
}
