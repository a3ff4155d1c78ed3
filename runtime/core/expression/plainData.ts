import { ExpressionError } from './ExpressionError';

/** Names whose reading is the first step of every prototype-pollution or sandbox escape. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['constructor', '__proto__', 'prototype']);

export function assertAllowedName(name: string): void {
  if (FORBIDDEN_NAMES.has(name)) {
    throw new ExpressionError('forbidden', `"${name}" may not be read in an expression; use a data field instead`);
  }
}

/**
 * Values the evaluator may hand around: primitives, arrays and plain objects. Anything else could
 * carry behaviour (a getter, a method, a Map's internals) that an expression would then run.
 * bigint and symbol are refused because arithmetic or string conversion on them throws TypeError.
 */
export function assertPlainValue(value: unknown, where: string): void {
  switch (typeof value) {
    case 'string': case 'number': case 'boolean': case 'undefined':
      return;
    case 'function':
      throw new ExpressionError('badContext', `${where} is a function; the expression context may hold only plain data`);
    case 'bigint': case 'symbol':
      throw new ExpressionError('badContext', `${where} is a ${typeof value}; use a number or a string instead`);
    case 'object': {
      if (value === null || Array.isArray(value)) return;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto === Object.prototype || proto === null) return;
      throw new ExpressionError('badContext', `${where} is a class instance (${describeKind(value)}); pass plain objects, arrays and primitives only`);
    }
  }
}

function describeKind(value: object): string {
  const tag = Object.prototype.toString.call(value);
  return tag.slice(8, -1);
}

/**
 * Reads an own data property only: inherited names (toString, valueOf…) read as undefined and
 * accessors are refused, because calling a getter would run code the expression author chose.
 * Works for string primitives too, which gives `s.length` and `s[0]`.
 */
export function readOwnValue(holder: unknown, key: string): unknown {
  assertAllowedName(key);
  if (holder === null || holder === undefined) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(holder, key);
  if (descriptor && !('value' in descriptor)) {
    throw new ExpressionError('badContext', `"${key}" is an accessor property; the expression context may hold only plain data`);
  }
  // The value is read by ordinary access, not from the descriptor, even for a missing key: a
  // reactive proxy (Formily's form values) records dependencies in its `get` trap, so this is what
  // makes hiddenWhen/requiredWhen re-run when a field they read changes or first appears.
  // No getter can run here: the descriptor check above refused accessors, and holders are plain.
  const value: unknown = (holder as Record<string, unknown>)[key];
  if (!descriptor) return undefined;
  assertPlainValue(value, `"${key}"`);
  return value;
}

/** Array elements read through the same checks as any other property (holes read as undefined). */
export function plainElements(list: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < list.length; i += 1) out.push(readOwnValue(list, String(i)));
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
