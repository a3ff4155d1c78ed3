export type UnaryOperator = '!' | '-' | '+';
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type ComparisonOperator = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=';
export type LogicalOperator = '&&' | '||' | '??';

/**
 * The evaluator's own tree. jsep's output is translated into it once, at compile time, so the
 * interpreter only ever meets node kinds it was written for — whatever plugins someone else
 * registers on the shared jsep instance.
 */
export type ExpressionNode =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'identifier'; name: string }
  | { kind: 'member'; object: ExpressionNode; property: string }
  | { kind: 'computedMember'; object: ExpressionNode; property: ExpressionNode }
  | { kind: 'unary'; operator: UnaryOperator; argument: ExpressionNode }
  | { kind: 'arithmetic'; operator: ArithmeticOperator; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'comparison'; operator: ComparisonOperator; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'logical'; operator: LogicalOperator; left: ExpressionNode; right: ExpressionNode }
  | { kind: 'conditional'; test: ExpressionNode; consequent: ExpressionNode; alternate: ExpressionNode }
  | { kind: 'array'; elements: ExpressionNode[] }
  | { kind: 'call'; helper: string; args: ExpressionNode[] };
