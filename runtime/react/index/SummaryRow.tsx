import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../core/schema/types';
import { FieldValue } from '../format/FieldValue';
import type { Row } from '../format/fieldValues';

export interface SummaryRowProps {
  columns: TableColumnsType<Row>;
  fields: Map<string, FieldDef>;
  /** The server's sums of the money fields over every matching row (`summary`). */
  sums: Record<string, number>;
  /** The table has a selection column first. */
  selectable: boolean;
}

/**
 * The list's summary row (schema `list.summary`): each money column's sum over every row the
 * list matches, not only this page's, formatted like the column's cells; "合计" in the first
 * column that is not a sum.
 */
export function SummaryRow({ columns, fields, sums, selectable }: SummaryRowProps) {
  const { t } = useTranslation();
  const offset = selectable ? 1 : 0;
  const labelAt = columns.findIndex((column) => fields.get(String(column.key))?.type !== 'money');
  return (
    <Table.Summary.Row data-testid="entity-summary-row">
      {selectable && <Table.Summary.Cell index={0} />}
      {columns.map((column, i) => {
        const field = fields.get(String(column.key));
        const summed = field?.type === 'money' && String(column.key) in sums;
        return (
          <Table.Summary.Cell key={String(column.key)} index={i + offset}>
            {summed ? <FieldValue field={field} row={{ [field.name]: sums[field.name] }} variant="cell" />
              : i === labelAt ? t('runtime.table.summaryRow') : null}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );
}
