import { createForm, type Field, type Form } from '@formily/core';
import { Schema, type ISchema } from '@formily/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../runtime/core/expression';
import { evaluateFormExpression, registerExpressionCompiler } from '../../../runtime/react/form/registerExpressionCompiler';
import { toFormilySchema } from '../../../runtime/react/form/toFormilySchema';
import { contractBundle, echoTranslate } from './contractFixture';

beforeAll(() => registerExpressionCompiler());

/** A field created the way SchemaField creates it, without rendering. */
function createFieldFromSchema(form: Form, name: string, schema: ISchema): Field {
  return form.createField({ ...new Schema(schema).toFieldProps(), name });
}

function schemaOf(name: string): ISchema {
  const find = (schema: ISchema): ISchema | undefined => {
    for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, ISchema>)) {
      if (key === name) return child;
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return find(toFormilySchema(contractBundle(), echoTranslate))!;
}

describe('the registered expression compiler', () => {
  it('evaluates over the form values', () => {
    expect(evaluateFormExpression('a + b > 2', { $form: { values: { a: 1, b: 2 } } })).toBe(true);
    expect(evaluateFormExpression('!(a == 1)', { $form: { values: { a: 1 } } })).toBe(false);
  });

  it('refuses constructor and prototype access', () => {
    const scope = { $form: { values: { name: 'x' } } };
    expect(() => evaluateFormExpression('name.constructor', scope)).toThrow(ExpressionError);
    expect(() => evaluateFormExpression('constructor', scope)).toThrow(ExpressionError);
    expect(() => evaluateFormExpression('name.__proto__', scope)).toThrow(ExpressionError);
  });

  it('never hands the evaluator functions or the rest of Formily\'s scope', () => {
    const values = { amount: 3, run: () => 'ran', nested: { hook: () => 1, n: 2 } };
    const scope = { $form: { values }, $self: { secret: 1 }, $deps: [1] };
    expect(evaluateFormExpression('run', scope)).toBeUndefined();
    expect(evaluateFormExpression('nested.hook', scope)).toBeUndefined();
    expect(evaluateFormExpression('nested.n + amount', scope)).toBe(5);
    expect(evaluateFormExpression('$self', scope)).toBeUndefined();
  });

  it('evaluates to nothing harmful when the scope has no form', () => {
    expect(evaluateFormExpression('missing == null', undefined)).toBe(true);
  });

  it('drives hiddenWhen and requiredWhen of a Formily field', () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { probation: 0 } });
    form.createField({ name: 'probation' });
    const months = createFieldFromSchema(form, 'probationMonths', schemaOf('probationMonths'));
    expect(months.visible).toBe(false);
    expect(months.required).toBe(false);

    form.setValuesIn('probation', 1);
    expect(months.visible).toBe(true);
    expect(months.required).toBe(true);

    form.setValuesIn('probation', 0);
    expect(months.visible).toBe(false);
  });

  it('keeps the item\'s own required message when requiredWhen makes the field required', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { probation: 1 } });
    form.createField({ name: 'probation' });
    const months = createFieldFromSchema(form, 'probationMonths', schemaOf('probationMonths'));
    await months.validate().catch(() => undefined);
    expect(months.selfErrors).toEqual(['hr.contract.monthsRequired']);
  });

  it('runs expression rules through the same evaluator, failing on a falsy result', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { probation: 1, probationMonths: 9 } });
    form.createField({ name: 'probation' });
    const months = createFieldFromSchema(form, 'probationMonths', schemaOf('probationMonths'));
    await months.validate().catch(() => undefined);
    expect(months.selfErrors).toEqual(['hr.contract.probationTooLong']);

    months.setValue(4);
    await months.validate();
    expect(months.selfErrors).toEqual([]);
  });

  it('reads a sub-table cell\'s rule against its own row', async () => {
    const form = createForm<Record<string, unknown>>({ initialValues: { limit: 100, items: [{ qty: 5, max: 3 }] } });
    form.createArrayField({ name: 'items' });
    form.createObjectField({ name: '0', basePath: 'items' });
    const qty = form.createField({ name: 'qty', basePath: 'items.0', validator: [{ expression: 'qty <= max', message: 'too many' }] });
    await qty.validate().catch(() => undefined);
    expect(qty.selfErrors).toEqual(['too many']);
  });
});
