import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RELATIVE_TIME_REFRESH_MS } from '../../../runtime/core/constants';
import { relativeTime, toEpochMs, type RelativeTime as Relative } from '../../../runtime/core/time';
import { useNow } from './useNow';

/** 刚刚 / 5 分钟前 / 3 小时前 / 12 天前 / 2025-01-31. */
export function formatRelativeTime(relative: Relative, t: TFunction): string {
  switch (relative.unit) {
    case 'justNow': return t('shell.relativeTime.justNow');
    case 'minutes': return t('shell.relativeTime.minutes', { count: relative.count });
    case 'hours': return t('shell.relativeTime.hours', { count: relative.count });
    case 'days': return t('shell.relativeTime.days', { count: relative.count });
    case 'date': return relative.date;
    default: {
      const unreachable: never = relative;
      throw new Error(`unknown relative time ${JSON.stringify(unreachable)}`);
    }
  }
}

export interface RelativeTimeProps {
  time: Date | number | string;
}

/** A past time as "刚刚 / n 分钟前 / …", refreshed every 60 s; the exact time shows on hover. */
export function RelativeTime({ time }: RelativeTimeProps) {
  const { t } = useTranslation();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const at = toEpochMs(time);
  const exact = Number.isNaN(at) ? String(time) : new Date(at).toLocaleString();
  return (
    <time dateTime={Number.isNaN(at) ? undefined : new Date(at).toISOString()} title={exact} data-testid="relative-time">
      {formatRelativeTime(relativeTime(time, now), t)}
    </time>
  );
}
