import { describe, expect, it } from 'vitest';
import { checkExpression, EXPRESSION_HELPER_NAMES, expressionCompletions } from '../../../designer/core';

describe('checkExpression', () => {
  const keys = ['startDate', 'endDate', 'amount'];
  it('accepts what compiles and reads only field keys', () => {
    expect(checkExpression('isEmpty(startDate) || endDate >= startDate', keys)).toEqual({ ok: true });
    expect(checkExpression("amount > 0 && 'x' == 'x'", keys)).toEqual({ ok: true });
  });

  it('names the unknown names', () => {
    const result = checkExpression('amout > 0 && endDat != null', keys);
    expect(result).toMatchObject({ ok: false, names: ['amout', 'endDat'], code: 'designer.error.expressionUnknownNames' });
  });

  it('reports what the evaluator refuses, with its message', () => {
    for (const source of ['amount >', 'amount = 1', 'constructor', 'alert(1)', 'a++', '']) {
      const result = checkExpression(source, keys);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.code).toBe('designer.error.expressionInvalid');
        expect(result.message.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('expressionCompletions', () => {
  it('offers the field keys and the evaluator\'s helpers', () => {
    const list = expressionCompletions(['a', 'b']);
    expect(list.slice(0, 2)).toEqual([{ label: 'a', kind: 'field' }, { label: 'b', kind: 'field' }]);
    expect(list.filter((c) => c.kind === 'helper').map((c) => c.label)).toEqual(EXPRESSION_HELPER_NAMES);
    for (const helper of ['len', 'isEmpty', 'today', 'daysBetween', 'includes', 'round']) expect(EXPRESSION_HELPER_NAMES).toContain(helper);
    expect(list.find((c) => c.label === 'len')).toEqual({ label: 'len', kind: 'helper', insertText: 'len(' });
  });
});
