import { Switch } from 'antd';
import { isSwitchOn } from '../../format/fieldValues';
import type { WidgetProps } from './WidgetProps';

/** Switch fields store 1/0 (spec), not the booleans antd's Switch speaks. */
export function OneZeroSwitch({ value, onChange, disabled, 'data-testid': testId }: WidgetProps<number>) {
  return <Switch checked={isSwitchOn(value)} disabled={disabled} data-testid={testId} onChange={(checked) => onChange?.(checked ? 1 : 0)} />;
}
