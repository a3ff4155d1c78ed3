import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * antd's pickers speak dayjs; filters and forms store text ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss').
 * These convert at the edge so the filter object stays plain data.
 */

function toDayjs(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  // dayjs reads both wire forms natively, so no parse-format plugin is needed.
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

interface PickerProps<V> {
  value: unknown;
  onChange(value: V | null): void;
  format: string;
  showTime: boolean;
  'data-testid'?: string;
}

export function DateStringPicker({ value, onChange, format, showTime, 'data-testid': testId }: PickerProps<string>) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      data-testid={testId}
      format={format}
      showTime={showTime}
      value={toDayjs(value)}
      onChange={(date) => onChange(date ? date.format(format) : null)}
    />
  );
}

export function DateRangeStringPicker({ value, onChange, format, showTime, 'data-testid': testId }: PickerProps<[string, string]>) {
  const range = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      data-testid={testId}
      format={format}
      showTime={showTime}
      value={[toDayjs(range[0]), toDayjs(range[1])]}
      onChange={(dates) => onChange(dates && dates[0] && dates[1] ? [dates[0].format(format), dates[1].format(format)] : null)}
    />
  );
}
