import { Select } from 'antd';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

/**
 * Free tags stored comma-joined. A comma typed inside a tag splits it, since a stored comma
 * could not be told apart from the separator.
 */
export function TagsSelect({ value, onChange, disabled, placeholder, 'data-testid': testId }: WidgetProps<string>) {
  return (
    <Select
      data-testid={testId}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',']}
      disabled={disabled}
      placeholder={placeholder}
      value={toSelectValue(value, true)}
      onChange={(next) => onChange?.(fromSelectValue(next, true))}
    />
  );
}
