import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

/** An entity this module's code relies on; its schema missing is a broken installation, not a user error. */
export function requireEntity(ctx: ServerContext, name: string): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/`);
  return entity;
}

/** The call base of an entity's module (info, service). */
export function baseOf(ctx: ServerContext, entity: EntityDef): string {
  return ctx.registry.modules.get(entity.module)!.base;
}
