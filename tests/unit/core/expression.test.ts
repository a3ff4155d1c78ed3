import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compileExpression, evaluateExpression, EXPRESSION_LIMITS, ExpressionError, isTruthy, roundTo,
} from '../../../runtime/core/expression';
import type { ExpressionErrorCode } from '../../../runtime/core/expression';

const evaluate = (source: string, context: Record<string, unknown> = {}) => evaluateExpression(source, context);

/** Runs `fn` and returns the ExpressionError code it threw; fails the test on anything else. */
function codeOf(fn: () => unknown): ExpressionErrorCode {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return (error as ExpressionError).code;
  }
  throw new Error('expected an ExpressionError, but nothing was thrown');
}

describe('literals and identifiers', () => {
  it('evaluates number, string, boolean and null literals', () => {
    expect(evaluate('42')).toBe(42);
    expect(evaluate('1.5')).toBe(1.5);
    expect(evaluate("'text'")).toBe('text');
    expect(evaluate('"text"')).toBe('text');
    expect(evaluate('true')).toBe(true);
    expect(evaluate('false')).toBe(false);
    expect(evaluate('null')).toBe(null);
  });

  it('reads identifiers as own properties of the context', () => {
    expect(evaluate('amount', { amount: 12 })).toBe(12);
    expect(evaluate('$record', { $record: 'r' })).toBe('r');
    expect(evaluate('$user', { $user: { userId: 'u1' } })).toEqual({ userId: 'u1' });
  });

  it('reads an unknown identifier as undefined', () => {
    expect(evaluate('missing', { other: 1 })).toBeUndefined();
  });

  it('does not see inherited names such as toString or hasOwnProperty', () => {
    expect(evaluate('toString', {})).toBeUndefined();
    expect(evaluate('hasOwnProperty', {})).toBeUndefined();
    const child = Object.create({ inherited: 1 }) as Record<string, unknown>;
    // A context with a non-plain prototype is refused outright, before anything inherited is read.
    expect(codeOf(() => evaluate('inherited', child))).toBe('badContext');
  });

  it('reads through ordinary property access, so a reactive proxy can track what an expression depends on', () => {
    const tracked: string[] = [];
    const values = new Proxy({ kind: 'car', seats: 4 } as Record<string, unknown>, {
      get(target, key, receiver) {
        if (typeof key === 'string') tracked.push(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(evaluate("kind == 'car' && seats > 2 && !driver", values)).toBe(true);
    expect(tracked).toEqual(['kind', 'seats', 'driver']);
  });

  it('accepts a context created with a null prototype', () => {
    const context = Object.assign(Object.create(null) as Record<string, unknown>, { a: 3 });
    expect(evaluate('a + 1', context)).toBe(4);
  });
});

describe('member access', () => {
  const context = { user: { name: 'Li', dept: { code: 'D1' } }, list: [10, 20, 30], s: 'abc' };

  it('reads dotted and computed members', () => {
    expect(evaluate('user.name', context)).toBe('Li');
    expect(evaluate('user.dept.code', context)).toBe('D1');
    expect(evaluate("user['name']", context)).toBe('Li');
    expect(evaluate('list[1]', context)).toBe(20);
    expect(evaluate('list[0 + 2]', context)).toBe(30);
    expect(evaluate("user['na' + 'me']", context)).toBe('Li');
  });

  it('reads array length and string length and characters', () => {
    expect(evaluate('list.length', context)).toBe(3);
    expect(evaluate('s.length', context)).toBe(3);
    expect(evaluate('s[1]', context)).toBe('b');
  });

  it('yields undefined for missing members and for members of null or undefined', () => {
    expect(evaluate('user.age', context)).toBeUndefined();
    expect(evaluate('list[9]', context)).toBeUndefined();
    expect(evaluate('nothing.deeper.still', context)).toBeUndefined();
    expect(evaluate('user[missingKey]', context)).toBeUndefined();
  });

  it('does not read inherited members (methods of arrays, objects or strings)', () => {
    expect(evaluate('list.map', context)).toBeUndefined();
    expect(evaluate('user.toString', context)).toBeUndefined();
    expect(evaluate('s.toUpperCase', context)).toBeUndefined();
  });

  it('refuses a computed key that is neither string nor number', () => {
    expect(codeOf(() => evaluate('user[list]', context))).toBe('unsupported');
  });
});

describe('operators', () => {
  it('applies unary ! - +', () => {
    expect(evaluate('!flag', { flag: false })).toBe(true);
    expect(evaluate('!text', { text: '' })).toBe(true);
    expect(evaluate('!items', { items: [] })).toBe(true);
    expect(evaluate('-n', { n: 5 })).toBe(-5);
    expect(evaluate("+'7'")).toBe(7);
  });

  it('does arithmetic and concatenation', () => {
    expect(evaluate('2 + 3 * 4')).toBe(14);
    expect(evaluate('(2 + 3) * 4')).toBe(20);
    expect(evaluate('10 - 4')).toBe(6);
    expect(evaluate('10 / 4')).toBe(2.5);
    expect(evaluate('10 % 4')).toBe(2);
    expect(evaluate("'a' + 1")).toBe('a1');
    expect(evaluate("name + '!'", { name: 'Li' })).toBe('Li!');
  });

  it('treats empty values as not-a-number in arithmetic and ordering', () => {
    expect(evaluate('amount + 1', { amount: null })).toBeNaN();
    expect(evaluate('amount > 0', { amount: null })).toBe(false);
    expect(evaluate('amount < 0', {})).toBe(false);
  });

  it('compares two strings lexicographically, so ISO dates order correctly', () => {
    expect(evaluate('endDate >= startDate', { startDate: '2024-01-31', endDate: '2024-02-01' })).toBe(true);
    expect(evaluate('endDate >= startDate', { startDate: '2024-02-01', endDate: '2024-01-31' })).toBe(false);
    expect(evaluate("'2024-10-01' > '2024-9-30'")).toBe(false);
    expect(evaluate("'b' > 'a'")).toBe(true);
  });

  it('compares numbers and numeric strings numerically', () => {
    expect(evaluate("'10' > 9")).toBe(true);
    expect(evaluate('a <= b', { a: 2, b: 2 })).toBe(true);
    expect(evaluate('a < b', { a: 2, b: 2 })).toBe(false);
  });

  it('== is strict except that null and undefined equal each other', () => {
    expect(evaluate('a == null', {})).toBe(true);
    expect(evaluate('a == null', { a: null })).toBe(true);
    expect(evaluate("a == '1'", { a: 1 })).toBe(false);
    expect(evaluate('a != null', { a: 0 })).toBe(true);
    expect(evaluate("a == 'x'", { a: 'x' })).toBe(true);
    expect(evaluate('a === null', {})).toBe(false);
    expect(evaluate('a !== 1', { a: 1 })).toBe(false);
  });

  it('short-circuits && and || and returns the deciding operand', () => {
    expect(evaluate("a && 'yes'", { a: '' })).toBe('');
    expect(evaluate("a || 'default'", { a: '' })).toBe('default');
    expect(evaluate("a || 'default'", { a: 'set' })).toBe('set');
    // The right side would refuse; short-circuit means it is never evaluated.
    expect(evaluate('false && bad.x', { bad: { x: () => 1 } })).toBe(false);
    expect(evaluate('true || bad.x', { bad: { x: () => 1 } })).toBe(true);
  });

  it('?? falls back only on null and undefined', () => {
    expect(evaluate('a ?? 5', {})).toBe(5);
    expect(evaluate('a ?? 5', { a: 0 })).toBe(0);
    expect(evaluate("a ?? 'x'", { a: '' })).toBe('');
  });

  it('evaluates the conditional operator with form truthiness', () => {
    expect(evaluate("kind == 'car' ? 4 : 2", { kind: 'car' })).toBe(4);
    expect(evaluate("tags ? 'some' : 'none'", { tags: [] })).toBe('none');
  });

  it('builds array literals', () => {
    expect(evaluate('[1, a, "x"]', { a: 2 })).toEqual([1, 2, 'x']);
  });
});

describe('helper functions', () => {
  afterEach(() => vi.useRealTimers());

  it('len', () => {
    expect(evaluate('len(s)', { s: 'héllo' })).toBe(5);
    expect(evaluate('len(s)', { s: '中文' })).toBe(2);
    expect(evaluate('len(a)', { a: [1, 2] })).toBe(2);
    expect(evaluate('len(n)', { n: null })).toBe(0);
    expect(evaluate('len(n)', {})).toBe(0);
  });

  it('isEmpty', () => {
    for (const value of [null, undefined, '', '  ', [], {}]) expect(evaluate('isEmpty(v)', { v: value })).toBe(true);
    for (const value of ['x', 0, [0], { a: 1 }, false]) expect(evaluate('isEmpty(v)', { v: value })).toBe(false);
  });

  it('includes on arrays and comma-joined strings', () => {
    expect(evaluate("includes(roles, 'admin')", { roles: ['user', 'admin'] })).toBe(true);
    expect(evaluate("includes(roles, 'boss')", { roles: ['user', 'admin'] })).toBe(false);
    expect(evaluate("includes(tags, 'b')", { tags: 'a, b,c' })).toBe(true);
    expect(evaluate("includes(tags, 'ab')", { tags: 'a,b' })).toBe(false);
    expect(evaluate('includes(codes, 1)', { codes: ['1', '2'] })).toBe(true);
    expect(evaluate('includes(nothing, 1)', {})).toBe(false);
  });

  it('today and now use local time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 5, 7, 8, 9));
    expect(evaluate('today()')).toBe('2024-03-05');
    expect(evaluate('now()')).toBe('2024-03-05 07:08:09');
    expect(evaluate('endDate >= today()', { endDate: '2024-03-05' })).toBe(true);
  });

  it('number and string', () => {
    expect(evaluate("number('12.5')")).toBe(12.5);
    expect(evaluate("number('abc')")).toBe(null);
    expect(evaluate("number('')")).toBe(null);
    expect(evaluate('number(true)')).toBe(1);
    expect(evaluate('string(12)')).toBe('12');
    expect(evaluate('string(n)', { n: null })).toBe('');
    expect(evaluate('string(a)', { a: ['x', 1] })).toBe('x,1');
  });

  it('lower, upper, trim, startsWith, endsWith', () => {
    expect(evaluate("lower('AbC')")).toBe('abc');
    expect(evaluate("upper('AbC')")).toBe('ABC');
    expect(evaluate("trim('  x  ')")).toBe('x');
    expect(evaluate("startsWith(code, 'HR')", { code: 'HR-001' })).toBe(true);
    expect(evaluate("endsWith(code, '01')", { code: 'HR-001' })).toBe(true);
    expect(evaluate("startsWith(code, 'X')", { code: 'HR-001' })).toBe(false);
  });

  it('daysBetween counts calendar days from a to b', () => {
    expect(evaluate("daysBetween('2024-01-01', '2024-03-01')")).toBe(60);
    expect(evaluate("daysBetween('2024-03-01 18:00:00', '2024-03-02 01:00:00')")).toBe(1);
    expect(evaluate("daysBetween('2024-03-10', '2024-03-01')")).toBe(-9);
    expect(evaluate("daysBetween('2023-02-30', '2023-03-01')")).toBe(null);
    expect(evaluate("daysBetween(a, '2023-03-01')", {})).toBe(null);
  });

  it('min, max, abs, round', () => {
    expect(evaluate('min(3, 1, 2)')).toBe(1);
    expect(evaluate('max(3, x, 2)', { x: '7' })).toBe(7);
    expect(evaluate('max(list)', { list: [4, 9, 1] })).toBe(9);
    expect(evaluate('min()')).toBe(null);
    expect(evaluate('min(a, b)', { a: null, b: 5 })).toBe(5);
    expect(evaluate('abs(-4)')).toBe(4);
    expect(evaluate('round(2.5)')).toBe(3);
    expect(evaluate('round(-2.5)')).toBe(-3);
    expect(evaluate('round(1.005, 2)')).toBe(1.01);
    expect(evaluate('round(x, 1)', { x: '3.14159' })).toBe(3.1);
    expect(evaluate('round(x)', {})).toBe(null);
  });

  it('roundTo rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(1234.5678, 2)).toBe(1234.57);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(1e-9, 2)).toBe(0);
  });
});

describe('compileExpression', () => {
  it('lists the top-level context names an expression reads, once each, in order', () => {
    expect(compileExpression('endDate >= startDate').identifiers).toEqual(['endDate', 'startDate']);
    expect(compileExpression("user.dept[key] == 'x' && len(user.name) > 0").identifiers).toEqual(['user', 'key']);
    expect(compileExpression('today() > 1').identifiers).toEqual([]);
  });

  it('keeps the source and evaluates repeatedly against different contexts', () => {
    const compiled = compileExpression('a * 2');
    expect(compiled.source).toBe('a * 2');
    expect(compiled.evaluate({ a: 2 })).toBe(4);
    expect(compiled.evaluate({ a: 5 })).toBe(10);
  });

  it('returns the cached compiled form for a repeated source', () => {
    expect(compileExpression('cached + 1')).toBe(compileExpression('cached + 1'));
  });

  it('keeps working after more distinct sources than the cache holds', () => {
    for (let i = 0; i < 600; i += 1) expect(evaluate(`x + ${i}`, { x: 1 })).toBe(1 + i);
    expect(compileExpression('x + 0').evaluate({ x: 2 })).toBe(2);
  });
});

describe('refusals', () => {
  it('tooLong: a source longer than the limit, checked before parsing', () => {
    const long = `a${' '.repeat(EXPRESSION_LIMITS.maxLength)}`;
    expect(codeOf(() => compileExpression(long))).toBe('tooLong');
    // Even an unparsable source of that length is "too long", not a syntax error.
    expect(codeOf(() => compileExpression('('.repeat(EXPRESSION_LIMITS.maxLength + 1)))).toBe('tooLong');
    expect(() => compileExpression(`1${'+1'.repeat(10)}`)).not.toThrow();
  });

  it('tooDeep: nesting deeper than the depth limit', () => {
    expect(codeOf(() => compileExpression(`${'- '.repeat(EXPRESSION_LIMITS.maxDepth)}1`))).toBe('tooDeep');
    expect(codeOf(() => compileExpression(`a${'.b'.repeat(EXPRESSION_LIMITS.maxDepth)}`))).toBe('tooDeep');
    expect(codeOf(() => compileExpression(`${'!'.repeat(990)}a`))).toBe('tooDeep');
    expect(() => compileExpression(`${'!'.repeat(EXPRESSION_LIMITS.maxDepth - 1)}a`)).not.toThrow();
    expect(codeOf(() => compileExpression(`${'!'.repeat(EXPRESSION_LIMITS.maxDepth)}a`))).toBe('tooDeep');
  });

  it('syntax: text the parser cannot read, and empty text', () => {
    expect(codeOf(() => compileExpression('1 +'))).toBe('syntax');
    expect(codeOf(() => compileExpression('a ? b'))).toBe('syntax');
    expect(codeOf(() => compileExpression("'unterminated"))).toBe('syntax');
    expect(codeOf(() => compileExpression(''))).toBe('syntax');
    expect(codeOf(() => compileExpression('   '))).toBe('syntax');
  });

  it('forbidden: constructor, __proto__ and prototype as identifiers or members', () => {
    for (const source of [
      'constructor', '__proto__', 'prototype',
      'a.constructor', 'a.__proto__', 'a.prototype', 'a.b.constructor',
      "a['constructor']", "a['__proto__']", "a['prototype']",
    ]) {
      expect(codeOf(() => compileExpression(source)), source).toBe('forbidden');
    }
  });

  it('forbidden: prototype keys computed at run time', () => {
    const context = { a: {}, k: '__proto__' };
    expect(codeOf(() => evaluate("a['constr' + 'uctor']", context))).toBe('forbidden');
    expect(codeOf(() => evaluate('a[k]', context))).toBe('forbidden');
    expect(codeOf(() => evaluate("s['proto' + 'type']", { s: 'x' }))).toBe('forbidden');
  });

  it('forbidden even when the context really holds such an own key (JSON.parse makes one)', () => {
    const context = JSON.parse('{"a": {"__proto__": {"x": 1}}}') as Record<string, unknown>;
    expect(codeOf(() => evaluate("a['__proto__']", context))).toBe('forbidden');
  });

  it('badContext: a function read from the context', () => {
    expect(codeOf(() => evaluate('f', { f: () => 1 }))).toBe('badContext');
    expect(codeOf(() => evaluate('o.f', { o: { f: () => 1 } }))).toBe('badContext');
    expect(codeOf(() => evaluate('list[0]', { list: [() => 1] }))).toBe('badContext');
  });

  it('badContext: class instances, Maps, Dates reachable on access', () => {
    class Money { amount = 1; }
    expect(codeOf(() => evaluate('m', { m: new Money() }))).toBe('badContext');
    expect(codeOf(() => evaluate('m', { m: new Map() }))).toBe('badContext');
    expect(codeOf(() => evaluate('d', { d: new Date() }))).toBe('badContext');
    expect(codeOf(() => evaluate('o.inner', { o: { inner: new Set() } }))).toBe('badContext');
    expect(codeOf(() => evaluate('includes(list, 1)', { list: [new Map()] }))).toBe('badContext');
  });

  it('badContext: getters are not run', () => {
    let ran = false;
    const withGetter = Object.defineProperty({}, 'x', { enumerable: true, get: () => { ran = true; return 1; } });
    expect(codeOf(() => evaluate('o.x', { o: withGetter }))).toBe('badContext');
    expect(ran).toBe(false);
  });

  it('badContext: bigint and symbol values, and a context that is not a plain object', () => {
    expect(codeOf(() => evaluate('n + 1', { n: 10n }))).toBe('badContext');
    expect(codeOf(() => evaluate('s', { s: Symbol('x') }))).toBe('badContext');
    expect(codeOf(() => evaluate('1', new Map() as unknown as Record<string, unknown>))).toBe('badContext');
    expect(codeOf(() => evaluate('1', null as unknown as Record<string, unknown>))).toBe('badContext');
    expect(codeOf(() => evaluate('1', [] as unknown as Record<string, unknown>))).toBe('badContext');
  });

  it('badContext: a context whose reading throws is reported, not leaked', () => {
    const hostile = new Proxy({}, { getOwnPropertyDescriptor() { throw new TypeError('trap'); } });
    expect(codeOf(() => evaluate('a', hostile))).toBe('badContext');
  });

  it('unsupported: assignment, compound assignment, increment, arrow functions', () => {
    for (const source of ['a = 1', 'a += 1', 'a++', '--a', 'x => x']) {
      expect(codeOf(() => compileExpression(source)), source).toBe('unsupported');
    }
  });

  it('unsupported: this, new, compound statements, sequences, typeof and bitwise operators', () => {
    for (const source of ['this', 'this.a', 'new Date()', 'a; b', 'a b', '(a, b)', 'typeof a', 'a | b', 'a & b', 'a ^ b', 'a << 1', '~a', 'a ** 2', '[1,,2]']) {
      expect(codeOf(() => compileExpression(source)), source).toBe('unsupported');
    }
  });

  it('unsupported: calling anything but a whitelisted helper', () => {
    expect(codeOf(() => compileExpression('alert(1)'))).toBe('unsupported');
    expect(codeOf(() => compileExpression('a.toString()'))).toBe('unsupported');
    expect(codeOf(() => compileExpression("name.includes('x')"))).toBe('unsupported');
    expect(codeOf(() => compileExpression('f()()'))).toBe('unsupported');
    // A function in the context is never callable, even under a helper's name.
    expect(evaluate('len(x)', { len: () => 99, x: 'ab' })).toBe(2);
  });

  it('never throws anything but ExpressionError for odd inputs', () => {
    const contexts: Record<string, unknown>[] = [{}, { a: null }, { a: [[[]]] }, { a: { b: [1, { c: 'x' }] } }];
    const sources = ['a.b.c', 'a[0][0]', 'a + a', "a > 'x'", 'len(a)', 'string(a)', 'round(a, a)', 'daysBetween(a, a)', '-a', 'a % 0'];
    for (const context of contexts) {
      for (const source of sources) {
        try {
          evaluate(source, context);
        } catch (error) {
          expect(error, `${source} over ${JSON.stringify(context)}`).toBeInstanceOf(ExpressionError);
        }
      }
    }
  });
});

describe('isTruthy', () => {
  it('is JavaScript truthiness except that empty strings and arrays are false', () => {
    for (const value of [false, 0, NaN, '', null, undefined, []]) expect(isTruthy(value), String(value)).toBe(false);
    for (const value of [true, 1, -1, 'x', '0', [0], {}]) expect(isTruthy(value), JSON.stringify(value)).toBe(true);
  });
});
