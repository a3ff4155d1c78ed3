import { heldListScopes } from '../../core/schema/heldListScopes';
import type { EntityDef } from '../../core/schema/types';
import type { RuntimeServices } from '../RuntimeServices';
import type { ListScopeName } from './useEntityList';

/**
 * The lists of an entity this user may call: the data-scoped manage list and, where the entity has
 * one, the own-rows list. The desktop index shows a tab per scope; the mobile screens take the
 * first (manage where held, else my), so a staff user who only holds the my permission reads her
 * own records instead of calling the manage list and being refused.
 */
export function permittedScopes(entity: EntityDef, hasPermission: RuntimeServices['hasPermission']): ListScopeName[] {
  return heldListScopes(entity, hasPermission);
}
