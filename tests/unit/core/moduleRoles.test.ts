import { describe, expect, it } from 'vitest';
import { buildRegistry, expandGrant, grantablePermissions, type SchemaSource } from '../../../runtime/core/schema';
import { schemaErrorOf } from '../../support/schemaErrors';

const entityDoc = { formatVersion: 1, name: 'DemoThing', title: 'entity.DemoThing.title', table: 'demo_thing', key: 'thingId', fields: [{ name: 'title', type: 'string' }] };
const moduleDoc = (roles: unknown[], name = 'demo') => ({
  formatVersion: 1, name, title: `module.${name}.title`, base: name,
  menus: name === 'demo' ? [{ name: 'demoThing', title: 'menu.demoThing', type: 'page', path: '/demo/thing', entity: 'DemoThing' }] : [],
  roles,
});
const sources = (roles: unknown[], extra: SchemaSource[] = []): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc(roles) },
  { file: 'schemas/demo/DemoThing.json', module: 'demo', kind: 'entity', doc: entityDoc },
  ...extra,
];
const keeper = { code: 'keeper', name: 'role.keeper.name', dataScope: 'unit', grants: ['demo:DemoThing:list', 'demo:DemoThing:view'] };

describe('module roles in module.json', () => {
  it('loads the declared roles with their grants', () => {
    const registry = buildRegistry(sources([keeper]));
    expect(registry.modules.get('demo')!.roles).toEqual([keeper]);
    expect(buildRegistry(sources([])).modules.get('demo')!.roles).toEqual([]);
  });

  it('expands module:Entity:* to every button of the entity page, and nothing else', () => {
    const grantable = grantablePermissions(buildRegistry(sources([])));
    expect(expandGrant('demo:DemoThing:*', grantable).sort()).toEqual(['demo:DemoThing:delete', 'demo:DemoThing:insert', 'demo:DemoThing:list', 'demo:DemoThing:update', 'demo:DemoThing:view']);
    expect(expandGrant('demo:DemoThing:list', grantable)).toEqual(['demo:DemoThing:list']);
    expect(expandGrant('demo:DemoThing:export', grantable)).toEqual([]);
  });

  it('stops the load at an unknown permission with file and JSON pointer', () => {
    for (const grant of ['demo:DemoThing:approve', 'demo:Nothing:*', 'demo:DemoThing:export']) {
      const error = schemaErrorOf(() => buildRegistry(sources([{ ...keeper, grants: ['demo:DemoThing:list', grant] }])));
      expect(error.file).toBe('schemas/demo/module.json');
      expect(error.pointer).toBe('/roles/0/grants/1');
      expect(error.message).toContain(`"${grant}"`);
    }
  });

  it('stops the load at a malformed role: a grant that is no permission, an unknown data scope, a missing name', () => {
    expect(schemaErrorOf(() => buildRegistry(sources([{ ...keeper, grants: ['list everything'] }]))).pointer).toBe('/roles/0/grants/0');
    expect(schemaErrorOf(() => buildRegistry(sources([{ ...keeper, dataScope: 'everyone' }]))).pointer).toBe('/roles/0/dataScope');
    const { name: _name, ...nameless } = keeper;
    expect(schemaErrorOf(() => buildRegistry(sources([nameless]))).message).toContain('"name"');
  });

  it('refuses one role code declared by two modules', () => {
    const other: SchemaSource = { file: 'schemas/other/module.json', module: 'other', kind: 'module', doc: moduleDoc([{ ...keeper, grants: ['demo:DemoThing:view'] }], 'other') };
    const error = schemaErrorOf(() => buildRegistry(sources([keeper], [other])));
    expect(error.file).toBe('schemas/other/module.json');
    expect(error.pointer).toBe('/roles/0/code');
    expect(error.message).toContain('schemas/demo/module.json');
  });
});
