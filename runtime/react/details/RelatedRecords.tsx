import { Alert, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { filterTypeForField, operatorsForField } from '../../core/filter';
import { callPath } from '../../core/naming';
import type { DetailsRelated, EntityDef } from '../../core/schema/types';
import { isPagedList, type PagedList } from '../data/PagedList';
import { useAsync } from '../data/useAsync';
import { FieldValue } from '../format/FieldValue';
import type { Row } from '../format/fieldValues';
import { columnTitle } from '../index/columnTitle';
import { permittedScopes } from '../index/permittedScopes';
import { useRuntime } from '../useRuntime';

/** Enough for the records one person or one request gathers; more are the related list's own screen. */
const RELATED_PAGE_SIZE = 100;

export interface RelatedRecordsProps {
  related: DetailsRelated;
  /** The related entity and its call base, as getEntitySchema gave them to this reader. */
  target: { entity: EntityDef; base: string };
  /** The value the related rows' `field` must equal (this record's `value` field). */
  value: unknown;
}

/**
 * One `details.related` block: the related entity's rows matching this record, read through its
 * manage list where the reader holds it, else their own rows (a staff member's own contracts on
 * their own file); nothing at all for a reader with neither. Read-only, at most one page.
 */
export function RelatedRecords({ related, target, value }: RelatedRecordsProps) {
  const { t } = useTranslation();
  const { request, hasPermission } = useRuntime();
  const { entity, base } = target;
  const [scope] = permittedScopes(entity, hasPermission);
  const path = scope ? callPath(base, entity.name, scope === 'my' ? 'my' : 'list') : undefined;
  const matched = value === undefined || value === null ? '' : String(value);
  const state = useAsync(async () => {
    if (!path || matched === '') return { list: [], total: 0 } as PagedList<Row>;
    const field = entity.fields.find((f) => f.name === related.field);
    // One id: equal to it, or among the ids of a multiple field.
    const operator = field && !operatorsForField(field, filterTypeForField(field)).includes('eq') ? 'include' : 'eq';
    const filterObj = JSON.stringify({ [related.field]: { value: matched, operator } });
    const { prop, order } = entity.list.defaultSort;
    const answer = await request.get<unknown>(path, { filterObj, pageSize: RELATED_PAGE_SIZE, prop, order });
    if (!isPagedList(answer.data)) throw new Error(t('runtime.table.badShape'));
    return answer.data as PagedList<Row>;
  }, [path, matched, related.field, request]);
  if (!path) return null;

  const props = related.columns ?? entity.list.columns.map((c) => c.prop);
  const fields = props.flatMap((prop) => entity.fields.find((f) => f.name === prop) ?? []);
  const columns: ColumnsType<Row> = fields.map((field) => ({
    key: field.name,
    title: columnTitle(entity, field.name, t),
    render: (_: unknown, row: Row) => <FieldValue field={field} row={row} flow={entity.flow} variant="cell" />,
  }));
  const total = state.status === 'ready' ? state.value.total : undefined;
  return (
    <Card type="inner" size="small" style={{ marginBottom: 24 }} data-testid={`details-related-${entity.name}`}
      title={total === undefined ? t(related.title) : t('runtime.details.relatedCount', { title: t(related.title), count: total })}>
      {state.status === 'error'
        ? <Alert type="error" showIcon message={state.error.message} />
        : (
          <Table<Row> size="small" rowKey={(row) => String(row[entity.key])} columns={columns} pagination={false} scroll={{ x: 'max-content' }}
            loading={state.status === 'loading'} dataSource={state.status === 'ready' ? state.value.list : []} />
        )}
    </Card>
  );
}
