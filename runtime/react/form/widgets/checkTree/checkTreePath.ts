import type { FieldDef } from '../../../../core/schema/types';
import { DEPARTMENT_TREE_PATH } from '../../../data/useEntityTree';
import type { EntitySchemaBundle } from '../../../schema/EntitySchemaBundle';
import { referenceTreePath } from '../../../schema/remoteSelectPath';

/**
 * The tree call a `checkTree` widget shows: the departments', or the referred tree entity's.
 * The schema load allowed the widget on such fields only (runtime/core/schema/customWidgets.ts).
 */
export function checkTreePath(bundle: EntitySchemaBundle, field: FieldDef): string | undefined {
  if (field.type === 'departments') return DEPARTMENT_TREE_PATH;
  if (field.type === 'reference' && field.multiple) return referenceTreePath(bundle, field);
  return undefined;
}
