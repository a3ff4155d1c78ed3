import { formatLocalDate, formatLocalDateTime } from './localDateTime';
import { isPlainObject, plainElements } from './plainData';
import { roundTo } from './roundTo';
import { toNumeric, toText } from './valueConversions';

type Helper = (args: unknown[]) => unknown;

const DAY_MS = 86_400_000;

/** Day number (UTC-based, so DST never shifts it) of a 'YYYY-MM-DD…' string, or null. */
function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  // Date.UTC rolls 2024-02-30 over to March; a rolled date was not a real one.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return time / DAY_MS;
}

function sameScalar(a: unknown, b: unknown): boolean {
  const nullishA = a === null || a === undefined;
  const nullishB = b === null || b === undefined;
  if (nullishA || nullishB) return nullishA && nullishB;
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  // Form values arrive as strings while dictionary values may be numbers: 1 and '1' are the same choice.
  return scalar(a) && scalar(b) && String(a) === String(b);
}

function numbersOf(args: unknown[]): number[] {
  const flat = args.flatMap((arg) => (Array.isArray(arg) ? plainElements(arg) : [arg]));
  return flat.map(toNumeric).filter((n) => !Number.isNaN(n));
}

const orNull = (n: number): number | null => (Number.isNaN(n) ? null : n);

/**
 * The only functions an expression can call. They live here, not in the context, so a schema
 * can never reach a function the suite did not write; every one is pure apart from the clock.
 */
export const EXPRESSION_HELPERS: ReadonlyMap<string, Helper> = new Map<string, Helper>([
  ['len', ([x]) => {
    if (typeof x === 'string') return [...x].length;
    if (Array.isArray(x)) return x.length;
    if (typeof x === 'number') return String(x).length;
    return 0;
  }],
  ['isEmpty', ([x]) => {
    if (x === null || x === undefined) return true;
    if (typeof x === 'string') return x.trim() === '';
    if (Array.isArray(x)) return x.length === 0;
    if (isPlainObject(x)) return Object.keys(x).length === 0;
    return false;
  }],
  ['includes', ([container, item]) => {
    if (Array.isArray(container)) return plainElements(container).some((element) => sameScalar(element, item));
    if (typeof container === 'string') {
      const wanted = toText(item);
      return container.split(',').some((part) => part.trim() === wanted);
    }
    return false;
  }],
  ['today', () => formatLocalDate(new Date())],
  ['now', () => formatLocalDateTime(new Date())],
  ['number', ([x]) => orNull(toNumeric(x))],
  ['string', ([x]) => toText(x)],
  ['lower', ([x]) => toText(x).toLowerCase()],
  ['upper', ([x]) => toText(x).toUpperCase()],
  ['trim', ([x]) => toText(x).trim()],
  ['startsWith', ([s, p]) => toText(s).startsWith(toText(p))],
  ['endsWith', ([s, p]) => toText(s).endsWith(toText(p))],
  ['daysBetween', ([a, b]) => {
    const from = dayNumber(a);
    const to = dayNumber(b);
    return from === null || to === null ? null : Math.round(to - from);
  }],
  ['min', (args) => {
    const numbers = numbersOf(args);
    return numbers.length === 0 ? null : Math.min(...numbers);
  }],
  ['max', (args) => {
    const numbers = numbersOf(args);
    return numbers.length === 0 ? null : Math.max(...numbers);
  }],
  ['abs', ([x]) => orNull(Math.abs(toNumeric(x)))],
  ['round', ([x, digits]) => {
    const n = toNumeric(x);
    if (Number.isNaN(n)) return null;
    const places = digits === undefined || digits === null ? 0 : toNumeric(digits);
    return roundTo(n, Number.isNaN(places) ? 0 : places);
  }],
]);
