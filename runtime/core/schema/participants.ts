import type { EntityDef, FieldDef } from './types';

/**
 * Participants of a record (`list.scopes.my.participants`): the people it names besides its
 * owner — an outing's companions, a car's riders. They read the record (by id, details, its
 * files) and find it in their `my` list; writes and owner transitions stay the owner's.
 * A participant is a `user` or `users` field of the record, or a `user` column of a sub-table
 * written `<subTable>.<column>`.
 */
export interface ParticipantRef {
  /** The record's field: the user(s) field itself, or the sub-table whose rows name people. */
  field: FieldDef;
  /** The sub-table's user column, when the participant is named in its rows. */
  cell?: FieldDef;
}

/** What a participant name must be, or undefined when `name` is one (checked when the schema loads). */
export function participantProblem(entity: EntityDef, name: string): string | undefined {
  const [fieldName, cellName] = name.split('.');
  const field = entity.fields.find((f) => f.name === fieldName);
  if (cellName === undefined) {
    return field && (field.type === 'user' || field.type === 'users')
      ? undefined : `participant "${name}" to be a user or users field of ${entity.name}`;
  }
  if (!field || field.type !== 'subTable') return `participant "${name}": "${fieldName}" to be a sub-table of ${entity.name}`;
  const cell = field.fields?.find((f) => f.name === cellName);
  return cell?.type === 'user' ? undefined : `participant "${name}": "${cellName}" to be a user column of the sub-table ${fieldName}`;
}

/** The entity's participants, resolved (names are known to be valid once the registry loaded). */
export function participantRefs(entity: EntityDef): ParticipantRef[] {
  const refs: ParticipantRef[] = [];
  for (const name of entity.list.scopes.my?.participants ?? []) {
    const [fieldName, cellName] = name.split('.');
    const field = entity.fields.find((f) => f.name === fieldName);
    const cell = cellName === undefined ? undefined : field?.fields?.find((f) => f.name === cellName);
    if (field && (cellName === undefined || cell)) refs.push({ field, ...(cell ? { cell } : {}) });
  }
  return refs;
}

/** Sub-table rows as stored (JSON text) or as answered (an array); anything else holds no rows. */
function subRows(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Whether the record (a stored row or an answered one) names `userId` in one of its participants. */
export function namesParticipant(refs: ParticipantRef[], row: Record<string, unknown>, userId: string): boolean {
  return refs.some(({ field, cell }) => {
    const value = row[field.name];
    if (!cell) {
      if (value === null || value === undefined) return false;
      return field.type === 'users' ? String(value).split(',').includes(userId) : String(value) === userId;
    }
    return subRows(value).some((item) => typeof item === 'object' && item !== null
      && String((item as Record<string, unknown>)[cell.name] ?? '') === userId);
  });
}
