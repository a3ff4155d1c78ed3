import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, FilterType } from '../../core/schema/types';
import { TreeReferenceSelect } from '../form/widgets/TreeReferenceSelect';
import { DEPARTMENT_TREE_PATH } from '../data/useEntityTree';
import { DictionarySelect } from '../form/widgets/DictionarySelect';
import { RemoteSelect } from '../form/widgets/RemoteSelect';
import { UserSelect } from '../form/widgets/UserSelect';
// Filters pick to the minute like the forms; the server reads the missing seconds as :00.
import { DATE_FORMAT, DATETIME_MINUTES_FORMAT } from '../format/dateFormats';
import { joinValues, splitJoined } from '../format/fieldValues';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { referenceSelectPath, USER_SELECT_PATH } from '../schema/remoteSelectPath';
import { DateRangeStringPicker, DateStringPicker } from './DateStringPicker';

export interface FilterValueControlProps {
  bundle: EntitySchemaBundle;
  field: FieldDef;
  filterType: FilterType;
  value: unknown;
  onChange(value: unknown): void;
  testId: string;
}

function asArray(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * A choice among several values (filter types select and tags): the field's own options when it
 * has some, the paged select for users and references, the tree for departments, free tags else.
 * Select filters hold arrays (the server reads a list), the shared widgets speak comma-joined text.
 */
function MultiValueControl({ bundle, field, value, onChange, testId }: Omit<FilterValueControlProps, 'filterType'>) {
  const { t } = useTranslation();
  const joined = joinValues(asArray(value));
  const fromJoined = (next: string | number | null) => onChange(splitJoined(next));
  switch (field.type) {
    case 'dictionary':
      return <DictionarySelect data-testid={testId} multiple code={field.dictionary} value={joined} onChange={fromJoined} />;
    case 'user': case 'users':
      return <UserSelect data-testid={testId} multiple url={USER_SELECT_PATH} value={joined} onChange={fromJoined} />;
    case 'reference':
      return <RemoteSelect data-testid={testId} multiple url={referenceSelectPath(bundle, field)} value={joined} onChange={fromJoined} />;
    case 'department': case 'departments':
      return <TreeReferenceSelect data-testid={testId} path={DEPARTMENT_TREE_PATH} multiple value={joined} onChange={fromJoined} />;
    default: {
      const options = field.type === 'status'
        ? (bundle.entity.flow?.states ?? []).map((state) => ({ label: t(state.label), value: state.name }))
        : (field.options ?? []).map((option) => ({ label: t(option.label), value: String(option.value) }));
      return (
        <Select
          data-testid={testId}
          mode={options.length > 0 ? 'multiple' : 'tags'}
          allowClear
          options={options}
          optionFilterProp="label"
          value={asArray(value)}
          onChange={(next: string[]) => onChange(next)}
        />
      );
    }
  }
}

/** The value control of one filter row, by filter type (spec §5). */
export function FilterValueControl(props: FilterValueControlProps) {
  const { t } = useTranslation();
  const { filterType, value, onChange, testId } = props;
  switch (filterType) {
    case 'text':
      return <Input data-testid={testId} allowClear value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
    case 'select': case 'tags':
      return <MultiValueControl {...props} />;
    case 'date':
      return <DateStringPicker data-testid={testId} format={DATE_FORMAT} showTime={false} value={value} onChange={onChange} />;
    case 'datetime':
      return <DateStringPicker data-testid={testId} format={DATETIME_MINUTES_FORMAT} showTime value={value} onChange={onChange} />;
    case 'daterange':
      return <DateRangeStringPicker data-testid={testId} format={DATE_FORMAT} showTime={false} value={value} onChange={onChange} />;
    case 'datetimerange':
      return <DateRangeStringPicker data-testid={testId} format={DATETIME_MINUTES_FORMAT} showTime value={value} onChange={onChange} />;
    case 'switch':
      return (
        <Select
          data-testid={testId}
          allowClear
          options={[{ label: t('runtime.value.yes'), value: 1 }, { label: t('runtime.value.no'), value: 0 }]}
          value={value === 1 || value === 0 ? value : undefined}
          onChange={(next: number | undefined) => onChange(next ?? null)}
        />
      );
    default: {
      const unreachable: never = filterType;
      throw new Error(`No filter control for filter type ${String(unreachable)}`);
    }
  }
}
