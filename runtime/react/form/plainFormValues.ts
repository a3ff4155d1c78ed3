/**
 * A plain-data copy of Formily's form values for the expression evaluator. Formily hands out
 * reactive proxies; the evaluator must see nothing but primitives, arrays and plain objects, so
 * functions, symbols and class instances are dropped here rather than refused mid-expression.
 */

const MAX_DEPTH = 32;
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainRecord(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function plainFormValues(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case 'string': case 'number': case 'boolean':
      return value;
    case 'object': {
      // Deeper than any real form: a cycle or a hostile value; cut it off instead of recursing on.
      if (depth >= MAX_DEPTH) return undefined;
      if (Array.isArray(value)) return value.map((item) => plainFormValues(item, depth + 1));
      if (!isPlainRecord(value)) return undefined;
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) continue;
        const item = plainFormValues((value as Record<string, unknown>)[key], depth + 1);
        if (item !== undefined) copy[key] = item;
      }
      return copy;
    }
    default:
      return undefined;
  }
}

/**
 * The context of one expression: only the names it reads, each a plain copy. Formily tracks what a
 * reaction reads, so a hide/require reaction built on this re-runs when one of its own names
 * changes, not on every keystroke anywhere in the form (a copy of all values would read them all).
 */
export function expressionContextOf(values: unknown, names: readonly string[]): Record<string, unknown> {
  const context: Record<string, unknown> = {};
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return context;
  for (const name of names) {
    // Read even when absent: the read is what makes a field typed into later re-run the reaction.
    if (FORBIDDEN_KEYS.has(name)) continue;
    const item = plainFormValues((values as Record<string, unknown>)[name], 1);
    if (item !== undefined) context[name] = item;
  }
  return context;
}
