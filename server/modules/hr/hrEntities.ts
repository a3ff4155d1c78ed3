import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

/** An HR entity this module's code relies on; its schema missing is a broken installation, not a user error. */
export function hrEntity(ctx: ServerContext, name: string): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/hr/`);
  return entity;
}
