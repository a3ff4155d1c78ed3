import { Card, Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ListDef, ListFilter } from '../../../runtime/core/schema';
import { ListColumnsEditor } from './ListColumnsEditor';
import { useColumnOptions, useEntityPart, useFieldOptions } from './useEntityPart';

const TEXT_FIELD = (field: FieldDef) => field.type === 'string' || field.type === 'text';

/** 列表: the index screen's columns, filters, keyword fields, default sort and summary row (entity.list). */
export function ListTab() {
  const { t } = useTranslation();
  const [list, write] = useEntityPart<Partial<ListDef>>('list');
  const fieldOptions = useFieldOptions();
  const textOptions = useFieldOptions(TEXT_FIELD);
  const columnOptions = useColumnOptions();
  const set = (patch: Partial<ListDef>, mergeKey?: string) => write({ ...(list ?? {}), ...patch }, mergeKey);
  const filters = list?.filters ?? [];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="design-list">
      <Card size="small" title={t('designer.list.columns')}>
        <ListColumnsEditor columns={list?.columns ?? []} onChange={(columns, mergeKey) => set({ columns }, mergeKey && `columns:${mergeKey}`)} />
      </Card>
      <Card size="small" title={t('designer.list.query')}>
        <Form layout="vertical">
          <Form.Item label={t('designer.list.filters')} extra={t('designer.list.filtersHint')}>
            <Select mode="multiple" value={filters.map((filter) => filter.field)} options={fieldOptions} optionFilterProp="label"
              onChange={(names: string[]) => set({ filters: names.map((name): ListFilter => filters.find((filter) => filter.field === name) ?? { field: name }) })} />
          </Form.Item>
          <Form.Item label={t('designer.list.keywordFields')}>
            <Select mode="multiple" value={list?.keywordFields ?? []} options={textOptions} optionFilterProp="label"
              onChange={(keywordFields: string[]) => set({ keywordFields })} />
          </Form.Item>
          <Form.Item label={t('designer.list.defaultSort')}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Select style={{ flex: 1 }} allowClear value={list?.defaultSort?.prop} options={columnOptions} optionFilterProp="label" showSearch
                onChange={(prop?: string) => set({ defaultSort: prop ? { prop, order: list?.defaultSort?.order ?? 'descending' } : undefined })} />
              <Select style={{ width: 140 }} value={list?.defaultSort?.order} disabled={!list?.defaultSort}
                options={[{ value: 'ascending', label: t('designer.list.ascending') }, { value: 'descending', label: t('designer.list.descending') }]}
                onChange={(order) => list?.defaultSort && set({ defaultSort: { prop: list.defaultSort.prop, order } })} />
            </div>
          </Form.Item>
          <Form.Item label={t('designer.list.summary')}>
            <Switch checked={list?.summary === true} onChange={(on) => set({ summary: on || undefined })} />
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
