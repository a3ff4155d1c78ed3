/**
 * What changed between two entity documents (two published versions, or a version and the
 * draft), as a reader of the versions drawer asks it: which fields came, went or changed and in
 * what, whether the form's layout, the list, the details, the flow or the calls changed, which
 * texts changed. Pure: the drawer shows it above the JSON side by side, and the tests read it.
 */

type Doc = Record<string, unknown>;

export type DesignChangePart =
  | 'entity' | 'field' | 'layout' | 'list' | 'details' | 'state' | 'transition' | 'flow' | 'workflow' | 'calls' | 'message';

export interface DesignChange {
  part: DesignChangePart;
  kind: 'added' | 'removed' | 'changed';
  /** The field, state, transition or message key; the property name for an entity-level change. */
  name: string;
  /** For 'changed': the properties that differ, in the newer document's order. */
  properties?: string[];
}

/** Top-level parts compared as named items or sections of their own; the rest is compared property by property. */
const OWN_PARTS = new Set(['fields', 'form', 'list', 'details', 'flow', 'workflow', 'calls', 'permissions', 'importExport', 'messages', '$schema']);

/** A stable text of a JSON value: object keys sorted, so key order alone is no change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as Doc).sort().filter((key) => (value as Doc)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Doc)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The properties of two objects that differ, the newer's keys first. */
function changedProperties(before: Doc, after: Doc): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !same(before[key], after[key]));
}

function asList(value: unknown): Doc[] {
  return Array.isArray(value) ? value.filter((item): item is Doc => Boolean(item) && typeof item === 'object') : [];
}

/** Items with a `name` (fields, states, transitions) matched by name: added, removed, changed. */
function namedItems(part: DesignChangePart, before: unknown, after: unknown): DesignChange[] {
  const old = new Map(asList(before).map((item) => [String(item.name), item]));
  const now = new Map(asList(after).map((item) => [String(item.name), item]));
  const changes: DesignChange[] = [];
  for (const [name, item] of now) {
    const previous = old.get(name);
    if (!previous) changes.push({ part, kind: 'added', name });
    else {
      const properties = changedProperties(previous, item);
      if (properties.length > 0) changes.push({ part, kind: 'changed', name, properties });
    }
  }
  for (const name of old.keys()) if (!now.has(name)) changes.push({ part, kind: 'removed', name });
  return changes;
}

/** The layout without node ids: a document re-saved with new ids has the same form. */
function layoutWithoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(layoutWithoutIds);
  if (value && typeof value === 'object') {
    const { id: _id, ...rest } = value as Doc;
    return Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, layoutWithoutIds(item)]));
  }
  return value;
}

/** A whole part (list, details, workflow …): added, removed, or changed in these properties. */
function wholePart(part: DesignChangePart, name: string, before: unknown, after: unknown): DesignChange[] {
  if (same(before, after)) return [];
  if (before === undefined) return [{ part, kind: 'added', name }];
  if (after === undefined) return [{ part, kind: 'removed', name }];
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object' && !Array.isArray(before) && !Array.isArray(after);
  return [{ part, kind: 'changed', name, ...(bothObjects ? { properties: changedProperties(before as Doc, after as Doc) } : {}) }];
}

/** Texts of the entity's own messages, per language and key. */
function messageChanges(before: unknown, after: unknown): DesignChange[] {
  const changes: DesignChange[] = [];
  const old = (before ?? {}) as Record<string, Record<string, string>>;
  const now = (after ?? {}) as Record<string, Record<string, string>>;
  const keys = new Set<string>();
  for (const texts of [...Object.values(old), ...Object.values(now)]) for (const key of Object.keys(texts ?? {})) keys.add(key);
  for (const key of [...keys].sort()) {
    const languages = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    const had = languages.some((language) => old[language]?.[key] !== undefined);
    const has = languages.some((language) => now[language]?.[key] !== undefined);
    if (!had) changes.push({ part: 'message', kind: 'added', name: key });
    else if (!has) changes.push({ part: 'message', kind: 'removed', name: key });
    else {
      const properties = languages.filter((language) => old[language]?.[key] !== now[language]?.[key]);
      if (properties.length > 0) changes.push({ part: 'message', kind: 'changed', name: key, properties });
    }
  }
  return changes;
}

/** Every change from `before` to `after`, in the order the drawer lists them. */
export function diffEntityDocuments(before: Doc, after: Doc): DesignChange[] {
  const changes: DesignChange[] = [];
  for (const key of changedProperties(before, after).filter((name) => !OWN_PARTS.has(name))) {
    changes.push(...wholePart('entity', key, before[key], after[key]));
  }
  changes.push(...namedItems('field', before.fields, after.fields));
  const beforeForm = (before.form ?? {}) as Doc;
  const afterForm = (after.form ?? {}) as Doc;
  changes.push(...wholePart('layout', 'form', layoutWithoutIds(beforeForm), layoutWithoutIds(afterForm)));
  changes.push(...wholePart('list', 'list', before.list, after.list));
  changes.push(...wholePart('details', 'details', before.details, after.details));
  const beforeFlow = before.flow as Doc | undefined;
  const afterFlow = after.flow as Doc | undefined;
  if (!beforeFlow || !afterFlow) changes.push(...wholePart('flow', 'flow', beforeFlow, afterFlow));
  else {
    const { states: s0, transitions: t0, ...rest0 } = beforeFlow;
    const { states: s1, transitions: t1, ...rest1 } = afterFlow;
    changes.push(...wholePart('flow', 'flow', rest0, rest1));
    changes.push(...namedItems('state', s0, s1), ...namedItems('transition', t0, t1));
  }
  changes.push(...wholePart('workflow', 'workflow', before.workflow, after.workflow));
  for (const key of ['calls', 'permissions', 'importExport']) changes.push(...wholePart('calls', key, before[key], after[key]));
  changes.push(...messageChanges(before.messages, after.messages));
  return changes;
}
