import jsep from 'jsep';
import { compileExpression } from './compileExpression';
import { ExpressionError } from './ExpressionError';
import { interpretNode } from './interpretNode';
import { isTruthy } from './isTruthy';
import { translateAst } from './translateAst';

/** What "left empty" may arrive as from a form: nothing, or blank text. */
const EMPTY_VALUES: readonly unknown[] = [null, ''];

/** The operands of the top-level `&&` chain: each must hold for the whole to hold. */
function conjuncts(node: jsep.Expression): jsep.Expression[] {
  if (node.type === 'BinaryExpression' && node.operator === '&&') {
    return [...conjuncts(node.left as jsep.Expression), ...conjuncts(node.right as jsep.Expression)];
  }
  return [node];
}

/**
 * The names among `candidates` that `source` requires: a top-level condition of it (an operand of
 * its outer `&&` chain) reads that name and nothing else and fails whenever the value is empty —
 * `!isEmpty(returnMileage)`, `len(trim(opinion)) > 0`. Judged by evaluating the condition, not by
 * matching its text, so any wording that means "must be filled" counts, and a condition that also
 * reads the record (`amount < 5000 || len(opinion) > 0`) never does: it may pass without the input.
 */
export function inputsRequiredBy(source: string | undefined, candidates: Iterable<string>): Set<string> {
  const required = new Set<string>();
  if (source === undefined || source.trim() === '') return required;
  const names = new Set(candidates);
  try {
    // The full checks (length, depth, allowed names) once; the parts below are then safe to walk.
    compileExpression(source);
    for (const part of conjuncts(jsep(source))) {
      const { root, identifiers } = translateAst(part);
      if (identifiers.length !== 1 || !names.has(identifiers[0])) continue;
      const name = identifiers[0];
      const failsWhenEmpty = EMPTY_VALUES.every((value) => {
        try {
          return !isTruthy(interpretNode(root, { [name]: value }));
        } catch (error) {
          // A condition that cannot be judged on an empty value refuses it, as guards do.
          if (error instanceof ExpressionError) return true;
          throw error;
        }
      });
      if (failsWhenEmpty) required.add(name);
    }
  } catch (error) {
    if (error instanceof ExpressionError) return required;
    throw error;
  }
  return required;
}
