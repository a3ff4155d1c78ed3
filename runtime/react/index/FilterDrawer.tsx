import { SaveOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Drawer, Empty, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countAppliedFilters, filterTypeForField, operatorsForField, type CommonFilter } from '../../core/filter';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { useFeedback } from '../feedback/useFeedback';
import type { FieldDef, FilterOperator, FilterType, ListFilter } from '../../core/schema/types';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { draftFromFilterObj, toFilterObj, type FilterDraft, type FilterObj } from './filterDraft';
import { FilterValueControl } from './FilterValueControl';
import { operatorLabelKey } from './operatorLabel';
import { CommonFilterList } from './CommonFilterList';
import { SaveCommonFilterModal } from './SaveCommonFilterModal';
import { useCommonFilters } from './useCommonFilters';

/** Filter drawer width (spec §9). */
const DRAWER_WIDTH = 650;

export interface FilterDrawerProps {
  bundle: EntitySchemaBundle;
  open: boolean;
  /** The filter now applied to the list; the drawer starts from it each time it opens. */
  applied: FilterObj;
  onApply(filterObj: FilterObj): void;
  onClose(): void;
}

interface FilterRow {
  filter: ListFilter;
  field: FieldDef;
  type: FilterType;
  operators: FilterOperator[];
}

function filterRows(bundle: EntitySchemaBundle): FilterRow[] {
  const fields = new Map(bundle.entity.fields.map((field) => [field.name, field]));
  return bundle.entity.list.filters.flatMap((filter) => {
    const field = fields.get(filter.field);
    if (!field) return [];
    const type = filter.type ?? filterTypeForField(field);
    return [{ filter, field, type, operators: filter.operators ?? operatorsForField(field, type) }];
  });
}

/**
 * One row per configured filter: label, operator, value. 查询 applies the rows with a value; 清空
 * clears all. Above the rows, the user's saved common filters (stored per user on the server):
 * a click applies one, the cross deletes it; 保存为常用过滤 keeps the filled rows under a name.
 */
export function FilterDrawer({ bundle, open, applied, onApply, onClose }: FilterDrawerProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilterObj(applied));
  const [naming, setNaming] = useState(false);
  const rows = filterRows(bundle);
  const common = useCommonFilters(bundle.entity.name, open);

  const reportFailure = (error: unknown) => {
    if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
  };

  /** 无过滤项 before the name is asked: there is nothing to keep. */
  const startSaving = () => {
    if (countAppliedFilters(toFilterObj(draft)) === 0) {
      message.warning(t('runtime.filter.common.noFields'));
      return;
    }
    setNaming(true);
  };

  const saveCommon = async (title: string) => {
    try {
      await common.save(title, toFilterObj(draft));
      setNaming(false);
      message.success(t('runtime.filter.common.saved', { title }));
    } catch (error) {
      reportFailure(error);
    }
  };

  const deleteCommon = async (filter: CommonFilter) => {
    try {
      await common.remove(filter);
      message.success(t('runtime.filter.common.deleted', { title: filter.title }));
    } catch (error) {
      reportFailure(error);
    }
  };

  const applyCommon = (filter: CommonFilter) => {
    const filterObj = toFilterObj(draftFromFilterObj(filter.filterObj as FilterObj));
    setDraft(draftFromFilterObj(filterObj));
    onApply(filterObj);
  };

  // Reopening shows what is applied, not what was typed and abandoned last time.
  useEffect(() => {
    if (open) setDraft(draftFromFilterObj(applied));
  }, [open, applied]);

  const update = (row: FilterRow, patch: Partial<FilterDraft[string]>) => {
    setDraft((previous) => {
      const current = previous[row.field.name] ?? { operator: row.operators[0], value: null };
      return { ...previous, [row.field.name]: { ...current, ...patch } };
    });
  };

  const footer = (
    <Space>
      <Button type="primary" data-testid="filter-apply" onClick={() => onApply(toFilterObj(draft))}>{t('runtime.filter.apply')}</Button>
      <Button data-testid="filter-clear" onClick={() => { setDraft({}); onApply({}); }}>{t('runtime.filter.clear')}</Button>
      {rows.length > 0 && (
        <Button icon={<SaveOutlined />} data-testid="filter-save-common" onClick={startSaving}>{t('runtime.filter.common.save')}</Button>
      )}
    </Space>
  );

  return (
    <Drawer title={t('runtime.filter.title')} width={DRAWER_WIDTH} open={open} onClose={onClose} footer={footer}>
      {rows.length > 0 && (
        <>
          <CommonFilterList filters={common.filters} status={common.status} onApply={applyCommon} onDelete={deleteCommon} />
          <Divider style={{ margin: '0 0 16px' }} />
        </>
      )}
      {rows.length === 0 && <Empty description={t('runtime.filter.none')} />}
      {rows.map((row) => {
        const name = row.field.name;
        const entry = draft[name];
        return (
          <Row key={name} gutter={8} align="middle" style={{ marginBottom: 12 }}>
            <Col span={6}>{t(row.field.label)}</Col>
            <Col span={6}>
              <Select
                style={{ width: '100%' }}
                data-testid={`filter-operator-${name}`}
                value={entry?.operator ?? row.operators[0]}
                options={row.operators.map((operator) => ({ value: operator, label: t(operatorLabelKey(row.field, row.type, operator)) }))}
                onChange={(operator: FilterOperator) => update(row, { operator })}
              />
            </Col>
            {/* A grid cell stretches its child: selects sized by their content would shrink to the
                width of an empty box. */}
            <Col span={12} style={{ display: 'grid' }}>
              <FilterValueControl
                bundle={bundle}
                field={row.field}
                filterType={row.type}
                value={entry?.value ?? null}
                testId={`filter-value-${name}`}
                onChange={(value) => update(row, { value })}
              />
            </Col>
          </Row>
        );
      })}
      <SaveCommonFilterModal open={naming} onSave={saveCommon} onClose={() => setNaming(false)} />
    </Drawer>
  );
}
