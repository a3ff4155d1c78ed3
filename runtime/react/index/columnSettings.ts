import type { ListColumn } from '../../core/schema/types';

/** One column as the user arranged it; the array order is the display order. */
export interface ColumnSetting {
  prop: string;
  width?: number;
  fixed?: 'left' | 'right';
  hide?: boolean;
}

export function defaultColumnSettings(columns: readonly ListColumn[]): ColumnSetting[] {
  return columns.map(({ prop, width, fixed, hide }) => ({ prop, width, fixed, hide: hide === true }));
}

function isColumnSetting(item: unknown): item is ColumnSetting {
  return typeof item === 'object' && item !== null && typeof (item as ColumnSetting).prop === 'string';
}

/** getColumnSetting answers null, the saved array, or (stored as sent) its JSON text. */
export function parseSavedColumns(data: unknown): ColumnSetting[] | null {
  let parsed = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return Array.isArray(parsed) ? parsed.filter(isColumnSetting) : null;
}

/**
 * The user's saved arrangement applied to the schema's columns: saved order and choices first,
 * columns the schema gained since then appended with their defaults, columns it lost dropped.
 */
export function mergeColumnSettings(columns: readonly ListColumn[], saved: readonly ColumnSetting[] | null): ColumnSetting[] {
  const defaults = defaultColumnSettings(columns);
  if (!saved || saved.length === 0) return defaults;
  const byProp = new Map(defaults.map((column) => [column.prop, column]));
  const merged: ColumnSetting[] = [];
  for (const choice of saved) {
    const base = byProp.get(choice.prop);
    if (!base) continue;
    byProp.delete(choice.prop);
    merged.push({
      prop: choice.prop,
      width: typeof choice.width === 'number' && choice.width > 0 ? choice.width : base.width,
      fixed: choice.fixed === 'left' || choice.fixed === 'right' ? choice.fixed : undefined,
      hide: choice.hide === true,
    });
  }
  return [...merged, ...byProp.values()];
}

/** Moves one column within the arrangement (drag and drop, up/down buttons). */
export function moveColumn(settings: readonly ColumnSetting[], from: number, to: number): ColumnSetting[] {
  if (from === to || from < 0 || to < 0 || from >= settings.length || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
