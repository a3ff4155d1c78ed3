import { describe, expect, it } from 'vitest';
import { buildRegistry, SchemaError, type SchemaSource } from '../../../runtime/core/schema';

/** Issue 12.10: every name an expression reads must exist where it is evaluated. */
const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const entityDoc = (extra: Record<string, unknown> = {}) => ({
  formatVersion: 1, name: 'DemoTrip', title: 'entity.DemoTrip.title', table: 'demo_trip', key: 'tripId',
  fields: [
    { name: 'title', type: 'string', required: true },
    { name: 'remote', type: 'switch' },
    { name: 'km', type: 'number' },
    { name: 'state', type: 'status', options: [{ label: 'a', value: 'draft' }, { label: 'b', value: 'done' }] },
    { name: 'stops', type: 'subTable', fields: [{ name: 'place', type: 'string' }, { name: 'hours', type: 'number', rules: [{ expression: 'hours > 0', message: 'x' }] }] },
  ],
  ...extra,
});
const load = (doc: unknown) => buildRegistry([
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/DemoTrip.json', module: 'demo', kind: 'entity', doc },
] as SchemaSource[]);
const refusal = (doc: unknown): SchemaError => {
  try { load(doc); } catch (error) { if (error instanceof SchemaError) return error; throw error; }
  throw new Error('expected the load to stop');
};
const form = (item: Record<string, unknown>) => ({ form: { layout: [{ kind: 'field', field: 'title' }, { kind: 'field', field: 'km', ...item }] } });
const flow = (guard: string) => ({
  flow: { field: 'state', initial: 'draft', states: [{ name: 'draft', label: 'a' }, { name: 'done', label: 'b' }],
    transitions: [{ name: 'finish', label: 'f', call: 'finishDemoTrip', from: ['draft'], to: 'done', fields: ['km'], guard }] },
});

describe('expression names', () => {
  it('stops the load at a hiddenWhen naming no field, with file, pointer and the name', () => {
    const error = refusal(entityDoc(form({ hiddenWhen: 'isRemote != 1' })));
    expect(error.file).toBe('schemas/demo/DemoTrip.json');
    expect(error.pointer).toBe('/form/layout/1/hiddenWhen');
    expect(error.message).toContain('"isRemote"');
    expect(() => load(entityDoc(form({ hiddenWhen: 'remote != 1' })))).not.toThrow();
  });

  it('checks requiredWhen and form-item rules the same way', () => {
    expect(refusal(entityDoc(form({ requiredWhen: 'remote == 1 && distance > 3' }))).message).toContain('"distance"');
    expect(refusal(entityDoc(form({ rules: [{ expression: 'km < maxKm', message: 'x' }] }))).pointer).toBe('/form/layout/1/rules/0/expression');
  });

  it('lets a sub-table rule read its row only', () => {
    expect(() => load(entityDoc())).not.toThrow();
    const doc = entityDoc();
    (doc.fields[4] as { fields: { rules?: unknown }[] }).fields[1].rules = [{ expression: 'hours < km', message: 'x' }];
    const error = refusal(doc);
    expect(error.pointer).toBe('/fields/4/fields/1/rules/0/expression');
    expect(error.message).toContain('"km" is not a field of a stops row');
  });

  it('lets a guard read the record, the transition fields and the opinion, nothing else', () => {
    expect(() => load(entityDoc(flow('km < 500 && remote == 0 && opinion != ""')))).not.toThrow();
    const error = refusal(entityDoc(flow('mileage < 500')));
    expect(error.pointer).toBe('/flow/transitions/0/guard');
    expect(error.message).toContain('"mileage"');
  });
});
