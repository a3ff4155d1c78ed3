import { CUSTOM_WIDGETS, FIELD_TYPES, SYSTEM_FIELDS } from '../../runtime/core/schema';
import type { EntityMessages, FieldDef, FieldType } from '../../runtime/core/schema';
import type { DesignDocument, DesignNode, FieldPaletteEntry } from './types';
import { newNodeId, uniqueId } from './ids';
import type { NewSubtree } from './nodeKinds';

/**
 * The field palette: every field type a designer may add (not `status`: a flow's state is the
 * flow's, written by transitions, never a form control) and each registered custom widget on the
 * first field type it accepts.
 */
const PALETTE_TYPES = FIELD_TYPES.filter((type) => type !== 'status');

/** Which field type a custom widget goes on: the first type whose bare field it accepts (checkTree: departments). */
function widgetFieldType(accepts: (field: FieldDef) => boolean): FieldType | undefined {
  return FIELD_TYPES.find((type) => accepts({ name: 'x', type, label: 'x' }));
}

export const FIELD_PALETTE: FieldPaletteEntry[] = [
  ...PALETTE_TYPES.map((type) => ({ type, label: `designer.fieldType.${type}` })),
  ...Object.entries(CUSTOM_WIDGETS).flatMap(([widget, declaration]): FieldPaletteEntry[] => {
    const type = widgetFieldType(declaration.accepts);
    return type ? [{ type, widget, label: `designer.widget.${widget}` }] : [];
  }),
];

/** A new field's label text, per type, in both languages (entity.messages of a designed entity). */
export const FIELD_TYPE_TEXTS: Record<FieldType, { 'zh-cn': string; en: string }> = {
  string: { 'zh-cn': '单行文本', en: 'Text' },
  text: { 'zh-cn': '多行文本', en: 'Long text' },
  richText: { 'zh-cn': '富文本', en: 'Rich text' },
  integer: { 'zh-cn': '整数', en: 'Integer' },
  number: { 'zh-cn': '数字', en: 'Number' },
  money: { 'zh-cn': '金额', en: 'Amount' },
  switch: { 'zh-cn': '开关', en: 'Switch' },
  date: { 'zh-cn': '日期', en: 'Date' },
  datetime: { 'zh-cn': '日期时间', en: 'Date and time' },
  dateRange: { 'zh-cn': '日期范围', en: 'Date range' },
  datetimeRange: { 'zh-cn': '日期时间范围', en: 'Date and time range' },
  time: { 'zh-cn': '时间', en: 'Time' },
  dictionary: { 'zh-cn': '字典', en: 'Dictionary' },
  options: { 'zh-cn': '选项', en: 'Options' },
  user: { 'zh-cn': '人员', en: 'Person' },
  users: { 'zh-cn': '多个人员', en: 'People' },
  department: { 'zh-cn': '部门', en: 'Department' },
  departments: { 'zh-cn': '多个部门', en: 'Departments' },
  reference: { 'zh-cn': '关联记录', en: 'Reference' },
  attachments: { 'zh-cn': '附件', en: 'Attachments' },
  image: { 'zh-cn': '图片', en: 'Image' },
  tags: { 'zh-cn': '标签', en: 'Tags' },
  location: { 'zh-cn': '位置', en: 'Location' },
  subTable: { 'zh-cn': '子表', en: 'Sub-table' },
  status: { 'zh-cn': '状态', en: 'Status' },
};

/** Names a new or renamed field may not take: declared fields, the key, the server's system columns. */
export function takenFieldKeys(document: DesignDocument): Set<string> {
  return new Set<string>([document.entity.key, ...SYSTEM_FIELDS, ...document.entity.fields.map((f) => f.name)]);
}

/** `<base>1`, `<base>2` … the first not in `taken` (kept within the 60 characters of an identifier). */
export function freeFieldKey(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = String(n);
    const key = base.slice(0, 60 - suffix.length) + suffix;
    if (!taken.has(key)) return key;
  }
}

/** What `createFieldNode` answers: the parts of an `insert` operation (add parentId and index). */
export interface NewFieldSubtree extends NewSubtree {
  fields: FieldDef[];
  messages: EntityMessages;
}

/**
 * A field node from the palette with its new field: key `<type><n>`, label key
 * `entity.<E>.field.<key>` with the type's name as its text in both languages, and what the
 * meta-schema requires of the type (a dictionary code, options, a referred entity, a sub-table's
 * column) so the document stays loadable from the first drop; the panel then edits them.
 */
export function createFieldNode(
  document: DesignDocument,
  type: FieldType,
  widget?: string,
  newId: () => string = newNodeId,
): NewFieldSubtree {
  const entity = document.entity.name;
  const key = freeFieldKey(type, takenFieldKeys(document));
  const label = `entity.${entity}.field.${key}`;
  const text = FIELD_TYPE_TEXTS[type];
  const zh: Record<string, string> = { [label]: text['zh-cn'] };
  const en: Record<string, string> = { [label]: text.en };
  const field: FieldDef = { name: key, type, label };
  switch (type) {
    case 'dictionary':
      // A seeded dictionary, so the form works at once; the panel's dictionary editor picks the real one.
      field.dictionary = 'sex';
      break;
    case 'options': {
      field.options = [1, 2].map((value) => {
        const optionLabel = `entity.${entity}.option.${key}.option${value}`;
        zh[optionLabel] = `选项 ${value}`;
        en[optionLabel] = `Option ${value}`;
        return { label: optionLabel, value: String(value) };
      });
      break;
    }
    case 'reference':
      field.entity = 'User';
      if (widget === 'checkTree') field.multiple = true;
      break;
    case 'subTable': {
      // Column labels live under subField (normaliseEntity's rule): field.<sub> is the sub-table's own text.
      const columnLabel = `entity.${entity}.subField.${key}.column1`;
      zh[columnLabel] = '列 1';
      en[columnLabel] = 'Column 1';
      field.fields = [{ name: 'column1', type: 'string', label: columnLabel }];
      break;
    }
    default:
      break;
  }
  const taken = new Set(Object.keys(document.tree.nodes));
  const node: DesignNode = { id: uniqueId(taken, newId), kind: 'field', props: { field: key, ...(widget ? { widget } : {}) }, children: [] };
  return { nodes: [node], rootId: node.id, fields: [field], messages: { 'zh-cn': zh, en } };
}
