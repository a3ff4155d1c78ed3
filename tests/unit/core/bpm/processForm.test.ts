import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchAgreeAllowed, checkProcessFormData, nodeFieldPerms, processFormEntity, processGraph, validateDefinition, type ProcessDefinition,
} from '../../../../runtime/core/bpm';
import { collectFieldItems } from '../../../../runtime/core/validation';

const PROCESS_DIR = path.resolve('server/modules/bpm/processes');
const files = fs.readdirSync(PROCESS_DIR).filter((f) => f.endsWith('.json'));
const load = (name: string) => JSON.parse(fs.readFileSync(path.join(PROCESS_DIR, name), 'utf8')) as ProcessDefinition;
const leave = load('leave.json');
const expense = load('expense.json');

describe('the demo process files', () => {
  it.each(files)('%s passes schemas/meta/process.schema.json and the structure checks', (file) => {
    // Placeholders stand for demo ids; any non-empty text is an id to the validation.
    expect(validateDefinition(load(file))).toEqual([]);
  });

  it('refuses a form field defined twice, a type outside the vocabulary and an unknown property', () => {
    const twice = { ...leave, fields: [...leave.fields!, leave.fields![0]] };
    expect(validateDefinition(twice).map((i) => i.code)).toContain('duplicateFormField');
    const badType = { ...leave, fields: [{ key: 'x', type: 'subTable', label: 'X' }] };
    expect(validateDefinition(badType)[0]).toMatchObject({ code: 'format', pointer: '/fields/0/type' });
    const extra = { ...leave, fields: [{ key: 'x', type: 'string', label: 'X', colour: 'red' }] };
    expect(validateDefinition(extra)[0]).toMatchObject({ code: 'format' });
  });
});

describe('processFormEntity', () => {
  it('turns the typed fields into an entity form: field names, types, labels, options and spans', () => {
    const entity = processFormEntity(leave);
    const leaveType = entity.fields.find((f) => f.name === 'leaveType');
    expect(leaveType).toMatchObject({ type: 'dictionary', dictionary: 'bpmLeaveType', label: 'bpm.form.leaveType', required: true });
    expect(collectFieldItems(entity.form).map((i) => [i.field, i.span ?? 24])).toEqual([
      ['leaveType', 12], ['days', 12], ['startDate', 12], ['endDate', 12], ['reason', 24],
    ]);
  });

  it('follows a node\'s permissions: hidden left out, read disabled, edit open', () => {
    const entity = processFormEntity(expense, { amount: 'edit', reason: 'hidden' });
    const items = new Map(collectFieldItems(entity.form).map((i) => [i.field, i]));
    expect(items.has('reason')).toBe(false);
    expect(items.get('amount')?.disabled).toBeUndefined();
    expect(items.get('expenseType')?.disabled).toBe(true);
  });

  it('lets the initiator change every field at the start node (a resubmission)', () => {
    const graph = processGraph(leave);
    expect(nodeFieldPerms(leave, graph.startNode)).toEqual({ leaveType: 'edit', days: 'edit', startDate: 'edit', endDate: 'edit', reason: 'edit' });
    expect(nodeFieldPerms(leave, graph.node('hr'))).toEqual({ days: 'read', reason: 'read' });
  });
});

describe('checkProcessFormData', () => {
  const complete = { leaveType: 'annual', days: '5', startDate: '2026-12-01', endDate: '2026-12-05', reason: '探亲' };

  it('coerces a complete start form and drops keys that are no field', () => {
    const { values, issues } = checkProcessFormData(leave, { ...complete, injected: 1 });
    expect(issues).toEqual([]);
    expect(values).toEqual({ ...complete, days: 5 });
  });

  it('refuses missing required fields, bad numbers and values out of range, by field', () => {
    expect(checkProcessFormData(leave, { ...complete, reason: '' }).issues).toEqual([expect.objectContaining({ field: 'reason', reason: 'required' })]);
    expect(checkProcessFormData(leave, { ...complete, days: 'x' }).issues[0]).toMatchObject({ field: 'days', reason: 'number' });
    expect(checkProcessFormData(leave, { ...complete, days: 400 }).issues[0]).toMatchObject({ field: 'days', reason: 'max' });
    expect(checkProcessFormData(leave, { ...complete, startDate: '2026-13-45' }).issues[0]).toMatchObject({ field: 'startDate' });
  });

  it('checks only the editable fields of a task, and only what was sent', () => {
    const { values, issues } = checkProcessFormData(expense, { amount: '12.5', reason: 'changed' }, ['amount']);
    expect(issues).toEqual([]);
    expect(values).toEqual({ amount: 12.5 });
    expect(checkProcessFormData(expense, { amount: '' }, ['amount']).issues[0]).toMatchObject({ field: 'amount', reason: 'required' });
  });

  it('keeps the values of a process without typed fields as sent', () => {
    const bare = { ...leave, fields: undefined };
    expect(checkProcessFormData(bare, { anything: 1 }).values).toEqual({ anything: 1 });
  });
});

describe('batchAgreeAllowed', () => {
  it('allows nodes needing no opinion for agree and no required edit field', () => {
    expect(batchAgreeAllowed(leave, 'leader')).toBe(true);
    expect(batchAgreeAllowed(leave, 'hr')).toBe(true);
    // Finance may correct the required amount.
    expect(batchAgreeAllowed(expense, 'finance')).toBe(false);
    const opinion = { ...leave, nodes: leave.nodes.map((n) => (n.id === 'leader' ? { ...n, opinionRequired: ['agree' as const] } : n)) };
    expect(batchAgreeAllowed(opinion, 'leader')).toBe(false);
    expect(batchAgreeAllowed(leave, 'start')).toBe(false);
  });
});
