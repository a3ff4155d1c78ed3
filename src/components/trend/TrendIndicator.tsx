import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTrendValue, trendDirection } from './trendDirection';

export interface TrendIndicatorProps {
  /** The change, in the unit of `suffix` (12.5 with '%' = 12.5 %); sign gives the direction. */
  value: number | null | undefined;
  precision?: number;
  suffix?: string;
  /** Leading text, e.g. 同比 / 环比. */
  label?: string;
  /** A rise is bad here (costs, complaints): rises show green, falls red. */
  reverseColor?: boolean;
}

// Chinese convention: rising red, falling green.
const RISE = '#f5222d';
const FALL = '#52c41a';
const FLAT = 'rgba(0, 0, 0, 0.45)';

/** ▲ 12.5% / ▼ 3.0% / — : the direction and size of a change. */
export function TrendIndicator({ value, precision = 1, suffix = '%', label, reverseColor = false }: TrendIndicatorProps) {
  const { t } = useTranslation();
  const direction = trendDirection(value);
  const color = direction === 'flat' ? FLAT : (direction === 'up') !== reverseColor ? RISE : FALL;
  const icon = direction === 'up' ? <ArrowUpOutlined /> : direction === 'down' ? <ArrowDownOutlined /> : <MinusOutlined />;
  return (
    <span
      style={{ color, whiteSpace: 'nowrap' }}
      data-testid="trend-indicator"
      data-direction={direction}
      aria-label={`${label ?? ''}${t(`shell.trend.${direction}`)} ${formatTrendValue(value, precision, suffix)}`}
    >
      {label && <span style={{ color: FLAT, marginRight: 4 }}>{label}</span>}
      {icon} {direction === 'flat' && (value === null || value === undefined) ? '--' : formatTrendValue(value, precision, suffix)}
    </span>
  );
}
