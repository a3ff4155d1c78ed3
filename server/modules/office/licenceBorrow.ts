import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import type { ServerContext } from '../../context';
import type { DemoOrganisation } from '../ServerModule';
import { ApiError } from '../../http/ApiError';
import { insertRow } from '../../seed/insertRow';
import { publishProcessVersion } from '../bpm/processVersions';
import licenceBorrowDefinition from './licenceBorrowProcess.json';

/** The process 证照借用 (licenceBorrowProcess.json), bound to OfficeLicenceBorrow by its schema's `workflow`. */
export const LICENCE_BORROW_PROCESS = 'licenceBorrow';

/**
 * POST createBpmByLicenceRecordRule {licence, purpose, borrowTime, planReturnTime, borrower?}: the
 * borrowing record and its request in one call, as the spec's 证照借用 does — the generic insert
 * (permission, scope, validation) and then the engine's startProcess for the record
 * (docs/WORKFLOW.md › Binding: the record is frozen while its request runs and takes its outcome).
 * If the request cannot start, the record is removed again so no orphan draft remains.
 */
export function createBpmByLicenceRecordRule(table: CallTable): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const insert = table.get(callKey('set', 'office', 'insertOfficeLicenceBorrow'));
      const start = table.get(callKey('set', 'bpm', 'startProcess'));
      if (!insert || !start) throw ApiError.notFound('error.notFound');
      const record = await insert.handle(request) as Record<string, unknown>;
      const borrowId = String(record.borrowId);
      try {
        const started = await start.handle({ ...request, params: { processKey: LICENCE_BORROW_PROCESS, bizEntity: 'OfficeLicenceBorrow', bizId: borrowId } }) as { instanceId: string };
        return { borrowId, instanceId: started.instanceId };
      } catch (error) {
        const entity = request.ctx.registry.entities.get('OfficeLicenceBorrow')!;
        await request.ctx.database.db.deleteFrom(entity.table).where(entity.key, '=', borrowId).execute();
        throw error;
      }
    },
  };
}

/** Publishes 证照借用 on a new database (the demo's processes are published the same way: server/modules/bpm/bpmDemoData.ts). */
export async function seedLicenceBorrowProcess(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const processEntity = ctx.registry.entities.get('BpmProcess');
  if (!processEntity) return;
  const admin = demo.as('admin', 'office');
  // Names are language-pack keys (locales/parts/bpm-names.*.json), read in each reader's language.
  const processName = `bpm.process.${LICENCE_BORROW_PROCESS}.name`;
  const row = { processKey: LICENCE_BORROW_PROCESS, processName, category: 'bpm.category.admin', definition: JSON.stringify({ ...licenceBorrowDefinition, key: LICENCE_BORROW_PROCESS, name: processName }) };
  const processId = await insertRow(ctx, processEntity, { ...row, status: 'published' }, admin);
  await publishProcessVersion(ctx, ctx.database.db, { ...row, [processEntity.key]: processId }, admin);
}
