/**
 * Three-way merge of schema documents, for a customised entity whose file changed under its
 * design (rebaseDesign): `base` is the file the design was made over, `ours` the design, `theirs`
 * the file now. What only one side changed is taken from it; what both changed alike is kept;
 * what both changed differently keeps the design's value and is reported at its JSON pointer, so
 * nothing is silently dropped either way. Arrays of named items (fields, columns by `prop`,
 * filters by `field`, states and transitions) merge item by item; other arrays as one value.
 */
export interface MergeResult { merged: unknown; conflicts: string[] }

type Json = unknown;

const ITEM_KEYS = ['name', 'prop', 'field'] as const;

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemKey(items: Json[]): (typeof ITEM_KEYS)[number] | undefined {
  return ITEM_KEYS.find((k) => items.length > 0 && items.every((item) => isObject(item) && typeof item[k] === 'string'));
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function mergeDocuments(base: Json, ours: Json, theirs: Json): MergeResult {
  const conflicts: string[] = [];
  const merged = merge(base, ours, theirs, '', conflicts);
  return { merged, conflicts };
}

function merge(base: Json, ours: Json, theirs: Json, pointer: string, conflicts: string[]): Json {
  if (same(ours, theirs)) return ours;
  if (same(base, ours)) return theirs;
  if (same(base, theirs)) return ours;
  if (isObject(ours) && isObject(theirs)) return mergeObjects(isObject(base) ? base : {}, ours, theirs, pointer, conflicts);
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    const key = itemKey([...ours, ...theirs, ...(Array.isArray(base) ? base : [])]);
    if (key) return mergeNamedItems(Array.isArray(base) ? base : [], ours, theirs, key, pointer, conflicts);
  }
  conflicts.push(pointer || '/');
  return ours;
}

function mergeObjects(base: Record<string, Json>, ours: Record<string, Json>, theirs: Record<string, Json>, pointer: string, conflicts: string[]): Json {
  const out: Record<string, Json> = {};
  const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])];
  for (const key of keys) {
    const value = merge(base[key], ours[key], theirs[key], `${pointer}/${escape(key)}`, conflicts);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Items by name: the design's order, then the file's new items where they stood after their neighbour. */
function mergeNamedItems(base: Json[], ours: Json[], theirs: Json[], key: string, pointer: string, conflicts: string[]): Json[] {
  const byName = (items: Json[]) => new Map(items.map((item) => [String((item as Record<string, Json>)[key]), item]));
  const baseItems = byName(base);
  const theirItems = byName(theirs);
  const ourItems = byName(ours);
  const out: Json[] = [];
  for (const [index, item] of ours.entries()) {
    const name = String((item as Record<string, Json>)[key]);
    const value = merge(baseItems.get(name), item, theirItems.has(name) ? theirItems.get(name) : (baseItems.has(name) ? undefined : item), `${pointer}/${index}`, conflicts);
    if (value !== undefined) out.push(value);
  }
  theirs.forEach((item, index) => {
    const name = String((item as Record<string, Json>)[key]);
    if (ourItems.has(name) || baseItems.has(name)) return; // kept, or removed by the design
    const before = index > 0 ? String((theirs[index - 1] as Record<string, Json>)[key]) : undefined;
    const after = before === undefined ? -1 : out.findIndex((o) => String((o as Record<string, Json>)[key]) === before);
    // First in the file: first here; after a neighbour the design kept: after it; else at the end.
    out.splice(before === undefined ? 0 : after >= 0 ? after + 1 : out.length, 0, item);
  });
  return out;
}
