import type { EntityDef } from '../schema/types';

export function initialState(entity: EntityDef): string | undefined {
  return entity.flow?.initial;
}
