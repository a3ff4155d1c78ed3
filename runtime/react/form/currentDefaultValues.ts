import { CURRENT_DEPT_DEFAULT, CURRENT_USER_DEFAULT, type EntityDef } from '../../core/schema';
import type { Row } from '../format/fieldValues';
import type { RuntimeServices } from '../RuntimeServices';

/**
 * A new record's values for fields whose default is the signed-in user or their department
 * (`$currentUser`, `$currentDept`), with the `{field}Name` beside each id so the selects show
 * the name at once. The server applies the same defaults when the request leaves them out.
 */
export function currentDefaultValues(entity: EntityDef, user: RuntimeServices['user']): Row {
  const values: Row = {};
  for (const field of entity.fields) {
    if (field.default === CURRENT_USER_DEFAULT && user.userId) {
      values[field.name] = user.userId;
      values[`${field.name}Name`] = user.userName;
    } else if (field.default === CURRENT_DEPT_DEFAULT && user.deptId) {
      values[field.name] = user.deptId;
      values[`${field.name}Name`] = user.deptName ?? '';
    }
  }
  return values;
}
