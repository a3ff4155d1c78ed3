import type { EntityDef } from '../schema/types';

/** The value that identifies the record's owner: the `my` list's owner field, else its creator. */
export function ownerOf(entity: EntityDef, record: Record<string, unknown>): unknown {
  const field = entity.list.scopes.my?.ownerField ?? 'createUser';
  return record[field];
}
