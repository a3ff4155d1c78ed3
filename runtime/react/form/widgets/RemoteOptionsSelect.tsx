import { useEffect, useState } from 'react';
import { useRuntime } from '../../useRuntime';
import { LoadedOptionsSelect } from './LoadedOptionsSelect';
import { REMOTE_OPTIONS_DELAY_MS, type SelectOption } from './usePagedOptions';
import type { WidgetProps } from './WidgetProps';

export interface RemoteOptionsSelectProps extends WidgetProps<string> {
  url: string;
  params?: Record<string, string | number>;
  labelField?: string;
  valueField?: string;
  multiple?: boolean;
}

/** Options answers are `data: [...]` or `data: {list: [...]}` (spec §3: "reading the data field"). */
function optionRows(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const list = typeof data === 'object' && data !== null ? (data as { list?: unknown }).list : undefined;
  return Array.isArray(list) ? list : [];
}

/** A form item's `remoteOptions`: all options from one call, loaded shortly after the control appears. */
export function RemoteOptionsSelect({
  url, params, labelField = 'label', valueField = 'value', multiple = false, ...props
}: RemoteOptionsSelectProps) {
  const { request } = useRuntime();
  const [options, setOptions] = useState<SelectOption[]>([]);
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      request.get(url, params).then((answer) => {
        if (!current) return;
        setOptions(optionRows(answer.data).flatMap((row) => {
          if (typeof row !== 'object' || row === null) return [];
          const record = row as Record<string, unknown>;
          const optionValue = record[valueField];
          if (optionValue === undefined || optionValue === null) return [];
          return [{ label: String(record[labelField] ?? optionValue), value: String(optionValue) }];
        }));
      }, () => {
        // Reported by the request layer; the select stays empty.
      });
    }, REMOTE_OPTIONS_DELAY_MS);
    return () => { current = false; clearTimeout(timer); };
    // `params` is compared through its JSON text so a new but equal object does not reload.
  }, [url, paramsKey, labelField, valueField, request]);

  return <LoadedOptionsSelect {...props} options={options} multiple={multiple} />;
}
