import { referencedEntities, type EntityDef } from '../../runtime/core/schema';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';

/**
 * The normalised entity definition the generic screens render, with what its pickers need to
 * know about the entities its fields refer to, and the definitions of the entities whose records
 * its details list. Anyone who may read or write the entity gets it.
 */
const entitySchemaCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const name = String(request.params.entity ?? '');
    const entity = request.ctx.registry.entities.get(name);
    if (!entity) throw ApiError.notFound('error.unknownEntity', { entity: name });
    if (!entity.pickerOpen && !hasAnyPermission(principal, Object.values(entity.permissions))) {
      throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.list });
    }
    const references: Record<string, { base: string; key: string; labelField: string; title: string; parentField?: string }> = {};
    for (const target of referencedEntities(request.ctx.registry, entity)) {
      references[target.name] = {
        base: request.ctx.registry.modules.get(target.module)!.base,
        key: target.key, labelField: target.labelField, title: target.title,
        ...(target.parentField ? { parentField: target.parentField } : {}),
      };
    }
    // The entities whose records the details list (details.related), for readers who may read them at all.
    const related: Record<string, { entity: EntityDef; base: string }> = {};
    for (const { entity: name } of entity.details.related ?? []) {
      const target = request.ctx.registry.entities.get(name);
      if (target && hasAnyPermission(principal, Object.values(target.permissions))) {
        related[name] = { entity: target, base: request.ctx.registry.modules.get(target.module)!.base };
      }
    }
    return { entity, base: request.ctx.registry.modules.get(entity.module)!.base, references, related };
  },
};

export function registerSchemaCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getEntitySchema'), entitySchemaCall);
}
