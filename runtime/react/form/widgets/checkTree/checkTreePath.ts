import type { FieldDef, FormFieldNode } from '../../../../core/schema/types';
import { DEPARTMENT_TREE_PATH } from '../../../data/useEntityTree';
import type { EntitySchemaBundle } from '../../../schema/EntitySchemaBundle';
import { referenceTreePath } from '../../../schema/remoteSelectPath';

/**
 * The tree call a `checkTree` form item shows, or undefined when the item asks for another control
 * or the field is not several nodes of a tree. The form and the details screen both ask here.
 */
export function checkTreePath(bundle: EntitySchemaBundle, field: FieldDef, item: FormFieldNode | undefined): string | undefined {
  if (item?.widget !== 'checkTree') return undefined;
  if (field.type === 'departments') return DEPARTMENT_TREE_PATH;
  if (field.type === 'reference' && field.multiple) return referenceTreePath(bundle, field);
  return undefined;
}
