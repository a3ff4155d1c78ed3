import { EXPRESSION_HELPERS } from './expressionHelpers';
import { ExpressionError } from './ExpressionError';
import type { ArithmeticOperator, ComparisonOperator, ExpressionNode } from './expressionNode';
import { isTruthy } from './isTruthy';
import { readOwnValue } from './plainData';
import { toNumeric, toText } from './valueConversions';

function arithmetic(operator: ArithmeticOperator, left: unknown, right: unknown): number | string {
  if (operator === '+') {
    if (typeof left === 'number' && typeof right === 'number') return left + right;
    // Concatenation only when text is involved; null + 1 stays numeric (NaN), as an unfilled amount should.
    const textual = (v: unknown) => typeof v === 'string' || (typeof v === 'object' && v !== null);
    if (textual(left) || textual(right)) return toText(left) + toText(right);
    return toNumeric(left) + toNumeric(right);
  }
  const a = toNumeric(left);
  const b = toNumeric(right);
  switch (operator) {
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    case '%': return a % b;
  }
}

function compare(operator: ComparisonOperator, left: unknown, right: unknown): boolean {
  switch (operator) {
    case '===': return left === right;
    case '!==': return left !== right;
    case '==': return looselyEqual(left, right);
    case '!=': return !looselyEqual(left, right);
    default: break;
  }
  // Two strings compare as text so 'YYYY-MM-DD' dates order correctly; anything else compares as numbers.
  const bothText = typeof left === 'string' && typeof right === 'string';
  const a = bothText ? left : toNumeric(left);
  const b = bothText ? right : toNumeric(right);
  switch (operator) {
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
  }
}

function looselyEqual(left: unknown, right: unknown): boolean {
  const nullish = (v: unknown) => v === null || v === undefined;
  return (nullish(left) && nullish(right)) || left === right;
}

function readComputed(object: unknown, key: unknown): unknown {
  if (key === null || key === undefined) return undefined;
  if (typeof key === 'number') return readOwnValue(object, String(key));
  if (typeof key === 'string') return readOwnValue(object, key);
  throw new ExpressionError('unsupported', 'a computed member key must be a string or a number');
}

/**
 * Walks a checked tree over a context. Member access on null/undefined yields undefined rather than
 * failing, because form values are routinely unfilled and `a.b` should then just be "nothing".
 */
export function interpretNode(node: ExpressionNode, context: Record<string, unknown>): unknown {
  // Children by direct recursion, not through a closure made per visit: rules run for every row
  // of a 100,000-row import, where such closures were most of their cost.
  switch (node.kind) {
    case 'literal': return node.value;
    case 'identifier': return readOwnValue(context, node.name);
    case 'member': return readOwnValue(interpretNode(node.object, context), node.property);
    case 'computedMember': {
      const object = interpretNode(node.object, context);
      return readComputed(object, interpretNode(node.property, context));
    }
    case 'unary': {
      const value = interpretNode(node.argument, context);
      if (node.operator === '!') return !isTruthy(value);
      return node.operator === '-' ? -toNumeric(value) : toNumeric(value);
    }
    case 'arithmetic': return arithmetic(node.operator, interpretNode(node.left, context), interpretNode(node.right, context));
    case 'comparison': return compare(node.operator, interpretNode(node.left, context), interpretNode(node.right, context));
    case 'logical': {
      // Short-circuit: the right side is not evaluated (and cannot fail) when the left decides.
      const left = interpretNode(node.left, context);
      if (node.operator === '&&') return isTruthy(left) ? interpretNode(node.right, context) : left;
      if (node.operator === '||') return isTruthy(left) ? left : interpretNode(node.right, context);
      return left === null || left === undefined ? interpretNode(node.right, context) : left;
    }
    case 'conditional': return isTruthy(interpretNode(node.test, context)) ? interpretNode(node.consequent, context) : interpretNode(node.alternate, context);
    case 'array': return node.elements.map((n) => interpretNode(n, context));
    case 'call': {
      const helper = EXPRESSION_HELPERS.get(node.helper);
      if (!helper) throw new ExpressionError('unsupported', `"${node.helper}" is not a helper function`);
      return helper(node.args.map((n) => interpretNode(n, context)));
    }
    default: {
      const unhandled: never = node;
      throw new ExpressionError('unsupported', `node ${JSON.stringify(unhandled)} is not supported`);
    }
  }
}
