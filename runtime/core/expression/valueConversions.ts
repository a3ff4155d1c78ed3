import { EXPRESSION_LIMITS } from './expressionLimits';
import { plainElements } from './plainData';

/**
 * Text form of a value without ever calling a method on it (no toString/valueOf/toJSON of the
 * data), so conversion cannot run code hidden in the context. Nullish values read as ''.
 */
export function toText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string': return value;
    case 'number': case 'boolean': return String(value);
    default: break;
  }
  if (Array.isArray(value)) {
    // Cyclic or absurdly nested arrays stop here instead of overflowing the stack.
    if (depth >= EXPRESSION_LIMITS.maxDepth) return '';
    return plainElements(value).map((item) => toText(item, depth + 1)).join(',');
  }
  return '[object Object]';
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Numeric form of a value. Empty values (null, undefined, '') are NaN rather than 0, so that
 * `amount > 0` is false while the amount is not filled in, instead of silently comparing 0.
 */
export function toNumeric(value: unknown): number {
  switch (typeof value) {
    case 'number': return value;
    case 'boolean': return value ? 1 : 0;
    case 'string': {
      const trimmed = value.trim();
      return DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
    }
    default: return NaN;
  }
}
