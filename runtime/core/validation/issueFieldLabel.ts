import type { EntityDef } from '../schema/types';

/** A translation function: i18next's `t`, or the browser's. */
export type TranslateLabel = (key: string, params?: Record<string, unknown>) => string;

/**
 * The field an issue names, as people read it: the field's label, or for a sub-table cell
 * (`riders.0.rider`) the table's label, the row's number from 1 and the column's label —
 * "乘车人员 第1行 乘车人" / "Riders row 1 Rider". A path that names nothing known stays as given.
 */
export function issueFieldLabel(entity: EntityDef, path: string, translate: TranslateLabel): string {
  const field = entity.fields.find((f) => f.name === path);
  if (field) return translate(field.label);
  const [tableName, index, cellName, ...rest] = path.split('.');
  const table = entity.fields.find((f) => f.name === tableName && f.type === 'subTable');
  if (!table || !/^\d+$/.test(index ?? '') || rest.length > 0) return path;
  const row = Number(index) + 1;
  if (cellName === undefined) return translate('validation.subTableRow', { table: translate(table.label), row });
  const cell = table.fields?.find((f) => f.name === cellName);
  if (!cell) return path;
  return translate('validation.subTableCell', { table: translate(table.label), row, field: translate(cell.label) });
}
