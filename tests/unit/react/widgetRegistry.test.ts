import { describe, expect, it } from 'vitest';
import { CUSTOM_WIDGETS, buildRegistry, normaliseEntity, SchemaError, type SchemaSource } from '../../../runtime/core/schema';
import { fieldWidget } from '../../../runtime/react/form/fieldWidget';
import { DEPARTMENT_TREE_PATH } from '../../../runtime/react/data/useEntityTree';
import { registeredWidget, registeredWidgetNames, widgetTestId } from '../../../runtime/react/widgets';
import type { EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';

const moduleDoc = { formatVersion: 1, name: 'demo', title: 'module.demo.title', base: 'demo', menus: [] };
const entityDoc = (widget: string, field: Record<string, unknown> = { name: 'depts', type: 'departments' }) => ({
  formatVersion: 1, name: 'DemoThing', title: 'entity.DemoThing.title', table: 'demo_thing', key: 'thingId',
  fields: [{ name: 'title', type: 'string', required: true }, field],
  form: { layout: [{ kind: 'field', field: 'title' }, { kind: 'field', field: String(field.name), widget }] },
});
const sources = (entity: unknown): SchemaSource[] => [
  { file: 'schemas/demo/module.json', module: 'demo', kind: 'module', doc: moduleDoc },
  { file: 'schemas/demo/DemoThing.json', module: 'demo', kind: 'entity', doc: entity },
];
const schemaError = (fn: () => unknown): SchemaError => {
  try { fn(); } catch (error) { if (error instanceof SchemaError) return error; throw error; }
  throw new Error('expected a SchemaError');
};

describe('custom widget registry', () => {
  it('has a form component registered for every widget name the schema check knows, and nothing else', () => {
    expect(registeredWidgetNames().sort()).toEqual(Object.keys(CUSTOM_WIDGETS).sort());
    for (const name of Object.keys(CUSTOM_WIDGETS)) expect(typeof registeredWidget(name)?.form).toBe('function');
  });

  it('refuses a form item naming an unknown widget, with file, JSON pointer and the known names', () => {
    const error = schemaError(() => buildRegistry(sources(entityDoc('signaturePad'))));
    expect(error.file).toBe('schemas/demo/DemoThing.json');
    expect(error.pointer).toBe('/form/layout/1/widget');
    expect(error.message).toBe('schemas/demo/DemoThing.json at /form/layout/1/widget: a registered widget (checkTree, gantt, bodyTemplate); "signaturePad" is not one');
  });

  it('refuses a known widget on a field it cannot hold', () => {
    const related = { name: 'related', type: 'reference', entity: 'DemoThing', multiple: true };
    const error = schemaError(() => buildRegistry(sources(entityDoc('checkTree', { ...related, multiple: false }))));
    expect(error.pointer).toBe('/form/layout/1/widget');
    expect(error.message).toContain('checkTree only on a departments field or a multiple reference; "related" is neither');
    expect(buildRegistry(sources(entityDoc('checkTree', related))).entities.get('DemoThing')!.form.layout[1]).toMatchObject({ widget: 'checkTree' });
  });

  it('renders a widget item through the one CustomWidget component with the registration\'s props', () => {
    const entity = normaliseEntity(entityDoc('checkTree'), 'demo');
    const bundle: EntitySchemaBundle = { entity, base: 'demo', references: {} };
    const field = entity.fields.find((f) => f.name === 'depts')!;
    const item = { kind: 'field' as const, field: 'depts', widget: 'checkTree' };
    expect(fieldWidget(bundle, field, item, (key) => key)).toEqual({
      type: 'string', component: 'CustomWidget',
      props: { 'data-testid': 'check-tree-depts', widget: 'checkTree', path: DEPARTMENT_TREE_PATH },
    });
    // Without the widget the same field is the tree select.
    expect(fieldWidget(bundle, field, { kind: 'field', field: 'depts' }, (key) => key).component).toBe('TreeReferenceSelect');
    expect(widgetTestId('checkTree', 'menuIds')).toBe('check-tree-menuIds');
  });

  it('offers bodyTemplate on a single reference to a template entity, filling a rich-text field the form has', () => {
    const template = { name: 'template', type: 'reference', entity: 'NoticeTemplate' };
    const error = schemaError(() => buildRegistry(sources(entityDoc('bodyTemplate', { ...template, entity: 'DemoThing' }))));
    expect(error.pointer).toBe('/form/layout/1/widget');
    expect(error.message).toContain('bodyTemplate only on a single reference to a template entity (NoticeTemplate)');

    const doc = entityDoc('bodyTemplate', template);
    const references = { NoticeTemplate: { base: 'info', key: 'templateId', labelField: 'templateName', title: 'entity.NoticeTemplate.title' } };
    const withFields = (fields: unknown[]) => normaliseEntity({ ...doc, fields: [...doc.fields, ...fields] }, 'demo');
    const entity = withFields([{ name: 'noticeType', type: 'string' }, { name: 'content', type: 'richText' }]);
    const field = entity.fields.find((f) => f.name === 'template')!;
    const item = { kind: 'field' as const, field: 'template', widget: 'bodyTemplate' };
    expect(fieldWidget({ entity, base: 'demo', references }, field, item, (key) => key).props).toMatchObject({
      'data-testid': 'body-template-template', widget: 'bodyTemplate', listPath: '/get/info/getNoticeTemplateListByType',
      source: { fills: 'content', filterField: 'noticeType', bodyKey: 'bodyHtml' },
    });
    // A form without the body the template fills is a mistake the screen names.
    const bodiless = withFields([{ name: 'noticeType', type: 'string' }, { name: 'content', type: 'text' }]);
    expect(() => fieldWidget({ entity: bodiless, base: 'demo', references }, field, item, (key) => key))
      .toThrow('fills "content", which is no rich-text field of DemoThing');
  });
});
