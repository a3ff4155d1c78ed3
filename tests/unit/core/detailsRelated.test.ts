import { describe, expect, it } from 'vitest';
import { buildRegistry, type SchemaSource } from '../../../runtime/core/schema';
import { schemaErrorOf } from '../../support/schemaErrors';

/** `details.related` (records of another entity under the details) is checked when the schemas load. */
const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const person = (related: Record<string, unknown>) => ({
  formatVersion: 1, name: 'DemoPerson', title: 'entity.DemoPerson.title', table: 'demo_person', key: 'personId',
  fields: [{ name: 'personName', type: 'string', required: true }, { name: 'code', type: 'string' }],
  details: { sections: [{ fields: ['personName', 'code'] }], related: [{ title: 'entity.DemoPerson.related.papers', entity: 'DemoPaper', field: 'code', ...related }] },
});
const paper = {
  formatVersion: 1, name: 'DemoPaper', title: 'entity.DemoPaper.title', table: 'demo_paper', key: 'paperId',
  fields: [{ name: 'paperNo', type: 'string', required: true }, { name: 'code', type: 'string' }, { name: 'lines', type: 'subTable', fields: [{ name: 'x', type: 'string' }] }],
};
const sources = (related: Record<string, unknown>): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/DemoPerson.json', module: 'demo', kind: 'entity', doc: person(related) },
  { file: 'schemas/demo/DemoPaper.json', module: 'demo', kind: 'entity', doc: paper },
];

describe('related records on the details screen', () => {
  it('loads a block naming an entity with a list, a field of it and columns of it', () => {
    const registry = buildRegistry(sources({ value: 'code', columns: ['paperNo'] }));
    expect(registry.entities.get('DemoPerson')!.details.related).toEqual([
      { title: 'entity.DemoPerson.related.papers', entity: 'DemoPaper', field: 'code', value: 'code', columns: ['paperNo'] },
    ]);
  });

  it('refuses names that point nowhere, with file and JSON pointer', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ entity: 'Nowhere' }, '/details/related/0/entity', 'Nowhere'],
      [{ field: 'ownerId' }, '/details/related/0/field', 'ownerId'],
      [{ field: 'lines' }, '/details/related/0/field', 'lines'],
      [{ value: 'nothing' }, '/details/related/0/value', 'nothing'],
      [{ columns: ['paperNo', 'pages'] }, '/details/related/0/columns/1', 'pages'],
    ];
    for (const [related, pointer, named] of cases) {
      const error = schemaErrorOf(() => buildRegistry(sources(related)));
      expect(error.file, pointer).toBe('schemas/demo/DemoPerson.json');
      expect(error.pointer, named).toBe(pointer);
      expect(error.message).toContain(named);
    }
  });

  it('refuses unknown properties of a block (meta-schema)', () => {
    expect(schemaErrorOf(() => buildRegistry(sources({ filter: 'x' }))).message).toContain('filter');
  });
});
