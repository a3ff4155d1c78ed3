import type { FlowDef, FlowState, OptionItem } from '../../core/schema/types';

/** Small readers of stored values, shared by the table, the details screen and the widgets. */

export type Row = Record<string, unknown>;

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Switch fields store 1/0; older rows may hold booleans or strings. */
export function isSwitchOn(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}

/** Comma-joined ids (attachments, users, departments, tags) or an array of them. */
export function splitJoined(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  if (isEmptyValue(value)) return [];
  return String(value).split(',').map((v) => v.trim()).filter((v) => v !== '');
}

export function joinValues(values: readonly (string | number)[]): string {
  return values.map(String).join(',');
}

/** Options compare as strings: dictionary values arrive as numbers or strings depending on the column. */
export function findOption(options: readonly OptionItem[] | undefined, value: unknown): OptionItem | undefined {
  if (!options || isEmptyValue(value)) return undefined;
  return options.find((option) => String(option.value) === String(value));
}

/** Rows carry `{field}Name` for user, department and reference fields; fall back to the raw id. */
export function relatedName(row: Row, fieldName: string): string {
  const name = row[`${fieldName}Name`];
  if (!isEmptyValue(name)) return String(name);
  const raw = row[fieldName];
  return isEmptyValue(raw) ? '' : splitJoined(raw).join(', ');
}

export function formatMoney(value: unknown): string {
  if (isEmptyValue(value)) return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? amount.toFixed(2) : String(value);
}

export function formatNumber(value: unknown, precision: number | undefined): string {
  if (isEmptyValue(value)) return '';
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return precision === undefined ? String(amount) : amount.toFixed(precision);
}

export function flowStateOf(flow: FlowDef | undefined, value: unknown): FlowState | undefined {
  if (!flow || isEmptyValue(value)) return undefined;
  return flow.states.find((state) => state.name === String(value));
}

export interface LocationValue {
  lng?: number;
  lat?: number;
  address?: string;
}

/** Locations travel as an object (form) or its JSON text (form-data posts, some rows). */
export function parseLocation(value: unknown): LocationValue | null {
  if (isEmptyValue(value)) return null;
  let candidate: unknown = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return { address: value };
    }
  }
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return null;
  const { lng, lat, address } = candidate as Record<string, unknown>;
  return {
    ...(typeof lng === 'number' ? { lng } : {}),
    ...(typeof lat === 'number' ? { lat } : {}),
    ...(typeof address === 'string' ? { address } : {}),
  };
}

/** Range fields hold [start, end]; a stored text form 'start,end' is accepted too. */
export function parseRange(value: unknown): [string, string] | null {
  const parts = splitJoined(value);
  return parts.length === 2 ? [parts[0], parts[1]] : null;
}
