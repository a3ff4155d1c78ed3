import { createForm, type Field } from '@formily/core';
import { Schema } from '@formily/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormFields } from '../../../runtime/react/form/createFormFields';
import { evaluateFormExpression, registerExpressionCompiler } from '../../../runtime/react/form/registerExpressionCompiler';
import { toFormilySchema } from '../../../runtime/react/form/toFormilySchema';
import { contractBundle, echoTranslate } from './contractFixture';

// Every expression Formily hands the compiler: one per evaluated hide/require state.
const evaluated: string[] = [];

beforeAll(() => {
  registerExpressionCompiler();
  Schema.registerCompiler((expression: string, scope: unknown) => {
    evaluated.push(expression);
    return evaluateFormExpression(expression, scope);
  });
});
afterAll(() => { Schema.registerCompiler(evaluateFormExpression); });

function contractForm(initialValues: Record<string, unknown> = {}) {
  const form = createForm({ initialValues });
  createFormFields(form, toFormilySchema(contractBundle(), echoTranslate));
  return form;
}

describe('the fields of the whole form, created without rendering', () => {
  it('exist at the addresses SchemaField gives them, on every tab, with their data paths', () => {
    const form = contractForm({ items: [{ itemName: '' }] });
    const months = form.query('probationMonths').take() as Field;
    expect(months.path.toString()).toBe('probationMonths');
    // Under the tabs and the pane, as the tab's error badge queries them.
    expect(months.address.toString()).toMatch(/__tabs\d+\.__tab\d+\.__grid\d+\.probationMonths$/);
    expect(form.query('code').take()?.address.toString()).toMatch(/__tab\d+\.__grid\d+\.code$/);
    // A sub-table's existing rows have their cells, where ArrayTable renders them.
    expect(form.query('items.0.itemName').take()?.address.toString()).toMatch(/\.items\.0\.itemName$/);
  });

  it('validates a required field of a tab never opened, and counts it under that tab', async () => {
    const form = contractForm({ title: 'T-1', items: [{ itemName: '' }] });
    await expect(form.validate()).rejects.toBeDefined();
    const cell = form.query('items.0.itemName').take() as Field;
    expect(cell.selfErrors).toEqual(['validation.required']);
    const otherTab = cell.address.segments.slice(0, cell.address.segments.findIndex((s) => String(s).startsWith('__tab') && !String(s).startsWith('__tabs')) + 1);
    expect(form.queryFeedbacks({ type: 'error', address: `${otherTab.join('.')}.*` })).toHaveLength(1);
  });

  it('re-evaluates on a keystroke only the reactions that read the changed field', () => {
    const form = contractForm({ probation: 0 });
    const months = form.query('probationMonths').take() as Field;
    expect(months.visible).toBe(false);
    evaluated.length = 0;
    form.setValuesIn('title', 'a');
    form.setValuesIn('title', 'ab');
    form.setValuesIn('salary', 12);
    expect(evaluated).toEqual([]);
    form.setValuesIn('probation', 1);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.every((expression) => expression.includes('probation'))).toBe(true);
    expect(months.visible).toBe(true);
    expect(months.required).toBe(true);
  });
});
