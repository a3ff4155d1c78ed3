import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../data/useDictionary';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

export interface DictionarySelectProps extends WidgetProps<string | number> {
  code?: string;
  multiple?: boolean;
}

/** The options of a dictionary code (getDicByCode), labels translated when they are keys. */
export function DictionarySelect({ code, multiple = false, value, onChange, disabled, placeholder, 'data-testid': testId }: DictionarySelectProps) {
  const { t } = useTranslation();
  const options = useDictionary(code).map((option) => ({ label: t(option.label), value: String(option.value) }));
  return (
    <Select
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch
      optionFilterProp="label"
      options={options}
      disabled={disabled}
      placeholder={placeholder}
      value={toSelectValue(value, multiple)}
      onChange={(selected) => onChange?.(fromSelectValue(selected, multiple))}
    />
  );
}
