import type { PropertyDef } from './types';

/**
 * What the property panel shows for each node kind. A name `field.<x>` edits the field definition
 * (an `updateField` operation), any other name the node's own props (`updateNode`); the panel
 * reads the editor to pick its control. Labels are i18n keys: `designer.prop.<name>` for the node's
 * props, `designer.fieldProp.<x>` for the field's (a key cannot be both a text and a folder of texts,
 * as `designer.prop.field` and `designer.prop.field.label` would be).
 */
const prop = (name: string, editor: PropertyDef['editor'], extra: Partial<PropertyDef> = {}): PropertyDef => ({
  name, editor, label: name.startsWith('field.') ? `designer.fieldProp.${name.slice('field.'.length)}` : `designer.prop.${name}`, ...extra,
});

export const COL_PROPERTIES: PropertyDef[] = [prop('span', 'span', { min: 1, max: 24 })];

export const TAB_PROPERTIES: PropertyDef[] = [prop('title', 'label')];

export const FIELD_PROPERTIES: PropertyDef[] = [
  prop('field', 'fieldKey'),
  prop('field.label', 'label'),
  prop('field.required', 'switch'),
  prop('requiredWhen', 'expression'),
  prop('message', 'label'),
  prop('hiddenWhen', 'expression'),
  prop('disabledWhen', 'expression'),
  prop('field.dictionary', 'dictionary', { fieldTypes: ['dictionary'] }),
  prop('field.options', 'options', { fieldTypes: ['options'] }),
  // The item's own choices override the field's: the same options field offered with fewer choices on this form.
  prop('options', 'options', { fieldTypes: ['options', 'dictionary', 'string'] }),
  prop('remoteOptions', 'remoteOptions', { fieldTypes: ['string', 'options', 'reference'] }),
  prop('field.default', 'default'),
  prop('span', 'span', { min: 1, max: 24 }),
  prop('tips', 'label'),
  prop('placeholder', 'text'),
  prop('field.maxLength', 'number', { fieldTypes: ['string', 'text', 'richText'], min: 1, max: 100000 }),
  prop('field.min', 'number', { fieldTypes: ['integer', 'number', 'money'] }),
  prop('field.max', 'number', { fieldTypes: ['integer', 'number', 'money'] }),
  prop('field.precision', 'number', { fieldTypes: ['number', 'money'], min: 0, max: 8 }),
  prop('widget', 'widget'),
  prop('field.rules', 'rules'),
  prop('disabled', 'switch'),
];
