import { Select } from 'antd';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { SelectOption } from './usePagedOptions';
import type { WidgetProps } from './WidgetProps';

/** Values may arrive as numbers (inline options) but always leave as text, like every select here. */
export interface LoadedOptionsSelectProps extends Omit<WidgetProps<string | number>, 'onChange'> {
  onChange?: (value: string | null) => void;
  options: SelectOption[];
  multiple?: boolean;
}

/** A searchable select over options already loaded (a dictionary, a remote options call). */
export function LoadedOptionsSelect({ options, multiple = false, value, onChange, disabled, placeholder, 'data-testid': testId }: LoadedOptionsSelectProps) {
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
