import jsep from 'jsep';
import { ExpressionError } from './ExpressionError';
import { EXPRESSION_LIMITS } from './expressionLimits';
import { interpretNode } from './interpretNode';
import { isPlainObject } from './plainData';
import { translateAst } from './translateAst';

export interface CompiledExpression {
  source: string;
  /** Top-level context names the expression reads, e.g. ['startDate', 'endDate']. */
  identifiers: string[];
  evaluate(context: Record<string, unknown>): unknown;
}

const CACHE_LIMIT = 500;
// Forms re-evaluate the same few expressions on every keystroke; parsing once per source is enough.
const cache = new Map<string, CompiledExpression>();

const withoutStrings = (source: string): string => source.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '""');

/**
 * jsep reads `--a` as -(-a) and `++a` as +(+a), which is not what anyone writing them means;
 * JavaScript would decrement. Refusing the tokens avoids a silently different result.
 */
function hasIncrementToken(source: string): boolean {
  return /\+\+|--/.test(withoutStrings(source));
}

/**
 * jsep has no assignment support, so `a = 1` arrives as a syntax error. Looking for assignment-like
 * tokens outside string literals lets us say "not supported" instead of "cannot parse", which is
 * the more useful message for someone who wrote valid JavaScript.
 */
function looksLikeAssignment(source: string): boolean {
  return /(^|[^=!<>])=(?!=)/.test(withoutStrings(source));
}

function parse(source: string): jsep.Expression {
  if (hasIncrementToken(source)) {
    throw new ExpressionError('unsupported', 'increment and decrement (++, --) are not supported; write -(-a) if a double negation is meant');
  }
  try {
    return jsep(source);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ExpressionError('tooDeep', `expression nests deeper than the parser can follow; simplify it`);
    }
    const detail = error instanceof Error ? error.message : String(error);
    if (looksLikeAssignment(source)) {
      throw new ExpressionError('unsupported', `assignment and arrow functions are not supported (${detail})`);
    }
    throw new ExpressionError('syntax', `cannot parse expression: ${detail}`);
  }
}

function build(source: string): CompiledExpression {
  if (source.trim() === '') throw new ExpressionError('syntax', 'expression is empty');
  const { root, identifiers } = translateAst(parse(source));
  const evaluate = (context: Record<string, unknown>): unknown => {
    if (!isPlainObject(context)) {
      throw new ExpressionError('badContext', 'the expression context must be a plain object of field values');
    }
    try {
      return interpretNode(root, context);
    } catch (error) {
      if (error instanceof ExpressionError) throw error;
      // Only the context can make the walk throw something else (e.g. a Proxy trap); report it as such.
      const detail = error instanceof Error ? error.message : String(error);
      throw new ExpressionError('badContext', `reading the context failed: ${detail}`);
    }
  };
  return Object.freeze({ source, identifiers: Object.freeze([...identifiers]) as string[], evaluate });
}

/** Parses and checks once; throws ExpressionError for anything the evaluator refuses. */
export function compileExpression(source: string): CompiledExpression {
  if (typeof source !== 'string') throw new ExpressionError('syntax', `an expression must be a string, got ${typeof source}`);
  // Checked before parsing so an oversized input costs nothing.
  if (source.length > EXPRESSION_LIMITS.maxLength) {
    throw new ExpressionError('tooLong', `expression is ${source.length} characters long; at most ${EXPRESSION_LIMITS.maxLength} are allowed`);
  }
  const hit = cache.get(source);
  if (hit) {
    // Re-inserting keeps recently used sources at the end, so eviction drops the least recent.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const compiled = build(source);
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(source, compiled);
  return compiled;
}
