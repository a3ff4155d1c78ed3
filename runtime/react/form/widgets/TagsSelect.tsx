import { Select } from 'antd';
import { fromSelectValue, toSelectValue } from './selectValue';
import type { WidgetProps } from './WidgetProps';

export interface TagsSelectProps extends WidgetProps<string> {
  /** The schema's options (labels translated): the tags are picked from them, not typed. */
  options?: { label: string; value: string | number }[];
}

/**
 * Tags stored comma-joined: picked from the field's options when it has some (a message type's
 * channels), free text otherwise. A comma typed inside a free tag splits it, since a stored comma
 * could not be told apart from the separator.
 */
export function TagsSelect({ value, onChange, disabled, placeholder, options, 'data-testid': testId }: TagsSelectProps) {
  const picked = options && options.length > 0;
  return (
    <Select
      data-testid={testId}
      mode={picked ? 'multiple' : 'tags'}
      open={picked ? undefined : false}
      suffixIcon={picked ? undefined : null}
      tokenSeparators={picked ? undefined : [',']}
      options={picked ? options.map((o) => ({ label: o.label, value: String(o.value) })) : undefined}
      allowClear={picked}
      disabled={disabled}
      placeholder={placeholder}
      value={toSelectValue(value, true)}
      onChange={(next) => onChange?.(fromSelectValue(next, true))}
    />
  );
}
