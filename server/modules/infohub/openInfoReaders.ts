import { callName } from '../../../runtime/core/naming';
import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { readIdList } from '../../http/normaliseBody';
import { ApiError } from '../../http/ApiError';
import { baseOf, requireEntity } from './requireEntity';

/**
 * POST setOpenInfoReaders `{id, readers: [userId, …], rowVersion?}`: who may read an open-info
 * item. Readers named: the item is restricted to them (and its publisher and managers); none: it
 * is open to the whole unit again. Served by the generic update (permission, scope, the users
 * checked to exist, row version, operation log), so it is no wider than editing the item.
 */
export function setOpenInfoReadersCall(table: CallTable): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      requirePrincipal(request);
      const entity = requireEntity(request.ctx, 'OpenInfo');
      const update = table.get(callKey('set', baseOf(request.ctx, entity), callName(entity.name, 'update')));
      if (!update) throw ApiError.notFound('error.notFound');
      const id = request.params[entity.key] ?? request.params.id;
      const readers = readIdList(request.params.readers ?? request.params['readers[]']);
      return update.handle({
        ...request,
        params: {
          [entity.key]: id, readers: readers.join(','), openToAll: readers.length === 0 ? 1 : 0,
          ...(request.params.rowVersion !== undefined ? { rowVersion: request.params.rowVersion } : {}),
        },
      });
    },
  };
}
