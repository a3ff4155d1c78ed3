import { describe, expect, it } from 'vitest';
import { buildRegistry, type SchemaSource } from '../../../runtime/core/schema';
import { heldListScopes } from '../../../runtime/core/schema/heldListScopes';
import { schemaErrorOf } from '../../support/schemaErrors';

const entityDoc = {
  formatVersion: 1, name: 'DemoThing', title: 'entity.DemoThing.title', table: 'demo_thing', key: 'thingId',
  fields: [{ name: 'title', type: 'string' }, { name: 'owner', type: 'user' }], list: { scopes: { manage: true, my: { ownerField: 'owner' } } },
};
const userDoc = { formatVersion: 1, name: 'User', title: 'entity.User.title', table: 'sys_user', key: 'userId', fields: [{ name: 'userName', type: 'string' }] };
const sources = (menus: unknown[]): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus } },
  { file: 'schemas/demo/DemoThing.json', module: 'demo', kind: 'entity', doc: entityDoc },
  { file: 'schemas/demo/User.json', module: 'demo', kind: 'entity', doc: userDoc },
];
const page = { name: 'demoThing', title: 'menu.demoThing', type: 'page', path: '/demo/thing', entity: 'DemoThing' };

describe('management pages in module.json (requires: "list")', () => {
  it('loads the flag on an entity page', () => {
    const registry = buildRegistry(sources([{ ...page, requires: 'list' }]));
    expect(registry.modules.get('demo')!.menus[0].requires).toBe('list');
  });

  it('stops the load at the flag on a page of no entity, and at another value', () => {
    const { entity: _entity, ...plain } = page;
    const error = schemaErrorOf(() => buildRegistry(sources([{ name: 'demo', title: 'menu.demo', type: 'dir', children: [{ ...plain, requires: 'list' }] }])));
    expect([error.file, error.pointer]).toEqual(['schemas/demo/module.json', '/menus/0/children/0/requires']);
    expect(schemaErrorOf(() => buildRegistry(sources([{ ...page, requires: 'my' }]))).pointer).toContain('/menus/0');
  });

  it('answers the lists a holder may call: the manage list with list, the my list with my', () => {
    const entity = buildRegistry(sources([page])).entities.get('DemoThing')!;
    const holding = (...permissions: string[]) => heldListScopes(entity, (p) => permissions.includes(p));
    expect(holding('demo:DemoThing:list', 'demo:DemoThing:my')).toEqual(['manage', 'my']);
    expect(holding('demo:DemoThing:my')).toEqual(['my']);
    expect(holding('demo:DemoThing:view', 'demo:DemoThing:insert')).toEqual([]);
  });
});
