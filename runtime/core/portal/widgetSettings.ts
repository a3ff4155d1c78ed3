import { PortalLayoutError } from './PortalLayoutError';

/**
 * One setting a desk widget reads from its portal cell (PortalItem.settings). `label` is an i18n
 * key; an empty choice means "all" (no filter).
 */
export type WidgetSettingField =
  /** A whole number within bounds: rows listed, days shown. */
  | { name: string; kind: 'integer'; label: string; min: number; max: number; default: number }
  /** One value of a dictionary (a notice or news type), a filter the data call applies. */
  | { name: string; kind: 'dictionary'; label: string; dictionary: string }
  /** One workflow process, by its key (BpmProcess.processKey). */
  | { name: string; kind: 'process'; label: string }
  | { name: string; kind: 'switch'; label: string; default: boolean };

const count = (max: number, fallback: number): WidgetSettingField => ({ name: 'count', kind: 'integer', label: 'portal.setting.count', min: 1, max, default: fallback });

/**
 * The settings of each desk widget that has any, by widget code (DeskConfig.widgetCode). The
 * designer draws its form from this, the server refuses a layout holding anything else, and the
 * widgets read their values through the helpers below, so the three cannot drift apart. A
 * widget missing here takes no settings (the title override and the size are the cell's own).
 */
export const WIDGET_SETTINGS: Readonly<Record<string, readonly WidgetSettingField[]>> = {
  notices: [count(20, 6), { name: 'noticeType', kind: 'dictionary', label: 'portal.setting.noticeType', dictionary: 'infoNoticeType' }],
  newsCarousel: [count(10, 6), { name: 'newsType', kind: 'dictionary', label: 'portal.setting.newsType', dictionary: 'infoNewsType' }],
  unreadMail: [count(20, 6)],
  votesPending: [count(20, 6)],
  messages: [count(20, 5)],
  contractExpiring: [count(20, 8)],
  recentOutings: [count(20, 20)],
  myCalendar: [{ name: 'days', kind: 'integer', label: 'portal.setting.days', min: 1, max: 7, default: 2 }],
  pendingInfo: [
    { name: 'processKey', kind: 'process', label: 'portal.setting.processKey' },
    { name: 'records', kind: 'switch', label: 'portal.setting.records', default: true },
  ],
};

export function widgetSettingFields(widgetCode: string): readonly WidgetSettingField[] {
  return Object.prototype.hasOwnProperty.call(WIDGET_SETTINGS, widgetCode) ? WIDGET_SETTINGS[widgetCode] : [];
}

const CHOICE = /^[A-Za-z0-9_.:-]{1,60}$/;
const PROCESS_KEY = /^[a-zA-Z][A-Za-z0-9_]{0,59}$/;

/** One value as the field takes it; undefined when it is not one (a blank choice is '' = all). */
function fieldValue(field: WidgetSettingField, raw: unknown): number | string | boolean | undefined {
  switch (field.kind) {
    case 'integer': {
      const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      return typeof number === 'number' && Number.isInteger(number) && number >= field.min && number <= field.max ? number : undefined;
    }
    case 'dictionary':
    case 'process': {
      const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
      if (text === undefined) return undefined;
      return text === '' || (field.kind === 'process' ? PROCESS_KEY : CHOICE).test(text) ? text : undefined;
    }
    case 'switch':
      return raw === true || raw === 1 || raw === '1' ? true : raw === false || raw === 0 || raw === '0' ? false : undefined;
  }
}

function parsedObject(value: unknown): Record<string, unknown> | undefined {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : undefined;
}

/**
 * The settings of the layout's `index`-th cell (an object or its JSON) checked against its
 * widget's declaration: every key declared, every value of its kind and within bounds. Blank
 * values are left out (the widget's default applies). Throws PortalLayoutError otherwise.
 */
export function readWidgetSettings(widgetCode: string, value: unknown, index: number): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  const given = parsedObject(value);
  if (!given) throw new PortalLayoutError('badSettings', { index: index + 1 });
  const fields = widgetSettingFields(widgetCode);
  const settings: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(given)) {
    const field = fields.find((f) => f.name === name);
    if (!field) {
      throw fields.length === 0
        ? new PortalLayoutError('noSettings', { code: widgetCode })
        : new PortalLayoutError('unknownSetting', { code: widgetCode, name: name.slice(0, 40) });
    }
    if (raw === null || raw === undefined || raw === '') continue;
    const read = fieldValue(field, raw);
    if (read === undefined) {
      // `setting` is the label's i18n key: the server reads it in the caller's language.
      throw field.kind === 'integer'
        ? new PortalLayoutError('badSetting', { code: widgetCode, setting: field.label, min: field.min, max: field.max })
        : new PortalLayoutError('badChoice', { code: widgetCode, setting: field.label });
    }
    if (read !== '') settings[name] = read;
  }
  return settings;
}

/**
 * Stored settings as a widget or the designer reads them: only the declared keys with a valid
 * value (anything else — an older key, a value out of bounds — is dropped, never an error).
 */
export function knownWidgetSettings(widgetCode: string, settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  for (const field of widgetSettingFields(widgetCode)) {
    const read = settings ? fieldValue(field, settings[field.name]) : undefined;
    if (read !== undefined && read !== '') known[field.name] = read;
  }
  return known;
}

function declared(widgetCode: string, name: string, kind: WidgetSettingField['kind']): WidgetSettingField {
  const field = widgetSettingFields(widgetCode).find((f) => f.name === name && f.kind === kind);
  if (!field) throw new Error(`the widget ${widgetCode} declares no ${kind} setting ${name} (runtime/core/portal/widgetSettings.ts)`);
  return field;
}

/** A whole-number setting of a widget's cell, else its default. */
export function integerSetting(widgetCode: string, settings: Record<string, unknown> | undefined, name: string): number {
  const field = declared(widgetCode, name, 'integer');
  const read = fieldValue(field, settings?.[name]);
  return typeof read === 'number' ? read : (field as { default: number }).default;
}

/** A choice setting (dictionary value, process key); '' when none is set (= all). */
export function choiceSetting(widgetCode: string, settings: Record<string, unknown> | undefined, name: string, kind: 'dictionary' | 'process'): string {
  const read = fieldValue(declared(widgetCode, name, kind), settings?.[name]);
  return typeof read === 'string' ? read : '';
}

export function switchSetting(widgetCode: string, settings: Record<string, unknown> | undefined, name: string): boolean {
  const field = declared(widgetCode, name, 'switch');
  const read = fieldValue(field, settings?.[name]);
  return typeof read === 'boolean' ? read : (field as { default: boolean }).default;
}
