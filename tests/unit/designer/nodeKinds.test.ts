import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../../runtime/core/schema';
import {
  applyOperation, canContain, createFieldNode, createLayoutNode, FIELD_PALETTE, isContainer, nodeKindSpec, registerNodeKind,
  ROOT_ID, validateDesign,
} from '../../../designer/core';
import type { NodeKind, NodeKindSpec } from '../../../designer/core';
import { counterIds, hrContract } from './fixtures';

describe('node kinds', () => {
  const table: [NodeKind, NodeKind[]][] = [
    ['root', ['grid', 'tabs', 'field']],
    ['grid', ['col']],
    ['col', ['grid', 'tabs', 'field']],
    ['tabs', ['tab']],
    ['tab', ['grid', 'tabs', 'field']],
    ['field', []],
  ];
  it.each(table)('%s accepts exactly %j', (parent, children) => {
    const all: NodeKind[] = ['root', 'grid', 'col', 'tabs', 'tab', 'field'];
    expect(all.filter((child) => canContain(parent, child))).toEqual(children);
  });

  it('gives defaults and property schemas', () => {
    expect(nodeKindSpec('col')!.defaults()).toEqual({ span: 12 });
    expect(nodeKindSpec('root')).toBeUndefined();
    expect(isContainer('field')).toBe(false);
    expect(isContainer('grid')).toBe(true);
    const names = nodeKindSpec('field')!.properties.map((p) => p.name);
    for (const name of ['field', 'field.label', 'field.required', 'requiredWhen', 'hiddenWhen', 'disabledWhen', 'field.dictionary', 'field.options', 'options',
      'remoteOptions', 'field.default', 'span', 'tips', 'placeholder', 'field.maxLength', 'field.min', 'field.max', 'field.precision', 'widget', 'field.rules', 'disabled']) {
      expect(names).toContain(name);
    }
    const dictionary = nodeKindSpec('field')!.properties.find((p) => p.name === 'field.dictionary')!;
    expect(dictionary).toMatchObject({ editor: 'dictionary', fieldTypes: ['dictionary'] });
    expect(nodeKindSpec('field')!.properties.find((p) => p.name === 'hiddenWhen')!.editor).toBe('expression');
  });

  it('createLayoutNode makes a grid with two cols of 12, tabs with one titled tab', () => {
    const grid = createLayoutNode('grid', undefined, counterIds('g'));
    expect(grid.rootId).toBe('g1');
    expect(grid.nodes).toEqual([
      { id: 'g1', kind: 'grid', props: {}, children: ['g2', 'g3'] },
      { id: 'g2', kind: 'col', props: { span: 12 }, children: [] },
      { id: 'g3', kind: 'col', props: { span: 12 }, children: [] },
    ]);
    const doc = hrContract();
    const tabs = createLayoutNode('tabs', doc);
    expect(tabs.nodes.map((n) => n.kind)).toEqual(['tabs', 'tab']);
    expect(tabs.nodes[1].props.title).toBe('entity.HrContract.tab.tab1');
    expect(tabs.messages).toEqual({ 'zh-cn': { 'entity.HrContract.tab.tab1': '标签页 1' }, en: { 'entity.HrContract.tab.tab1': 'Tab 1' } });
    const next = applyOperation(doc, { type: 'insert', parentId: ROOT_ID, index: 0, ...tabs }).document;
    expect(validateDesign(next, 'hr')).toEqual({ ok: true });
    expect(createLayoutNode('tab', next).nodes[0].props.title).toBe('entity.HrContract.tab.tab2');
  });

  describe('registerNodeKind', () => {
    const original = nodeKindSpec('col')!;
    afterEach(() => registerNodeKind(original));

    it('replaces a built-in spec (a property added) and adds a kind the containers accept', () => {
      registerNodeKind({ ...original, properties: [...original.properties, { name: 'offset', editor: 'number', label: 'designer.prop.offset' }] });
      expect(nodeKindSpec('col')!.properties.map((p) => p.name)).toEqual(['span', 'offset']);
      const card = { kind: 'card', label: 'designer.node.card', accepts: (c: NodeKind) => c === 'field', defaults: () => ({}), properties: [], acceptedBy: ['root', 'tab'] };
      registerNodeKind(card as unknown as NodeKindSpec);
      expect(canContain('root', 'card' as NodeKind)).toBe(true);
      expect(canContain('tab', 'card' as NodeKind)).toBe(true);
      expect(canContain('col', 'card' as NodeKind)).toBe(false);
      expect(canContain('card' as NodeKind, 'field')).toBe(true);
    });
  });
});

describe('field palette', () => {
  it('offers every field type but status, and the custom widgets on the type they take', () => {
    const plain = FIELD_PALETTE.filter((e) => !e.widget);
    expect(plain.map((e) => e.type)).toEqual(FIELD_TYPES.filter((t) => t !== 'status'));
    expect(plain).toHaveLength(24);
    expect(plain[0]).toEqual({ type: 'string', label: 'designer.fieldType.string' });
    expect(FIELD_PALETTE.filter((e) => e.widget)).toEqual([{ type: 'departments', widget: 'checkTree', label: 'designer.widget.checkTree' }]);
  });

  it('createFieldNode answers a fresh key, its label key and texts in both languages', () => {
    const doc = hrContract();
    const parts = createFieldNode(doc, 'string', undefined, counterIds('p'));
    expect(parts.fields).toEqual([{ name: 'string1', type: 'string', label: 'entity.HrContract.field.string1' }]);
    expect(parts.messages).toEqual({ 'zh-cn': { 'entity.HrContract.field.string1': '单行文本' }, en: { 'entity.HrContract.field.string1': 'Text' } });
    expect(parts.nodes).toEqual([{ id: 'p1', kind: 'field', props: { field: 'string1' }, children: [] }]);
    const next = applyOperation(doc, { type: 'insert', parentId: ROOT_ID, index: 0, ...parts }).document;
    expect(createFieldNode(next, 'string').fields[0].name).toBe('string2');
    expect(next.entity.messages).toEqual(parts.messages);
  });

  it.each(FIELD_PALETTE.map((e) => [e.type, e.widget] as const))('a %s field (widget %s) dropped on the form passes the load checks', (type, widget) => {
    const doc = hrContract();
    const parts = createFieldNode(doc, type, widget);
    const next = applyOperation(doc, { type: 'insert', parentId: ROOT_ID, index: 1, ...parts }).document;
    expect(validateDesign(next, 'hr')).toEqual({ ok: true });
  });

  it('gives a sub-table one column labelled under subField', () => {
    const parts = createFieldNode(hrContract(), 'subTable');
    expect(parts.fields[0].fields).toEqual([{ name: 'column1', type: 'string', label: 'entity.HrContract.subField.subTable1.column1' }]);
    expect(parts.messages.en['entity.HrContract.subField.subTable1.column1']).toBe('Column 1');
  });
});

describe('designerCoreMessageKeys', () => {
  it('lists every i18n key the model hands the screens, once', async () => {
    const { designerCoreMessageKeys } = await import('../../../designer/core');
    const keys = designerCoreMessageKeys();
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of ['designer.node.grid', 'designer.fieldProp.label', 'designer.fieldType.subTable', 'designer.widget.checkTree', 'designer.error.notAccepted', 'designer.error.expressionUnknownNames']) {
      expect(keys).toContain(key);
    }
    expect(keys.every((k) => /^designer\.[A-Za-z.]+$/.test(k))).toBe(true);
  });
});
