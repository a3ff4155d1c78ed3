import type { Principal } from '../../auth/Principal';
import { recordOperation, type OperationEntity } from '../../audit/recordOperation';
import type { Db } from '../../db/connect';
import type { InstanceRow } from './instanceRows';

/**
 * A request as the operation log (系统 › 操作日志) names it. The engine's requests are no entity of
 * the registry (their own tables, bpmTables.ts), so the line says `BpmInstance` with the request's
 * id, and its summary lists the status change and the reason.
 */
const BPM_INSTANCE: OperationEntity = {
  name: 'BpmInstance',
  module: 'bpm',
  fields: [
    { name: 'status', type: 'string', label: 'bpmCentre.col.status' },
    { name: 'reason', type: 'string', label: 'bpmMonitor.reason' },
  ],
};

/** An administrator's 终止 as an operation-log line, written in the action's transaction (it rolls back with it). */
export async function logTermination(trx: Db, principal: Principal, instance: InstanceRow, reason: string, ip: string): Promise<void> {
  await recordOperation(trx, principal, {
    entity: BPM_INSTANCE, action: 'transition', recordId: instance.instanceId, detail: 'terminateInstance',
    before: { status: instance.status }, after: { status: 'terminated', reason },
  }, ip);
}
