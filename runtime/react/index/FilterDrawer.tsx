import { Button, Col, Drawer, Empty, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTypeForField, operatorsForField } from '../../core/filter';
import type { FieldDef, FilterOperator, FilterType, ListFilter } from '../../core/schema/types';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { draftFromFilterObj, toFilterObj, type FilterDraft, type FilterObj } from './filterDraft';
import { FilterValueControl } from './FilterValueControl';

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

/** One row per configured filter: label, operator, value. 查询 applies the rows with a value; 清空 clears all. */
export function FilterDrawer({ bundle, open, applied, onApply, onClose }: FilterDrawerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilterObj(applied));
  const rows = filterRows(bundle);

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
    </Space>
  );

  return (
    <Drawer title={t('runtime.filter.title')} width={DRAWER_WIDTH} open={open} onClose={onClose} footer={footer}>
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
                options={row.operators.map((operator) => ({ value: operator, label: t(`runtime.filter.operator.${operator}`) }))}
                onChange={(operator: FilterOperator) => update(row, { operator })}
              />
            </Col>
            <Col span={12}>
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
    </Drawer>
  );
}
