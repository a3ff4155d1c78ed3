import { create } from 'zustand';
import { DEFAULT_ENCRYPTION_TYPE, DEFAULT_THEME_COLOR } from '../../runtime/core/constants';
import { isHexColor } from '../../runtime/core/theme';
import { request } from '../request/request';
import { STORAGE_KEYS, type StorageKey } from '../session/storageKeys';
import { getStoredItem, setStoredItem } from '../session/storedItem';

/** `data` of GET /get/system/getShellConfig (server/shell/shellConfigCall.ts). */
export interface ShellConfig {
  appName: string;
  appColor: string;
  dashboardUrl: string;
  /** Epoch ms; 0 = no grey mode. */
  greyEndTime: number;
  waterMark: { enabled: boolean; content: string; subtext: string };
  /** attachId of the configured logo ('' = none), shown through /get/file/getSysImage. */
  logo: string;
  /** attachIds of the sign-in page banners. */
  banners: string[];
  encryptionType: number;
  officeType: string;
  ofdType: string;
  openOnLineFlag: number;
  attachHost: string;
  version: string;
  chat?: Record<string, { corpId: string; agentId: string }>;
}

/** The configuration as the shell uses it: from the stored items until the server has answered. */
export interface ShellConfigState {
  appName: string;
  appColor: string;
  dashboardUrl: string;
  greyEndTime: number;
  waterMark: ShellConfig['waterMark'];
  logo: string;
  banners: string[];
  officeType: string;
  ofdType: string;
  openOnLineFlag: number;
  attachHost: string;
  encryptionType: number;
  /** True once this page load has the server's answer. */
  loaded: boolean;
}

/**
 * Where each setting is kept (spec §3 item names). None of them has a lifetime in the spec: they
 * are kept until the next answer replaces them, which every page load asks for.
 */
const ITEMS: ReadonlyArray<readonly [StorageKey, keyof ShellConfig]> = [
  [STORAGE_KEYS.APP_NAME, 'appName'],
  [STORAGE_KEYS.APP_COLOR, 'appColor'],
  [STORAGE_KEYS.APP_DASHBOARD, 'dashboardUrl'],
  [STORAGE_KEYS.GREY_END_TIME, 'greyEndTime'],
  [STORAGE_KEYS.ENCRYPTION_TYPE, 'encryptionType'],
  [STORAGE_KEYS.OFFICE_TYPE, 'officeType'],
  [STORAGE_KEYS.OFD_TYPE, 'ofdType'],
  [STORAGE_KEYS.OPEN_ON_LINE_FLAG, 'openOnLineFlag'],
  [STORAGE_KEYS.ATTACH_HOST, 'attachHost'],
];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown, fallback: number): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** Reads an answer (or stored values) defensively: a missing or odd value falls back to the default. */
export function normaliseShellConfig(raw: Partial<Record<keyof ShellConfig, unknown>>): Omit<ShellConfigState, 'loaded'> {
  const waterMark = (typeof raw.waterMark === 'object' && raw.waterMark !== null ? raw.waterMark : {}) as Record<string, unknown>;
  return {
    appName: text(raw.appName).trim(),
    appColor: isHexColor(raw.appColor) ? raw.appColor : DEFAULT_THEME_COLOR,
    dashboardUrl: text(raw.dashboardUrl).trim(),
    greyEndTime: num(raw.greyEndTime, 0),
    waterMark: { enabled: waterMark.enabled === true, content: text(waterMark.content), subtext: text(waterMark.subtext) },
    logo: text(raw.logo).trim(),
    banners: Array.isArray(raw.banners) ? raw.banners.filter((id): id is string => typeof id === 'string' && id.trim() !== '') : [],
    officeType: text(raw.officeType),
    ofdType: text(raw.ofdType),
    openOnLineFlag: num(raw.openOnLineFlag, 1),
    attachHost: text(raw.attachHost),
    encryptionType: num(raw.encryptionType, DEFAULT_ENCRYPTION_TYPE),
  };
}

function readStoredConfig(): Omit<ShellConfigState, 'loaded'> {
  const raw: Partial<Record<keyof ShellConfig, unknown>> = {};
  for (const [key, field] of ITEMS) {
    const value = getStoredItem<unknown>(key);
    if (value !== null) raw[field] = value;
  }
  return normaliseShellConfig(raw);
}

export const useShellConfigStore = create<ShellConfigState>()(() => ({ ...readStoredConfig(), loaded: false }));

/** Saves an answer under the spec's item names and publishes it. */
export function applyShellConfig(answer: Partial<Record<keyof ShellConfig, unknown>>): void {
  const config = normaliseShellConfig(answer);
  for (const [key, field] of ITEMS) {
    if (field in config) setStoredItem(key, config[field as keyof typeof config]);
  }
  useShellConfigStore.setState({ ...config, loaded: true });
}

let pending: Promise<void> | null = null;

/**
 * Asks the server for the shell configuration once per page load. Never rejects: without an
 * answer the stored (or default) settings stay in force, and the next page load asks again.
 */
export function loadShellConfig(): Promise<void> {
  pending ??= request.get<ShellConfig>('/get/system/getShellConfig', {}, { quiet: true })
    .then((answer) => applyShellConfig(answer.data as unknown as Record<string, unknown>))
    .catch(() => { useShellConfigStore.setState({ loaded: true }); });
  return pending;
}

/** Forgets the loaded answer (tests). */
export function resetShellConfigLoad(): void {
  pending = null;
}
