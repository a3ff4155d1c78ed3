import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, type SchemaSource } from '../../../runtime/core/schema';
import { readSchemaSources } from '../../../server/schema/loadRegistry';
import { indexName, listIndexes } from '../../../server/db/listIndexes';
import { tableSpecForEntity } from '../../../server/db/tableSpecs';
import { schemaErrorOf } from '../../support/schemaErrors';

const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const entityDoc = (extra: Record<string, unknown> = {}) => ({
  formatVersion: 1, name: 'DemoDeal', title: 'entity.DemoDeal.title', table: 'demo_deal', key: 'dealId',
  fields: [
    { name: 'title', type: 'string', required: true, unique: true },
    { name: 'ownerId', type: 'string', indexed: true },
    { name: 'stage', type: 'dictionary', dictionary: 'dealStage', indexed: true },
    { name: 'closeDate', type: 'date' },
    { name: 'amount', type: 'money' },
  ],
  list: {
    columns: [{ prop: 'title', sortable: true }, { prop: 'closeDate', sortable: true }, { prop: 'amount', sortable: true }, { prop: 'stage' }],
    defaultSort: { prop: 'closeDate', order: 'descending' },
    scopes: { my: { ownerField: 'ownerId' }, manage: true },
  },
  ...extra,
});
const sources = (entity: unknown): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/DemoDeal.json', module: 'demo', kind: 'entity', doc: entity },
];
const load = (extra?: Record<string, unknown>) => buildRegistry(sources(entityDoc(extra))).entities.get('DemoDeal')!;
const columnsOf = (indexes: { columns: string[] }[]) => indexes.map((i) => i.columns.join(','));

describe('indexes derived for the lists', () => {
  it('covers every list access path: sort alone, every scope by the default sort, the unit scope by every sort; key last', () => {
    expect(columnsOf(listIndexes(load()))).toEqual([
      // No scope (superuser, the all-data scope), each sort.
      'closeDate,dealId', 'title,dealId', 'amount,dealId',
      // Every data scope and the my list's owner, by the default sort.
      'unitId,closeDate,dealId', 'createDept,closeDate,dealId', 'createUser,closeDate,dealId', 'ownerId,closeDate,dealId',
      // The broad unit scope, by the other sortable columns.
      'unitId,title,dealId', 'unitId,amount,dealId',
    ]);
    expect(listIndexes(load()).every((i) => i.listOrder && !i.unique)).toBe(true);
  });

  it('leaves the scopes out where the entity has none, and scopes a personal entity to its creator', () => {
    expect(columnsOf(listIndexes(load({ dataScope: false, list: { ...entityDoc().list, scopes: { manage: true } } }))))
      .toEqual(['closeDate,dealId', 'title,dealId', 'amount,dealId']);
    expect(columnsOf(listIndexes(load({ personal: true, list: { ...entityDoc().list, scopes: { manage: true } } }))))
      .toEqual(['closeDate,dealId', 'title,dealId', 'amount,dealId', 'createUser,closeDate,dealId']);
  });

  it('adds the schema\'s own indexes, once, and drops single-column indexes a list index leads (never unique ones)', () => {
    const entity = load({ indexes: [{ columns: ['stage', 'closeDate'] }, { columns: ['closeDate', 'dealId'] }] });
    const spec = tableSpecForEntity(entity);
    const names = spec.indexes.map((i) => i.name);
    expect(names).toContain('ix_demo_deal_stage_closeDate');
    expect(names.filter((n) => n === 'ix_demo_deal_closeDate_dealId')).toHaveLength(1);
    // Unique stays; the sort, owner, stage and scope columns are led by list indexes.
    expect(names).toContain('ux_demo_deal_title');
    for (const led of ['ix_demo_deal_closeDate', 'ix_demo_deal_ownerId', 'ix_demo_deal_stage', 'ix_demo_deal_unitId', 'ix_demo_deal_createDept', 'ix_demo_deal_createUser']) {
      expect(names).not.toContain(led);
    }
  });

  it('names indexes within the databases\' identifier limit, distinct where long names share a start', () => {
    const long = 'a_table_with_a_rather_long_name_for_its_records';
    const one = indexName(long, ['createDept', 'startDateOfTheContract', 'contractId']);
    const two = indexName(long, ['createDept', 'startDateOfTheContract', 'contractKey']);
    expect(one.length).toBeLessThanOrEqual(60);
    expect(two.length).toBeLessThanOrEqual(60);
    expect(one).not.toBe(two);
    expect(indexName('hr_contract', ['unitId', 'startDate', 'contractId'])).toBe('ix_hr_contract_unitId_startDate_contractId');
  });

  it('keeps the number of indexes of every product entity bounded', () => {
    const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
    for (const entity of registry.entities.values()) {
      const sorts = new Set([entity.list.defaultSort.prop, ...entity.list.columns.filter((c) => c.sortable).map((c) => c.prop)]).size;
      // sort alone + 4 scopes by the default sort + the unit scope by the other sorts.
      expect(listIndexes(entity).length, entity.name).toBeLessThanOrEqual(2 * sorts + 4);
    }
  });
});

describe('schema checks of indexes and the summary row', () => {
  it('takes indexes over fields and refuses a column that is not one, with file and pointer', () => {
    expect(load({ indexes: [{ columns: ['stage', 'closeDate'] }] }).indexes).toEqual([{ columns: ['stage', 'closeDate'] }]);
    expect(load().indexes).toEqual([]);
    const error = schemaErrorOf(() => load({ indexes: [{ columns: ['stage'] }, { columns: ['stage', 'closingDate'] }] }));
    expect(error.file).toBe('schemas/demo/DemoDeal.json');
    expect(error.pointer).toBe('/indexes/1/columns/1');
    expect(error.message).toContain('index column "closingDate" to be a field of DemoDeal');
  });

  it('refuses a malformed index declaration through the meta-schema', () => {
    expect(schemaErrorOf(() => load({ indexes: [{ columns: [] }] })).pointer).toBe('/indexes/0/columns');
    expect(schemaErrorOf(() => load({ indexes: [{ columns: ['stage'], unique: true }] })).message).toContain('unique');
  });

  it('takes a summary row only where there is a money field to sum', () => {
    expect(load({ list: { ...entityDoc().list, summary: true } }).list.summary).toBe(true);
    expect(load().list.summary).toBe(false);
    const noMoney = entityDoc({ list: { ...entityDoc().list, summary: true } });
    noMoney.fields = noMoney.fields.filter((f) => f.type !== 'money');
    noMoney.list.columns = noMoney.list.columns.filter((c) => c.prop !== 'amount');
    expect(schemaErrorOf(() => buildRegistry(sources(noMoney))).pointer).toBe('/list/summary');
  });
});
