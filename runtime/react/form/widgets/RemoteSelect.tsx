import { Select, Spin } from 'antd';
import type { CSSProperties, UIEvent } from 'react';
import { fromSelectValue, toSelectValue } from './selectValue';
import { usePagedOptions, type SelectOption } from './usePagedOptions';
import type { WidgetProps } from './WidgetProps';

export interface RemoteSelectProps extends WidgetProps<string> {
  /** A paged select call under /capi: getUserListForSelect or a `get{E}ListForSelect`. */
  url: string;
  params?: Record<string, unknown>;
  multiple?: boolean;
  /** Labels of values chosen before this control existed (a row's `{field}Name`). */
  knownLabels?: Record<string, string>;
  /** Told the label of every chosen value, in the value's order, before each change is handed on. */
  onLabels?: (labels: SelectOption[]) => void;
  style?: CSSProperties;
}

/** How close to the bottom of the dropdown (px) the next page starts loading. */
const LOAD_MORE_THRESHOLD = 24;

/** A paged, searchable select over users or another entity's rows; the value is the id. */
export function RemoteSelect({
  url, params, multiple = false, knownLabels, onLabels, value, onChange, disabled, placeholder, style, 'data-testid': testId,
}: RemoteSelectProps) {
  const { options, loading, open, search, loadMore, labelOf } = usePagedOptions(url, params);
  const selected = toSelectValue(value, multiple);
  const selectedValues = selected === undefined ? [] : Array.isArray(selected) ? selected : [selected];
  // A chosen value missing from the loaded page still shows its name, not a bare id.
  const missing: SelectOption[] = selectedValues
    .filter((id) => !options.some((option) => option.value === id))
    .map((id) => ({ value: id, label: knownLabels?.[id] ?? labelOf(id) ?? id }));

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (target.scrollTop + target.clientHeight >= target.scrollHeight - LOAD_MORE_THRESHOLD) loadMore();
  };

  return (
    <Select
      data-testid={testId}
      style={style}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      options={[...missing, ...options]}
      disabled={disabled}
      placeholder={placeholder}
      value={selected}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onOpenChange={(isOpen) => { if (isOpen) open(); }}
      onSearch={search}
      onPopupScroll={onPopupScroll}
      onChange={(next, chosen) => {
        // The chosen option may leave the loaded page (a new search): its owner keeps its name.
        onLabels?.((Array.isArray(chosen) ? chosen : chosen ? [chosen] : []).map((option) => ({ value: String(option.value), label: String(option.label) })));
        onChange?.(fromSelectValue(next, multiple));
      }}
    />
  );
}
