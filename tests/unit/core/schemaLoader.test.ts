import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, grantablePermissions, missingUpgradeSteps, SchemaError, upgradeSchemaDocument, type SchemaSource } from '../../../runtime/core/schema';
import { readSchemaSources } from '../../../server/schema/loadRegistry';
import { schemaErrorOf } from '../../support/schemaErrors';

const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const entityDoc = () => ({
  formatVersion: 1, name: 'DemoThing', title: 'entity.DemoThing.title', table: 'demo_thing', key: 'thingId',
  fields: [
    { name: 'title', type: 'string', required: true },
    { name: 'startDate', type: 'date' },
    { name: 'endDate', type: 'date', rules: [{ expression: 'endDate >= startDate', message: 'x' }] },
  ],
});
const sources = (entity: unknown, extra: SchemaSource[] = []): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/DemoThing.json', module: 'demo', kind: 'entity', doc: entity },
  ...extra,
];

describe('schema loader', () => {
  it('loads every product schema in the repository', () => {
    const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
    expect([...registry.entities.keys()]).toEqual(expect.arrayContaining(['User', 'Dept', 'Role', 'Menu', 'Dic', 'Unit', 'HrContract', 'OfficeVehicleApply']));
  });

  it('checks a deeply nested layout, and names a node of an unknown kind (the check picks the branch by kind)', () => {
    // Before the discriminator every oneOf branch was tried at every level: 6 levels of tabs cost a
    // second, 30 would not finish. A designer's publish must not be able to stall the server so.
    let layout: unknown[] = [{ kind: 'field', field: 'title' }];
    for (let i = 0; i < 30; i += 1) layout = [{ kind: 'tabs', children: [{ kind: 'tab', title: `t${i}`, children: layout }] }];
    const registry = buildRegistry(sources({ ...entityDoc(), form: { layout } }));
    expect(registry.entities.get('DemoThing')!.form.layout[0]).toMatchObject({ kind: 'tabs' });
    const error = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), form: { layout: [{ kind: 'grd', children: [] }] } })));
    expect(error.pointer).toBe('/form/layout/0');
  });

  it('fills defaults: key and system fields, labels, list, form, permissions, calls', () => {
    const entity = buildRegistry(sources(entityDoc())).entities.get('DemoThing')!;
    expect(entity.fields.map((f) => f.name)).toEqual(['thingId', 'title', 'startDate', 'endDate', 'createUser', 'createDept', 'unitId', 'createTime', 'updateTime', 'rowVersion']);
    expect(entity.fields.find((f) => f.name === 'title')!.label).toBe('entity.DemoThing.field.title');
    expect(entity.labelField).toBe('title');
    expect(entity.list.defaultSort).toEqual({ prop: 'createTime', order: 'descending' });
    expect(entity.permissions.insert).toBe('demo:DemoThing:insert');
    expect(entity.calls).toEqual(['list', 'view', 'insert', 'update', 'delete']);
    expect(entity.form.layout[0]).toMatchObject({ kind: 'grid' });
    expect(entity.dataScope).toBe(true);
    expect(entity.pickerOpen).toBe(false);
    expect(entity.personal).toBe(false);
  });

  it('refuses a personal entity opened to pickers, given a separated duty or taken out of the data scope', () => {
    expect(buildRegistry(sources({ ...entityDoc(), personal: true })).entities.get('DemoThing')!.personal).toBe(true);
    expect(schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), personal: true, pickerOpen: true }))).pointer).toBe('/pickerOpen');
    expect(schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), personal: true, duty: 'audit' }))).pointer).toBe('/duty');
    expect(schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), personal: true, dataScope: false }))).pointer).toBe('/dataScope');
  });

  it('takes a single-record entity only without insert and delete, and with list and view', () => {
    const single = { ...entityDoc(), single: true, calls: ['list', 'view', 'update'] };
    expect(buildRegistry(sources(single)).entities.get('DemoThing')!.single).toBe(true);
    expect(buildRegistry(sources(entityDoc())).entities.get('DemoThing')!.single).toBe(false);
    expect(schemaErrorOf(() => buildRegistry(sources({ ...single, calls: ['list', 'view', 'insert', 'update'] }))).pointer).toBe('/calls');
    expect(schemaErrorOf(() => buildRegistry(sources({ ...single, calls: ['view', 'update'] }))).pointer).toBe('/calls');
  });

  it('takes the checkTree widget only on departments or a multiple reference', () => {
    const withWidget = (field: Record<string, unknown>) => ({
      ...entityDoc(),
      fields: [...entityDoc().fields, field],
      form: { layout: [{ kind: 'field', field: String(field.name), widget: 'checkTree' }] },
    });
    const several = { name: 'relatedIds', type: 'reference', entity: 'DemoThing', multiple: true };
    expect(buildRegistry(sources(withWidget(several))).entities.get('DemoThing')!.form.layout[0]).toMatchObject({ widget: 'checkTree' });
    expect(schemaErrorOf(() => buildRegistry(sources(withWidget({ ...several, multiple: false })))).pointer).toBe('/form/layout/0/widget');
  });

  it('takes `translated` on text fields only', () => {
    const withTitle = (type: string) => ({ ...entityDoc(), fields: entityDoc().fields.map((f: { name: string }) => (f.name === 'title' ? { ...f, type, translated: true } : f)) });
    expect(buildRegistry(sources(withTitle('string'))).entities.get('DemoThing')!.fields.find((f) => f.name === 'title')!.translated).toBe(true);
    expect(() => buildRegistry(sources(withTitle('integer')))).toThrow(SchemaError);
  });

  it('refuses a picker field that is not a field of the entity', () => {
    expect(buildRegistry(sources({ ...entityDoc(), pickerFields: ['startDate'] })).entities.get('DemoThing')!.pickerFields).toEqual(['startDate']);
    const error = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), pickerFields: ['phone'] })));
    expect(error.pointer).toBe('/pickerFields/0');
  });

  it('names the file, the JSON pointer and the expectation for a meta-schema violation', () => {
    const doc = { ...entityDoc(), fields: [{ name: 'title', type: 'strin' }] };
    const error = schemaErrorOf(() => buildRegistry(sources(doc)));
    expect(error.file).toBe('schemas/demo/DemoThing.json');
    expect(error.pointer).toBe('/fields/0/type');
    expect(error.message).toContain('expected one of');
  });

  it('refuses unknown properties with their name', () => {
    const error = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), colour: 'red' })));
    expect(error.pointer).toBe('/');
    expect(error.message).toContain('"colour"');
  });

  it('refuses a dictionary field without its dictionary code', () => {
    const doc = { ...entityDoc(), fields: [{ name: 'kind', type: 'dictionary' }] };
    const error = schemaErrorOf(() => buildRegistry(sources(doc)));
    expect(error.pointer).toBe('/fields/0');
    expect(error.message).toContain('dictionary');
  });

  it('refuses names that point nowhere: columns, form items, flow states', () => {
    const column = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), list: { columns: [{ prop: 'nope' }] } })));
    expect(column.pointer).toBe('/list/columns/0/prop');
    const form = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), form: { layout: [{ kind: 'field', field: 'ghost' }] } })));
    expect(form.pointer).toBe('/form/layout/0/field');
    const flow = schemaErrorOf(() => buildRegistry(sources({
      ...entityDoc(),
      fields: [...entityDoc().fields, { name: 'status', type: 'status' }],
      flow: { field: 'status', initial: 'draft', states: [{ name: 'draft', label: 'x' }], transitions: [{ name: 'go', call: 'goDemo', label: 'x', from: ['draft'], to: 'done' }] },
    })));
    expect(flow.pointer).toBe('/flow/transitions/0/to');
  });

  it('lets transitions the module\'s own call decides between share it (moduleCall), and makes no permission entry for them', () => {
    const flowOf = (transitions: Record<string, unknown>[]) => ({
      ...entityDoc(),
      fields: [...entityDoc().fields, { name: 'status', type: 'status' }],
      flow: { field: 'status', initial: 'draft', states: [{ name: 'draft', label: 'x' }, { name: 'pending', label: 'x' }, { name: 'done', label: 'x' }], transitions },
    });
    const send = { name: 'send', call: 'sendDemo', label: 'x', from: ['draft'], to: 'pending', moduleCall: true };
    const publish = { name: 'publish', call: 'sendDemo', label: 'x', from: ['draft'], to: 'done', moduleCall: true };
    const approve = { name: 'approve', call: 'approveDemo', label: 'x', from: ['pending'], to: 'done' };
    const menu = { ...moduleDoc, menus: [{ name: 'demoThing', title: 'menu.demoThing', type: 'page', path: '/demo/thing', entity: 'DemoThing' }] };
    const registry = buildRegistry([{ file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: menu }, sources(flowOf([send, publish, approve]))[1]]);
    expect(registry.entities.get('DemoThing')!.flow!.transitions.map((t) => [t.name, t.moduleCall ?? false])).toEqual([['send', true], ['publish', true], ['approve', false]]);
    const grantable = grantablePermissions(registry);
    expect(grantable.has('demo:DemoThing:approve')).toBe(true);
    expect(grantable.has('demo:DemoThing:send') || grantable.has('demo:DemoThing:publish')).toBe(false);
    // A call shared with a transition the generic call would take is still refused.
    const shared = schemaErrorOf(() => buildRegistry(sources(flowOf([send, { ...approve, call: 'sendDemo' }]))));
    expect(shared.pointer).toBe('/flow/transitions/1/call');
    expect(schemaErrorOf(() => buildRegistry(sources(flowOf([{ ...send, moduleCall: false }, publish])))).pointer).toBe('/flow/transitions/1/call');
  });

  it('refuses an expression the safe evaluator refuses, at load time', () => {
    const doc = { ...entityDoc(), form: { layout: [{ kind: 'field', field: 'title', hiddenWhen: 'title.constructor' }] } };
    const error = schemaErrorOf(() => buildRegistry(sources(doc)));
    expect(error.pointer).toBe('/form/layout/0/hiddenWhen');
  });

  it('refuses a field placed twice in the form and system fields in the form', () => {
    const twice = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), form: { layout: [{ kind: 'field', field: 'title' }, { kind: 'field', field: 'title' }] } })));
    expect(twice.pointer).toBe('/form/layout/1/field');
    const system = schemaErrorOf(() => buildRegistry(sources({ ...entityDoc(), form: { layout: [{ kind: 'field', field: 'createUser' }] } })));
    expect(system.message).toContain('filled by the server');
  });

  it('refuses duplicate entity names and tables across the suite, and references to missing entities', () => {
    const copy: SchemaSource = { file: 'schemas/demo/Copy.json', module: 'demo', kind: 'entity', doc: { ...entityDoc(), table: 'demo_copy' } };
    expect(schemaErrorOf(() => buildRegistry(sources(entityDoc(), [copy]))).message).toContain('unique across the suite');
    const ref = { ...entityDoc(), fields: [{ name: 'owner', type: 'reference', entity: 'Nowhere' }] };
    expect(schemaErrorOf(() => buildRegistry(sources(ref))).message).toContain('Nowhere');
  });

  it('refuses an entity in a folder without module.json', () => {
    const error = schemaErrorOf(() => buildRegistry([{ file: 'schemas/x/A.json', module: 'x', kind: 'entity', doc: entityDoc() }]));
    expect(error.message).toContain('module.json');
  });

  it('upgrades documents by ordered steps and refuses missing or future versions', () => {
    expect(missingUpgradeSteps()).toEqual([]);
    expect(upgradeSchemaDocument('f.json', { formatVersion: 1, a: 1 })).toEqual({ formatVersion: 1, a: 1 });
    expect(schemaErrorOf(() => upgradeSchemaDocument('f.json', { a: 1 })).pointer).toBe('/formatVersion');
    expect(schemaErrorOf(() => upgradeSchemaDocument('f.json', { formatVersion: 99 })).message).toContain('newer release');
    expect(schemaErrorOf(() => upgradeSchemaDocument('f.json', [])).message).toContain('JSON object');
  });
});
