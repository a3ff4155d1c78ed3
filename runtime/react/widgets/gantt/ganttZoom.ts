import dayjs from 'dayjs';
import type { IScaleConfig, IZoomConfig } from '@svar-ui/react-gantt';
import type { Translate } from '../../format/Translate';

/** The chart's zoom levels, coarse to fine: SVAR's zoom in moves one step down this list. */
export const ZOOM_LEVELS = ['month', 'week', 'day'] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

/** A new chart shows days. */
export const DEFAULT_ZOOM = ZOOM_LEVELS.indexOf('day');

/** Each level's cell width: fixed, so every zoom step (a button, Ctrl + wheel) moves a whole level. */
const CELL_WIDTH: Record<ZoomLevel, number> = { month: 80, week: 72, day: 36 };

/**
 * SVAR's zoom configuration at `level` (an index of ZOOM_LEVELS). A level whose smallest and
 * largest cell width are the same has no room to grow or shrink, so SVAR changes level at every
 * step instead of widening the cells by 15 %; it keeps the date under the chart's left edge.
 */
export function zoomConfig(level: number, t: Translate): IZoomConfig {
  const format = (pattern: string) => (date: Date) => dayjs(date).format(pattern);
  const scales: Record<ZoomLevel, IScaleConfig[]> = {
    month: [{ unit: 'year', step: 1, format: format(t('gantt.format.year')) }, { unit: 'month', step: 1, format: format(t('gantt.format.monthShort')) }],
    week: [{ unit: 'month', step: 1, format: format(t('gantt.format.month')) }, { unit: 'week', step: 1, format: format(t('gantt.format.week')) }],
    day: [{ unit: 'month', step: 1, format: format(t('gantt.format.month')) }, { unit: 'day', step: 1, format: format('D') }],
  };
  return {
    level,
    levels: ZOOM_LEVELS.map((name) => ({ minCellWidth: CELL_WIDTH[name], maxCellWidth: CELL_WIDTH[name], scales: scales[name] })),
  };
}
