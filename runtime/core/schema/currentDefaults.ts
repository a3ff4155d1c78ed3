import type { FieldDef, FieldType } from './types';

/**
 * Defaults that name the person filling the form rather than a fixed value: an applicant who is
 * by default the signed-in user, the department they belong to. Written in a schema as
 * `"default": "$currentUser"` / `"$currentDept"`; the form pre-fills them and the server fills
 * them when an insert leaves the field out, each from its own idea of who is signed in.
 */
export const CURRENT_USER_DEFAULT = '$currentUser';
export const CURRENT_DEPT_DEFAULT = '$currentDept';

/** Field types each token may stand in for (checked when the registry is built). */
export const CURRENT_DEFAULT_TYPES: Record<string, FieldType[]> = {
  [CURRENT_USER_DEFAULT]: ['user', 'users'],
  [CURRENT_DEPT_DEFAULT]: ['department', 'departments'],
};

/** Who is signed in, as far as defaults care. */
export interface DefaultSubject {
  userId: string;
  deptId: string;
}

export function isCurrentDefault(value: unknown): value is string {
  return value === CURRENT_USER_DEFAULT || value === CURRENT_DEPT_DEFAULT;
}

/**
 * The value a field starts with: its literal default, or the subject's user / department for a
 * token. Without a subject (or with an empty id) a token gives no value at all, never the token text.
 */
export function resolveFieldDefault(field: Pick<FieldDef, 'default'>, subject?: DefaultSubject): FieldDef['default'] | undefined {
  if (field.default === CURRENT_USER_DEFAULT) return subject?.userId || undefined;
  if (field.default === CURRENT_DEPT_DEFAULT) return subject?.deptId || undefined;
  return field.default;
}
