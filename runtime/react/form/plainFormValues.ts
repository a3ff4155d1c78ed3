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

/** The values as an expression context: always a plain object, even for an empty form. */
export function expressionContext(values: unknown): Record<string, unknown> {
  const copy = plainFormValues(values);
  return typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? copy as Record<string, unknown> : {};
}
