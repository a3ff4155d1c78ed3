import { callMethod, callName } from '../../runtime/core/naming';
import type { CallHandler, CallRequest, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';

type Transfer = 'import' | 'export';

/**
 * The entity's own `import{E}` or `export{E}` call for the entity the request names
 * (`entity=HrContract`), looked up in the call table when the request comes, so a named handler
 * that replaced the generic one serves here too. That call checks the entity's import or export
 * permission and data scope exactly as on its own path.
 */
function transferCallFor(request: CallRequest, table: CallTable, kind: Transfer): CallHandler {
  const { ctx, t } = request;
  const named = request.params.entity;
  const name = typeof named === 'string' ? named.trim() : '';
  if (!name) throw ApiError.business('genericCalls.entityMissing', {}, { field: 'entity' });
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw ApiError.business('genericCalls.unknownEntity', { entity: name.slice(0, 100) }, { field: 'entity' });
  const base = ctx.registry.modules.get(entity.module)!.base;
  const handler = entity.calls.includes(kind) ? table.get(callKey(callMethod(kind), base, callName(entity.name, kind))) : undefined;
  if (!handler) throw ApiError.business(`genericCalls.no${kind === 'import' ? 'Import' : 'Export'}`, { title: t(entity.title) }, { field: 'entity' });
  return handler;
}

/**
 * `POST /fileImport` multipart: `entity` (in the query, or a field before the file) and the xlsx
 * `file` → the answer of `import{E}`, row report and `importJob` progress included.
 */
export function fileImportCall(table: CallTable): CallHandler {
  return {
    auth: 'session',
    multipart: 'buffer',
    handle: (request) => transferCallFor(request, table, 'import').handle(request),
  };
}

/** `GET /fileExport?entity=…` with the list's filters, sort and `count=1` → the file of `export{E}`. */
export function fileExportCall(table: CallTable): CallHandler {
  return {
    auth: 'session',
    handle: (request) => transferCallFor(request, table, 'export').handle(request),
  };
}
