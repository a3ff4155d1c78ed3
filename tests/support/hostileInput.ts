/**
 * What the hostile-input suite (tests/security) sends and how it judges the answers: injection
 * strings, the checks every answer must pass, and a count of the requests a file sends.
 */
import { expect } from 'vitest';
import type { Answer } from './testServer';

export interface HostileValue { label: string; value: string }

/** Long enough to cross any column or index limit, below the 10 MB body limit. */
export const LONG_TEXT = 'x'.repeat(100_000);

/**
 * Strings an attacker types into any text box. Each reaches SQL, the filter parser, the
 * expression evaluator and the log writers; none may cause a 5xx or leak an error text.
 */
export const HOSTILE_STRINGS: HostileValue[] = [
  { label: 'sql-or', value: "' OR 1=1 --" },
  { label: 'sql-drop', value: '"; DROP TABLE sys_user; --' },
  { label: 'sql-union', value: "') UNION SELECT passwordHash FROM sys_credential --" },
  { label: 'like-wildcards', value: '%_%\\' },
  { label: 'backslashes', value: '\\\\\\\'' },
  { label: 'unicode', value: 'Ä𝕳😀中文\u202e\ufeff\u200b' },
  { label: 'lone-surrogate', value: 'a\ud800b' },
  { label: 'template', value: '${7*7}{{7*7}}#{7*7}<%= 7*7 %>' },
  { label: 'nul', value: 'a\u0000b' },
  { label: 'crlf', value: 'a\r\nSet-Cookie: x=1' },
  { label: 'json-proto', value: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
  { label: 'json-array', value: '[1,[2,[3]]]' },
  { label: 'number-edge', value: '1e309' },
  { label: 'negative', value: '-9007199254740993' },
  { label: 'date-edge', value: '2026-02-30 25:61:61' },
  { label: 'path', value: '../../../../etc/passwd' },
  { label: 'script', value: '<script>window.__xss=1</script>' },
  { label: 'long-100k', value: LONG_TEXT },
];

/** Non-string values that only a JSON body can carry. */
export const HOSTILE_JSON_VALUES: { label: string; value: unknown }[] = [
  { label: 'object', value: { $ne: null } },
  { label: 'to-string', value: { toString: 1, valueOf: 1 } },
  { label: 'nested-array', value: [[['a']], { b: 1 }] },
  { label: 'boolean', value: true },
  { label: 'huge-number', value: 1e308 },
  { label: 'null', value: null },
];

/** Keys that pollute prototypes when an object is built from request data carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** `[[[…]]]` this deep: parsers cope, recursive code may not. */
export function deeplyNested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Internal error text that must never reach a client: stack frames, SQL and driver messages. */
const LEAK = /\n\s+at |at [\w.<>]+ \(|node_modules|SQLITE_|syntax error at or near|relation "|column "[^"]*" (does not|of relation)|violates|duplicate key|invalid byte sequence|TypeError|ReferenceError|RangeError|Cannot read prop/;

export function describeAnswer(what: string, res: Answer): string {
  return `${what} → HTTP ${res.status}, code ${res.body?.code}: ${String(res.body?.message).slice(0, 200)}`;
}

/**
 * The suite's one judgement of an answer: below 500 (503 maintenance aside), never code 500,
 * and no internal error text in the message or in validation errors.
 */
export function expectClean(what: string, res: Answer): void {
  const summary = describeAnswer(what, res);
  // Soft: a sweep goes on and reports every request that failed, not only the first.
  expect.soft(res.status, summary).toBeLessThan(500);
  expect.soft(res.body?.code, summary).not.toBe(500);
  const errors = (res.body?.data as { errors?: { message?: unknown }[] } | null)?.errors;
  const texts = [String(res.body?.message ?? ''), ...(Array.isArray(errors) ? errors.map((e) => String(e?.message ?? '')) : [])];
  for (const text of texts) expect.soft(text, summary).not.toMatch(LEAK);
}

/**
 * Counts the HTTP requests this test file sends to servers under `prefix` (http://127.0.0.1:…),
 * by wrapping fetch in this worker: the closing note of issue 17 reports the suite's size.
 */
export function countRequests(): { count(baseUrl: string): number; report(name: string, baseUrl: string): void } {
  const counts = new Map<string, number>();
  const original = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const origin = new URL(url).origin;
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
    return original(input, init);
  }) as typeof fetch;
  return {
    count: (baseUrl) => counts.get(new URL(baseUrl).origin) ?? 0,
    report(name, baseUrl) {
      console.log(`[hostile-suite] ${name}: ${counts.get(new URL(baseUrl).origin) ?? 0} requests`);
    },
  };
}
