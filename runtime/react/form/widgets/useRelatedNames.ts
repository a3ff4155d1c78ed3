import { useField } from '@formily/react';
import { splitJoined } from '../../format/fieldValues';

/**
 * A loaded row carries `{field}Name` beside user, department and reference ids (comma-joined
 * like the ids for multi-value fields). Pairs them up so the select shows names before any
 * option page has loaded. Outside a Formily form there is nothing to read.
 */
export function useRelatedNames(value: unknown): Record<string, string> {
  const field = useField();
  if (!field) return {};
  const names = splitJoined(field.form.getValuesIn(`${field.path.toString()}Name`));
  const ids = splitJoined(value);
  if (names.length !== ids.length) return {};
  return Object.fromEntries(ids.map((id, index) => [id, names[index]]));
}
