import type { EntityDef, FieldDef, FormFieldNode, OptionItem } from '../../core/schema/types';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { referenceSelectPath, referenceTreePath, USER_SELECT_PATH } from '../schema/remoteSelectPath';
import { DEPARTMENT_TREE_PATH } from '../data/useEntityTree';
import { DATE_FORMAT, datetimeFormat, timeFormat } from '../format/dateFormats';
import type { Translate } from '../format/Translate';
import type { WidgetName } from './widgetNames';
import { registeredWidget, widgetTestId } from '../widgets';

export interface FieldWidget {
  /**
   * Formily's field kind follows `type`: 'array' makes an ArrayField (sub-tables), anything but
   * object/array/void a plain Field. Ranges and locations are plain fields holding an array or
   * an object, hence 'any'.
   */
  type: 'string' | 'number' | 'array' | 'any';
  component: WidgetName;
  props: Record<string, unknown>;
  /** Inline options, as Formily's dataSource (`enum`). */
  options?: { label: string; value: string | number }[];
}

const MULTI_VALUE_TYPES: ReadonlySet<FieldDef['type']> = new Set(['users', 'departments', 'tags']);

/** A status field shows its flow's states; a status field outside the flow shows the raw value. */
function statusProps(entity: EntityDef, field: FieldDef): Record<string, unknown> {
  const flow = entity.flow;
  return flow && flow.field === field.name ? { states: flow.states, initial: flow.initial } : {};
}

/**
 * The control for one field, chosen by its type. A form item's remote options or inline options
 * turn any field into a select over them. `item` is absent for sub-table cells.
 */
export function fieldWidget(bundle: EntitySchemaBundle, field: FieldDef, item: FormFieldNode | undefined, translate: Translate): FieldWidget {
  const placeholder = item?.placeholder ? { placeholder: translate(item.placeholder) } : {};
  const testId = { 'data-testid': `select-${field.name}` };
  if (item?.remoteOptions) {
    const { url, params, labelField, valueField } = item.remoteOptions;
    return {
      type: 'string',
      component: 'RemoteOptionsSelect',
      props: { ...placeholder, ...testId, url, params, labelField, valueField, multiple: MULTI_VALUE_TYPES.has(field.type) },
    };
  }
  const inlineSelect = (options: readonly OptionItem[]): FieldWidget => ({
    type: 'string',
    component: 'Select',
    props: { ...placeholder, ...testId, allowClear: true },
    options: options.map((option) => ({ label: translate(option.label), value: option.value })),
  });
  if (item?.options) return inlineSelect(item.options);
  const custom = item?.widget ? registeredWidget(item.widget) : undefined;
  if (item?.widget && custom) {
    return {
      type: custom.valueType ?? 'string',
      component: 'CustomWidget',
      props: { ...placeholder, 'data-testid': widgetTestId(item.widget, field.name), widget: item.widget, ...custom.props?.({ bundle, field }) },
    };
  }
  const { min, max, maxLength } = field;
  switch (field.type) {
    case 'string':
      return { type: 'string', component: 'Input', props: { ...placeholder, maxLength, allowClear: true } };
    case 'text':
      return { type: 'string', component: 'Input.TextArea', props: { ...placeholder, maxLength, rows: 4 } };
    case 'richText':
      return { type: 'string', component: 'RichTextEditor', props: { 'data-testid': `rich-text-${field.name}` } };
    case 'integer':
      return { type: 'number', component: 'NumberPicker', props: { ...placeholder, min, max, precision: 0 } };
    case 'number':
      return { type: 'number', component: 'NumberPicker', props: { ...placeholder, min, max, precision: field.precision } };
    case 'money':
      return { type: 'number', component: 'NumberPicker', props: { ...placeholder, min, max, precision: field.precision ?? 2 } };
    case 'switch':
      return { type: 'number', component: 'OneZeroSwitch', props: {} };
    case 'date':
      return { type: 'string', component: 'DatePicker', props: { ...placeholder, format: DATE_FORMAT } };
    case 'datetime':
      return { type: 'string', component: 'DatePicker', props: { ...placeholder, format: datetimeFormat(field), showTime: { format: timeFormat(field) } } };
    case 'time':
      return { type: 'string', component: 'TimePicker', props: { ...placeholder, format: timeFormat(field) } };
    case 'dateRange':
      return { type: 'any', component: 'DatePicker.RangePicker', props: { format: DATE_FORMAT } };
    case 'datetimeRange':
      return { type: 'any', component: 'DatePicker.RangePicker', props: { format: datetimeFormat(field), showTime: { format: timeFormat(field) } } };
    case 'dictionary':
      return { type: 'string', component: 'DictionarySelect', props: { ...placeholder, ...testId, code: field.dictionary } };
    case 'options':
      return inlineSelect(field.options ?? []);
    case 'user': case 'users':
      return { type: 'string', component: 'UserSelect', props: { ...placeholder, ...testId, url: USER_SELECT_PATH, multiple: field.type === 'users' } };
    case 'department': case 'departments':
      return { type: 'string', component: 'TreeReferenceSelect', props: { ...placeholder, ...testId, path: DEPARTMENT_TREE_PATH, multiple: field.type === 'departments' } };
    case 'reference': {
      const multiple = field.multiple === true;
      const tree = referenceTreePath(bundle, field);
      return tree
        ? { type: 'string', component: 'TreeReferenceSelect', props: { ...placeholder, ...testId, path: tree, multiple } }
        : { type: 'string', component: 'RemoteSelect', props: { ...placeholder, ...testId, url: referenceSelectPath(bundle, field), multiple } };
    }
    case 'attachments':
      return { type: 'string', component: 'AttachmentUpload', props: { maxCount: field.maxCount } };
    case 'image':
      return { type: 'string', component: 'ImageUpload', props: {} };
    case 'tags':
      return {
        type: 'string', component: 'TagsSelect',
        props: { ...placeholder, ...testId, options: field.options?.map((o) => ({ label: translate(o.label), value: o.value })) },
      };
    case 'location':
      return { type: 'any', component: 'LocationInput', props: {} };
    case 'subTable':
      return { type: 'array', component: 'ArrayTable', props: { pagination: false, scroll: { x: 'max-content' } } };
    case 'status':
      return { type: 'string', component: 'StatusTag', props: statusProps(bundle.entity, field) };
    default: {
      const unreachable: never = field.type;
      throw new Error(`No form widget for field type ${String(unreachable)}`);
    }
  }
}
