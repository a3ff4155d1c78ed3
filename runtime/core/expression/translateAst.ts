import type jsep from 'jsep';
import { EXPRESSION_HELPERS } from './expressionHelpers';
import { ExpressionError } from './ExpressionError';
import { EXPRESSION_LIMITS } from './expressionLimits';
import type {
  ArithmeticOperator, ComparisonOperator, ExpressionNode, LogicalOperator, UnaryOperator,
} from './expressionNode';
import { assertAllowedName } from './plainData';

const UNARY = new Set<string>(['!', '-', '+']);
const ARITHMETIC = new Set<string>(['+', '-', '*', '/', '%']);
const COMPARISON = new Set<string>(['==', '!=', '===', '!==', '<', '<=', '>', '>=']);
const LOGICAL = new Set<string>(['&&', '||', '??']);

export interface TranslatedExpression {
  root: ExpressionNode;
  /** Top-level context names read, in order of first use. */
  identifiers: string[];
}

// jsep's typings index every property as a loose union; these narrow what each node kind carries.
const child = (node: jsep.Expression, key: string): jsep.Expression => node[key] as jsep.Expression;
const text = (node: jsep.Expression, key: string): string => node[key] as string;

/**
 * Checks a jsep tree against what the evaluator allows and rewrites it into ExpressionNode.
 * Everything that can be refused without data is refused here, so a schema with a bad expression
 * fails when it is loaded, not when a user first submits the form.
 */
export function translateAst(ast: jsep.Expression): TranslatedExpression {
  const identifiers: string[] = [];
  const seen = new Set<string>();

  const visit = (node: jsep.Expression, depth: number): ExpressionNode => {
    if (depth > EXPRESSION_LIMITS.maxDepth) {
      throw new ExpressionError('tooDeep', `expression nests deeper than ${EXPRESSION_LIMITS.maxDepth} levels; split it or simplify it`);
    }
    const next = depth + 1;
    switch (node.type) {
      case 'Literal': {
        const value = node.value;
        if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
          return { kind: 'literal', value };
        }
        throw new ExpressionError('unsupported', `literal ${String(node.raw)} is not supported; use numbers, strings, true, false or null`);
      }
      case 'Identifier': {
        const name = text(node, 'name');
        assertAllowedName(name);
        if (!seen.has(name)) {
          seen.add(name);
          identifiers.push(name);
        }
        return { kind: 'identifier', name };
      }
      case 'MemberExpression': {
        const object = visit(child(node, 'object'), next);
        const property = child(node, 'property');
        if (!node.computed) {
          const name = text(property, 'name');
          assertAllowedName(name);
          return { kind: 'member', object, property: name };
        }
        if (property.type === 'Literal' && (typeof property.value === 'string' || typeof property.value === 'number')) {
          const name = String(property.value);
          assertAllowedName(name);
          return { kind: 'member', object, property: name };
        }
        return { kind: 'computedMember', object, property: visit(property, next) };
      }
      case 'UnaryExpression': {
        const operator = text(node, 'operator');
        if (!UNARY.has(operator)) throw new ExpressionError('unsupported', `operator "${operator}" is not supported; use ! - or +`);
        return { kind: 'unary', operator: operator as UnaryOperator, argument: visit(child(node, 'argument'), next) };
      }
      case 'BinaryExpression': {
        const operator = text(node, 'operator');
        const left = visit(child(node, 'left'), next);
        const right = visit(child(node, 'right'), next);
        if (ARITHMETIC.has(operator)) return { kind: 'arithmetic', operator: operator as ArithmeticOperator, left, right };
        if (COMPARISON.has(operator)) return { kind: 'comparison', operator: operator as ComparisonOperator, left, right };
        if (LOGICAL.has(operator)) return { kind: 'logical', operator: operator as LogicalOperator, left, right };
        throw new ExpressionError('unsupported', `operator "${operator}" is not supported in expressions`);
      }
      case 'ConditionalExpression':
        return {
          kind: 'conditional',
          test: visit(child(node, 'test'), next),
          consequent: visit(child(node, 'consequent'), next),
          alternate: visit(child(node, 'alternate'), next),
        };
      case 'ArrayExpression': {
        const elements = node.elements as Array<jsep.Expression | null>;
        return {
          kind: 'array',
          elements: elements.map((element) => {
            if (element === null) throw new ExpressionError('unsupported', 'array holes ([1,,2]) are not supported');
            return visit(element, next);
          }),
        };
      }
      case 'CallExpression': {
        const callee = child(node, 'callee');
        if (callee.type !== 'Identifier') {
          throw new ExpressionError('unsupported', 'only helper functions can be called (len, includes, today…), not methods of values');
        }
        const name = text(callee, 'name');
        if (!EXPRESSION_HELPERS.has(name)) {
          throw new ExpressionError('unsupported', `"${name}" is not a helper function; available: ${[...EXPRESSION_HELPERS.keys()].join(', ')}`);
        }
        const args = node.arguments as jsep.Expression[];
        return { kind: 'call', helper: name, args: args.map((arg) => visit(arg, next)) };
      }
      case 'ThisExpression':
        throw new ExpressionError('unsupported', '"this" is not available; refer to fields by name');
      case 'Compound':
        throw new ExpressionError('unsupported', 'an expression must be a single expression (no ";", "new", "typeof" or juxtaposed terms)');
      default:
        throw new ExpressionError('unsupported', `${node.type} is not supported in expressions`);
    }
  };

  return { root: visit(ast, 1), identifiers };
}
