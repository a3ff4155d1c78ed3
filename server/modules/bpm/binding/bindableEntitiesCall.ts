import type { CallHandler } from '../../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../../calls/requirePrincipal';
import { ApiError } from '../../../http/ApiError';

/**
 * GET /get/bpm/getBindableEntities: the entities a process may be bound to (`entity` in the
 * definition) — those declaring `workflow`, as publishing refuses any other (bindingIssues:
 * unknownEntity) and only their records are submitted to a process. `{list: [{name, title,
 * module, process}]}` by name; `process` is the key the entity submits to. For the process
 * designer: whoever may read or edit process definitions.
 */
export const getBindableEntitiesCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { registry } = request.ctx;
    const processEntity = registry.entities.get('BpmProcess')!;
    if (!hasAnyPermission(principal, Object.values(processEntity.permissions))) {
      throw ApiError.forbidden('error.noPermission', { permission: processEntity.permissions.list });
    }
    const list = [...registry.entities.values()].filter((entity) => entity.workflow)
      .map((entity) => ({ name: entity.name, title: entity.title, module: entity.module, process: entity.workflow!.process }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { list };
  },
};
