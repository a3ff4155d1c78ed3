import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemaSources } from '../../../server/schema/loadRegistry';
import { buildRegistry, resolveFieldDefault, SchemaError, type SchemaSource } from '../../../runtime/core/schema';

const sources = (fields: Record<string, unknown>[]): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] } },
  { file: 'schemas/demo/DemoOut.json', module: 'demo', kind: 'entity', doc: { formatVersion: 1, name: 'DemoOut', title: 'entity.DemoOut.title', table: 'demo_out', key: 'outId', fields } },
];

describe('defaults naming the signed-in user', () => {
  const subject = { userId: 'u1', deptId: 'd1' };

  it('resolve to the subject\'s user and department, literal defaults to themselves', () => {
    expect(resolveFieldDefault({ default: '$currentUser' }, subject)).toBe('u1');
    expect(resolveFieldDefault({ default: '$currentDept' }, subject)).toBe('d1');
    expect(resolveFieldDefault({ default: 'taxi' }, subject)).toBe('taxi');
    expect(resolveFieldDefault({ default: 0 }, subject)).toBe(0);
    expect(resolveFieldDefault({}, subject)).toBeUndefined();
  });

  it('give no value, never the token text, without a subject or an id', () => {
    expect(resolveFieldDefault({ default: '$currentUser' })).toBeUndefined();
    expect(resolveFieldDefault({ default: '$currentDept' }, { userId: 'u1', deptId: '' })).toBeUndefined();
  });

  it('are accepted on user and department fields and refused elsewhere, naming the field', () => {
    const outing = buildRegistry(readSchemaSources(path.resolve('schemas'))).entities.get('OfficeOut')!;
    expect(outing.fields.filter((f) => typeof f.default === 'string' && f.default.startsWith('$')).map((f) => [f.name, f.type, f.default]))
      .toEqual([['applicant', 'user', '$currentUser'], ['dept', 'department', '$currentDept']]);
    let error: unknown;
    try {
      buildRegistry(sources([{ name: 'title', type: 'string' }, { name: 'who', type: 'string', default: '$currentUser' }]));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).pointer).toBe('/fields/1/default');
    expect((error as SchemaError).message).toContain('user or users');
  });
});
