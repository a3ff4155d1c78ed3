/**
 * The component names the generated Formily schema may use. The schema stays plain data (it
 * names components, never holds them); `formComponents` maps every name to its component, and
 * the Record type makes a missing mapping a compile error.
 */
export const WIDGET_NAMES = [
  'FormItem', 'FormTab', 'FormTab.TabPane', 'LayoutGrid',
  'Input', 'Input.TextArea', 'NumberPicker', 'Select', 'DatePicker', 'DatePicker.RangePicker', 'TimePicker',
  'ArrayTable', 'ArrayTable.Column', 'ArrayTable.Addition', 'ArrayTable.Remove',
  'OneZeroSwitch', 'DictionarySelect', 'RemoteSelect', 'UserSelect', 'RemoteOptionsSelect', 'TreeReferenceSelect', 'CustomWidget',
  'AttachmentUpload', 'ImageUpload', 'TagsSelect', 'LocationInput', 'StatusTag', 'RichTextEditor',
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
