import { callPath } from '../../core/naming';
import type { FieldDef } from '../../core/schema/types';
import type { EntitySchemaBundle } from './EntitySchemaBundle';

/** The paged select over users (API contract). */
export const USER_SELECT_PATH = '/get/system/getUserListForSelect';

/** The `get{E}Tree` call when the referred entity is a tree (menus, dictionaries…), else undefined. */
export function referenceTreePath(bundle: EntitySchemaBundle, field: FieldDef): string | undefined {
  const target = field.entity ? bundle.references[field.entity] : undefined;
  return target?.parentField && field.entity ? callPath(target.base, field.entity, 'tree') : undefined;
}

/** The `get{E}ListForSelect` call of the entity a reference field points at. */
export function referenceSelectPath(bundle: EntitySchemaBundle, field: FieldDef): string {
  const target = field.entity ? bundle.references[field.entity] : undefined;
  if (!field.entity || !target) {
    throw new Error(`Field "${field.name}" of ${bundle.entity.name} refers to entity "${field.entity ?? ''}", which getEntitySchema did not list in \`references\`; the server must describe every referenced entity.`);
  }
  return callPath(target.base, field.entity, 'select');
}
