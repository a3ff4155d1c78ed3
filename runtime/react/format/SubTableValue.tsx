import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../core/schema/types';
import { FieldValue } from './FieldValue';
import type { Row } from './fieldValues';

interface NumberedRow { position: number; row: Row }

/** Child rows of a sub-table field, read-only, with each cell formatted like the main table's. */
export function SubTableValue({ field, rows }: { field: FieldDef; rows: Row[] }) {
  const { t } = useTranslation();
  // Child rows have no key of their own; their position is stable on a read-only screen.
  const numbered: NumberedRow[] = rows.map((row, position) => ({ position, row }));
  const columns = (field.fields ?? []).map((child) => ({
    key: child.name,
    title: t(child.label),
    render: (_: unknown, item: NumberedRow) => <FieldValue field={child} row={item.row} variant="cell" />,
  }));
  return <Table size="small" pagination={false} columns={columns} dataSource={numbered} rowKey="position" />;
}
