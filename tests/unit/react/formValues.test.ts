import { describe, expect, it } from 'vitest';
import { toFormValues, toSubmitValues } from '../../../runtime/react/form/formValues';
import { expressionContextOf } from '../../../runtime/react/form/plainFormValues';
import { contractBundle } from './contractFixture';

const { entity } = contractBundle();

describe('form values', () => {
  it('turns stored text forms into what the controls need, keeping {field}Name', () => {
    const values = toFormValues(entity, {
      title: 'T', period: '2024-01-01,2024-02-01', items: '[{"itemName":"x"}]', owner: 'u1', ownerName: '张三',
    });
    expect(values).toMatchObject({ title: 'T', period: ['2024-01-01', '2024-02-01'], items: [{ itemName: 'x' }], ownerName: '张三' });
  });

  it('sends every shown writable field, cleared ones as null, and nothing hidden, system or status', () => {
    const shown = new Set(['title', 'salary', 'owner', 'status', 'createUser']);
    const submitted = toSubmitValues(entity, { title: 'T', salary: undefined, owner: 'u1', status: 'approved', createUser: 'x', probationMonths: 3 }, (name) => shown.has(name));
    expect(submitted).toEqual({ title: 'T', salary: null, owner: 'u1' });
  });

  it('sends a sub-table as one JSON text of its writable child fields', () => {
    const submitted = toSubmitValues(entity, { items: [{ itemName: 'a', amount: 2, extra: 'dropped' }] }, (name) => name === 'items');
    expect(submitted).toEqual({ items: '[{"itemName":"a","amount":2}]' });
    expect(toSubmitValues(entity, { items: [] }, (name) => name === 'items')).toEqual({ items: null });
  });
});

describe('expression context', () => {
  it('is a plain copy without functions, class instances or prototype keys', () => {
    const values = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    Object.assign(values, { when: new Date(0), run: () => 1, list: [1, () => 2], nested: { b: 'x' } });
    const context = expressionContextOf(values, ['__proto__', 'a', 'when', 'run', 'list', 'nested', 'toString']);
    expect(context).toEqual({ a: 1, list: [1, undefined], nested: { b: 'x' } });
    expect(Object.getPrototypeOf(context)).toBe(Object.prototype);
    expect(expressionContextOf(null, ['a'])).toEqual({});
  });

  it('holds only the names the expression reads', () => {
    expect(expressionContextOf({ a: 1, b: 2, c: { d: 3 } }, ['c', 'missing'])).toEqual({ c: { d: 3 } });
  });

  it('cuts off cycles instead of recursing forever', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => expressionContextOf(cyclic, ['self', 'a'])).not.toThrow();
  });
});
