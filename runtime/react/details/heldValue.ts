import type { Row } from '../format/fieldValues';

/** A value the record holds in effect, and the i18n key of the note saying why it differs from the stored one. */
export interface HeldValue { value: unknown; note: string }

/**
 * What a by-id answer's `$held` says a field holds in effect where that differs from what is
 * stored: the superuser role holds every menu but the separated duties, whatever its stored
 * menus (server/system/superUserMenus.ts). The details screen shows this value with its note.
 */
export function heldValue(row: Row, fieldName: string): HeldValue | undefined {
  const held = row.$held;
  if (typeof held !== 'object' || held === null) return undefined;
  const entry = (held as Record<string, unknown>)[fieldName];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { value, note } = entry as { value?: unknown; note?: unknown };
  return typeof note === 'string' ? { value, note } : undefined;
}
