import { describe, expect, it } from 'vitest';
import { assertMetaValid, checkEntityConsistency, normaliseEntity } from '../../../runtime/core/schema';
import { fromEntityDocument, newNodeId, NODE_ID_PATTERN, ROOT_ID, toEntityDocument } from '../../../designer/core';
import { counterIds, hrContract, richDocument, schemaFile } from './fixtures';

describe('fromEntityDocument / toEntityDocument', () => {
  it('builds the flat tree under a root whose children are the layout top nodes', () => {
    const doc = hrContract();
    const root = doc.tree.nodes[doc.tree.rootId];
    expect(root.kind).toBe('root');
    expect(doc.tree.rootId).toBe(ROOT_ID);
    expect(root.children.map((id) => doc.tree.nodes[id].kind)).toEqual(['tabs']);
    const tabs = doc.tree.nodes[root.children[0]];
    expect(tabs.children.map((id) => doc.tree.nodes[id].props.title)).toEqual(['entity.HrContract.tab.basic', 'entity.HrContract.tab.attachments']);
    const field = Object.values(doc.tree.nodes).find((n) => n.props.field === 'renewRemark')!;
    expect(field.props).toEqual({ field: 'renewRemark', hiddenWhen: 'renewFlag != 1', requiredWhen: 'renewFlag == 1', message: 'entity.HrContract.rule.renewRemarkRequired' });
    expect(field.children).toEqual([]);
    expect(Object.keys(doc.tree.nodes)).toHaveLength(1 + 1 + 2 + 1 + 9 + 9 + 2);
    expect(doc.entity).not.toHaveProperty('form.layout');
  });

  it('keeps the ids a file gives and renews missing, duplicated, invalid and root ids', () => {
    const raw = {
      formatVersion: 1, name: 'Demo', title: 't', table: 'demo', key: 'id',
      fields: [{ name: 'a', type: 'string' }, { name: 'b', type: 'string' }, { name: 'c', type: 'string' }, { name: 'd', type: 'string' }],
      form: { layout: [
        { kind: 'field', id: 'keep1', field: 'a' },
        { kind: 'field', id: 'keep1', field: 'b' },
        { kind: 'field', id: 'bad id!', field: 'c' },
        { kind: 'field', id: 'root', field: 'd' },
      ] },
    };
    const doc = fromEntityDocument(raw, counterIds('x'));
    const ids = doc.tree.nodes[ROOT_ID].children;
    expect(ids[0]).toBe('keep1');
    expect(new Set(ids).size).toBe(4);
    expect(ids.slice(1)).toEqual(['x1', 'x2', 'x3']);
  });

  it('never hands out an id a later file node holds', () => {
    const raw = {
      formatVersion: 1, name: 'Demo', title: 't', table: 'demo', key: 'id',
      fields: [{ name: 'a', type: 'string' }, { name: 'b', type: 'string' }],
      form: { layout: [{ kind: 'field', field: 'a' }, { kind: 'field', id: 'n1', field: 'b' }] },
    };
    const doc = fromEntityDocument(raw, counterIds('n'));
    expect(doc.tree.nodes[ROOT_ID].children).toEqual(['n2', 'n1']);
  });

  it('gives a form without layout the runtime default layout (non-system, editable fields in order)', () => {
    const raw = {
      formatVersion: 1, name: 'Demo', title: 't', table: 'demo', key: 'id',
      fields: [
        { name: 'a', type: 'string' }, { name: 'note', type: 'text' }, { name: 'st', type: 'status' },
        { name: 'ro', type: 'string', readOnly: true }, { name: 'sys', type: 'string', system: true }, { name: 'n', type: 'integer' },
      ],
    };
    const out = toEntityDocument(fromEntityDocument(raw, counterIds()));
    const layout = (out.form as { layout: unknown[] }).layout;
    expect(layout).toEqual([{ kind: 'grid', id: 'n1', children: [
      { kind: 'col', id: 'n2', span: 12, children: [{ kind: 'field', id: 'n3', field: 'a' }] },
      { kind: 'col', id: 'n4', span: 24, children: [{ kind: 'field', id: 'n5', field: 'note' }] },
      { kind: 'col', id: 'n6', span: 12, children: [{ kind: 'field', id: 'n7', field: 'n' }] },
    ] }]);
    // A document without `form` gets it where the suite's files keep it: after the list, or the fields.
    expect(Object.keys(out)).toEqual(['formatVersion', 'name', 'title', 'table', 'key', 'fields', 'form']);
  });

  it('writes the document back unchanged but for the ids, keys in the file order', () => {
    const raw = schemaFile('hr/HrContract.json');
    const out = toEntityDocument(fromEntityDocument(raw, counterIds()));
    expect(Object.keys(out)).toEqual(Object.keys(raw));
    const stripIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v) => (k === 'id' ? undefined : v)));
    expect(stripIds(out)).toEqual(raw);
    const firstField = ((out.form as { layout: Array<Record<string, unknown>> }).layout[0]);
    expect(Object.keys(firstField)).toEqual(['kind', 'id', 'children']);
  });

  it('is lossless: to → from → to gives the same document for every schema file of the suite', async () => {
    const { readdirSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const base = resolve(__dirname, '../../../schemas');
    let count = 0;
    for (const module of readdirSync(base)) {
      if (module === 'meta') continue;
      for (const file of readdirSync(resolve(base, module))) {
        if (!file.endsWith('.json') || file === 'module.json') continue;
        const once = toEntityDocument(fromEntityDocument(schemaFile(`${module}/${file}`)));
        const twice = toEntityDocument(fromEntityDocument(once));
        expect(twice).toEqual(once);
        // What the designer saves is what the server loads.
        assertMetaValid('entity', file, once);
        checkEntityConsistency(file, once, normaliseEntity(once, module));
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('keeps labelWidth beside the rebuilt layout', () => {
    const raw = { ...richDocument(), form: { labelWidth: 160, layout: [] } };
    const out = toEntityDocument(fromEntityDocument(raw));
    expect(out.form).toEqual({ labelWidth: 160, layout: [] });
  });

  it('refuses what is not an entity document or holds an unknown node kind', () => {
    expect(() => fromEntityDocument(null)).toThrow(/invalidDocument/);
    expect(() => fromEntityDocument({ name: 'X' })).toThrow(/invalidDocument/);
    expect(() => fromEntityDocument({ ...richDocument(), form: { layout: [{ kind: 'card', children: [] }] } })).toThrow(/invalidDocument/);
  });

  it('newNodeId answers 10 url-safe characters, different each time', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newNodeId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{10}$/);
      expect(id).toMatch(NODE_ID_PATTERN);
    }
  });
});
