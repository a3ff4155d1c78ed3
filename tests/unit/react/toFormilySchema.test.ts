import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { ExpressionError } from '../../../runtime/core/expression';
import { collectFieldItems } from '../../../runtime/core/validation';
import { toFormilySchema } from '../../../runtime/react/form/toFormilySchema';
import { WIDGET_NAMES } from '../../../runtime/react/form/widgetNames';
import { contractBundle, echoTranslate } from './contractFixture';

type Properties = Record<string, ISchema>;

function props(schema: ISchema): Properties {
  return (schema.properties ?? {}) as Properties;
}

/** Every schema node below `schema` whose key (field name) is `name`. */
function findField(schema: ISchema, name: string): ISchema | undefined {
  for (const [key, child] of Object.entries(props(schema))) {
    if (key === name) return child;
    const found = findField(child, name);
    if (found) return found;
  }
  return undefined;
}

function field(name: string, bundle = contractBundle()): ISchema {
  const found = findField(toFormilySchema(bundle, echoTranslate), name);
  if (!found) throw new Error(`field ${name} not in the schema`);
  return found;
}

describe('toFormilySchema: layout', () => {
  it('wraps the layout in one 24-column grid, grids and columns nesting as grids with spans', () => {
    const schema = toFormilySchema(contractBundle(), echoTranslate);
    expect(schema.type).toBe('object');
    const [root] = Object.values(props(schema));
    expect(root['x-component']).toBe('LayoutGrid');
    expect(root['x-component-props']).toBeUndefined();

    const [grid, tabs] = Object.values(props(root));
    expect(grid).toMatchObject({ type: 'void', 'x-component': 'LayoutGrid', 'x-component-props': { span: 24 } });
    const cols = Object.values(props(grid));
    expect(cols.map((col) => col['x-component-props'])).toEqual([{ span: 12 }, { span: 12 }]);
    expect(Object.keys(props(cols[0]))).toEqual(['title']);

    expect(tabs['x-component']).toBe('FormTab');
    // Only the open pane is rendered: the fields of the others are created without DOM (createFormFields).
    expect(tabs['x-component-props']).toMatchObject({ destroyOnHidden: true });
    const panes = Object.values(props(tabs));
    expect(panes.map((pane) => pane['x-component'])).toEqual(['FormTab.TabPane', 'FormTab.TabPane']);
    expect(panes[0]['x-component-props']).toEqual({ tab: 'hr.contract.tabMoney' });
    const paneGrid = Object.values(props(panes[0]))[0];
    expect(paneGrid['x-component']).toBe('LayoutGrid');
    expect(Object.keys(props(paneGrid))).toEqual(['salary', 'probation', 'probationMonths']);
  });

  it('gives layout nodes keys that cannot be field names, unique across the tree', () => {
    const keys: string[] = [];
    const walk = (schema: ISchema) => {
      for (const [key, child] of Object.entries(props(schema))) {
        if (child.type === 'void') keys.push(key);
        walk(child);
      }
    };
    walk(toFormilySchema(contractBundle(), echoTranslate));
    expect(keys.every((key) => key.startsWith('__'))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('places each field in a FormItem carrying its test id, span, label and tips', () => {
    expect(field('title')).toMatchObject({
      title: 'hr.contract.title',
      description: 'hr.contract.titleTips',
      required: true,
      'x-decorator': 'FormItem',
      'x-decorator-props': { 'data-testid': 'field-title', style: { gridColumn: 'span 24' } },
    });
    expect(field('salary')['x-decorator-props']).toEqual({ 'data-testid': 'field-salary', style: { gridColumn: 'span 8' } });
  });

  it('refuses a layout that places a field the entity does not define, naming it', () => {
    const bundle = contractBundle();
    bundle.entity.form.layout.push({ kind: 'field', field: 'ghost' });
    expect(() => toFormilySchema(bundle, echoTranslate)).toThrow(/"ghost"/);
  });

  it('uses only component names the components map provides', () => {
    const used = new Set<string>();
    const walk = (schema: ISchema) => {
      if (typeof schema['x-component'] === 'string') used.add(schema['x-component']);
      if (typeof schema['x-decorator'] === 'string') used.add(schema['x-decorator']);
      Object.values(props(schema)).forEach(walk);
      if (schema.items && !Array.isArray(schema.items)) walk(schema.items as ISchema);
    };
    walk(toFormilySchema(contractBundle(), echoTranslate));
    expect([...used].filter((name) => !(WIDGET_NAMES as readonly string[]).includes(name))).toEqual([]);
  });
});

describe('toFormilySchema: widgets by field type', () => {
  it('string → Input with maxLength; money → NumberPicker with 2 decimals and bounds', () => {
    expect(field('title')).toMatchObject({ type: 'string', 'x-component': 'Input', 'x-component-props': { maxLength: 50 } });
    expect(field('salary')).toMatchObject({ type: 'number', 'x-component': 'NumberPicker', 'x-component-props': { min: 0, max: 1000000, precision: 2 } });
    expect(field('probationMonths')['x-component-props']).toEqual({ precision: 0 });
  });

  it('switch → 1/0 switch defaulting to 0; dates → pickers with the wire formats', () => {
    expect(field('probation')).toMatchObject({ 'x-component': 'OneZeroSwitch', default: 0 });
    expect(field('signDate')).toMatchObject({ 'x-component': 'DatePicker', 'x-component-props': { format: 'YYYY-MM-DD' } });
    expect(field('period')).toMatchObject({ type: 'any', 'x-component': 'DatePicker.RangePicker', 'x-component-props': { format: 'YYYY-MM-DD' } });
  });

  it('dictionary → DictionarySelect by code; inline options → Select with translated enum', () => {
    expect(field('contractType')).toMatchObject({
      'x-component': 'DictionarySelect', 'x-component-props': { code: 'hrContractType', 'data-testid': 'select-contractType' },
    });
    expect(field('level')).toMatchObject({
      'x-component': 'Select', enum: [{ label: 'hr.level.a', value: 'A' }, { label: 'hr.level.b', value: 'B' }],
    });
  });

  it('user → paged select over users; reference → the referenced entity\'s ListForSelect call', () => {
    expect(field('owner')['x-component-props']).toMatchObject({ url: '/get/system/getUserListForSelect', multiple: false });
    expect(field('project')['x-component-props']).toMatchObject({ url: '/get/pm/getPmProjectListForSelect', multiple: false });
  });

  it('refuses a reference the server did not describe, saying what is missing', () => {
    const bundle = contractBundle();
    delete bundle.references.PmProject;
    expect(() => toFormilySchema(bundle, echoTranslate)).toThrow(/PmProject.*references/);
  });

  it('attachments → AttachmentUpload; status → a read-only tag over the flow states', () => {
    expect(field('files')['x-component']).toBe('AttachmentUpload');
    expect(field('status')).toMatchObject({ 'x-component': 'StatusTag', 'x-component-props': { initial: 'draft' } });
  });

  it('an item\'s remote options turn the field into a remote options select', () => {
    const bundle = contractBundle();
    const item = collectFieldItems(bundle.entity.form).find((candidate) => candidate.field === 'level')!;
    item.remoteOptions = { url: '/get/hr/getLevels', labelField: 'name' };
    expect(field('level', bundle)).toMatchObject({
      'x-component': 'RemoteOptionsSelect', 'x-component-props': { url: '/get/hr/getLevels', labelField: 'name', multiple: false },
    });
  });

  it('subTable → ArrayTable with a column per child field, a remove column and an add button', () => {
    const items = field('items');
    expect(items).toMatchObject({ type: 'array', 'x-component': 'ArrayTable' });
    const row = items.items as ISchema;
    const columns = Object.values(props(row));
    expect(columns.map((column) => column['x-component'])).toEqual(['ArrayTable.Column', 'ArrayTable.Column', 'ArrayTable.Column']);
    expect(columns[0]['x-component-props']).toMatchObject({ title: 'hr.contract.itemName' });
    expect(props(columns[0]).itemName).toMatchObject({ required: true, 'x-component': 'Input', 'x-decorator': 'FormItem' });
    expect(Object.values(props(columns[2]))[0]['x-component']).toBe('ArrayTable.Remove');
    expect(Object.values(props(items))[0]).toMatchObject({ 'x-component': 'ArrayTable.Addition', title: 'runtime.form.addRow' });
  });
});

describe('toFormilySchema: validation and expressions', () => {
  it('always carries a required description with the spec message, so requiredWhen keeps it', () => {
    expect(field('title')['x-validator']).toEqual([
      { required: true, message: 'validation.required' },
      { maxLength: 50, message: 'validation.maxLength{"max":50}' },
    ]);
    expect((field('probationMonths')['x-validator'] as unknown[])[0]).toEqual({ required: false, message: 'hr.contract.monthsRequired' });
  });

  it('turns number bounds, expression rules and pattern rules into validators', () => {
    expect(field('salary')['x-validator']).toEqual([
      { required: false, message: 'validation.required' },
      { minimum: 0, message: 'validation.min{"min":0}' },
      { maximum: 1000000, message: 'validation.max{"max":1000000}' },
    ]);
    expect(field('probationMonths')['x-validator']).toContainEqual({ expression: 'probationMonths <= 6', message: 'hr.contract.probationTooLong' });
    expect(field('code')['x-validator']).toContainEqual({ pattern: '^[A-Z]{2}\\d+$', message: 'hr.contract.codeFormat' });
  });

  it('turns hiddenWhen/requiredWhen into one reaction over the identifiers they read', () => {
    expect(field('probationMonths')['x-reactions']).toEqual({
      dependencies: ['probation'],
      fulfill: { state: { visible: '{{!(probation != 1)}}', required: '{{!!(probation == 1)}}' } },
    });
    expect(field('title')['x-reactions']).toBeUndefined();
  });

  it('turns disabledWhen into the item\'s disabled state, except on an item disabled outright', () => {
    const bundle = contractBundle();
    const items = collectFieldItems(bundle.entity.form);
    Object.assign(items.find((i) => i.field === 'salary')!, { disabledWhen: 'signDate' });
    Object.assign(items.find((i) => i.field === 'code')!, { disabledWhen: 'signDate', disabled: true });
    expect(field('salary', bundle)['x-reactions']).toEqual({ dependencies: ['signDate'], fulfill: { state: { disabled: '{{!!(signDate)}}' } } });
    expect(field('code', bundle)['x-reactions']).toBeUndefined();
    expect(field('code', bundle)['x-disabled']).toBe(true);
  });

  it('refuses a broken expression when the form is built, naming the item', () => {
    const bundle = contractBundle();
    bundle.entity.form.layout.push({ kind: 'field', field: 'signDate', hiddenWhen: 'probation ==' });
    expect(() => toFormilySchema(bundle, echoTranslate)).toThrow(ExpressionError);
    expect(() => toFormilySchema(bundle, echoTranslate)).toThrow(/hiddenWhen of form item "signDate"/);
  });

  it('refuses an invalid pattern rule, naming the field', () => {
    const bundle = contractBundle();
    bundle.entity.fields.find((f) => f.name === 'code')!.rules = [{ pattern: '([', message: 'x' }];
    expect(() => toFormilySchema(bundle, echoTranslate)).toThrow(/pattern rule of field "code"/);
  });

  it('is pure: the same input gives the same schema, and the input is not changed', () => {
    const bundle = contractBundle();
    const before = JSON.stringify(bundle);
    expect(toFormilySchema(bundle, echoTranslate)).toEqual(toFormilySchema(bundle, echoTranslate));
    expect(JSON.stringify(bundle)).toBe(before);
  });
});
