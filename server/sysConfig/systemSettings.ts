import { DEFAULT_THEME_COLOR } from '../../runtime/core/constants';
import { ENCRYPTION_TYPE_PLAIN, ENCRYPTION_TYPE_SM4, type EncryptionType } from '../../runtime/core/crypto';
import { OFD_TYPES, OFFICE_TYPES, normaliseAttachHost, type OfficeViewerConfig } from '../../runtime/core/office';
import { isHexColor, parseGreyEndTime } from '../../runtime/core/theme';
import type { ServerConfig } from '../config';
import { nowText } from '../http/newId';
import { splitIds } from '../entity/rowValues';
import { isInAppPath } from '../shell/shellConfig';

/**
 * The system configuration in force (docs/SHELL.md "Stored configuration"): what the single
 * SysConfig row says, read into the shapes the shell, the SM4 mode and the office links use.
 */
export interface SystemSettings {
  /** '' = the translated default name. */
  appName: string;
  /** #rrggbb, the theme colour of users who saved none. */
  appColor: string;
  /** In-app path '/' leads to; '' = /dashboard. */
  dashboardUrl: string;
  /** Epoch ms until which the interface is grey; 0 = never. */
  greyEndTime: number;
  waterMark: { enabled: boolean; content: string; subtext: string };
  /** attachId of the logo image, '' = none. */
  logo: string;
  /** attachIds of the sign-in page banners, in order. */
  banners: string[];
  encryptionType: EncryptionType;
  /** The SM4 key when the mode is on; never leaves the server except through getEncryptionConfig. */
  sm4Key?: string;
  /** Fingerprint of the stored key the row names ('' = none): what lists show instead of the key. */
  encryptKeyId: string;
  officeViewer: OfficeViewerConfig;
  serviceProtocol: string;
  userNotice: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly unknown[]).includes(value) ? value as T : fallback;
}

/** #0C8 → #00CC88; other hex colours keep the case they were given in. */
function sixDigitColor(color: string): string {
  const digits = color.trim().replace(/^#/, '');
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/**
 * The stored row (API values, `rowToApi`) as settings; `sm4Key` is the stored key the row's
 * fingerprint names. Written values were validated; reading still refuses what would break the
 * shell (a colour that is not one, a path leaving the suite) in favour of the default.
 */
export function settingsFromRow(row: Record<string, unknown>, sm4Key: string | undefined): SystemSettings {
  const color = text(row.themeColor).trim();
  const dashboard = text(row.dashboardUrl).trim();
  const sm4On = text(row.encryptionType) === String(ENCRYPTION_TYPE_SM4) && sm4Key !== undefined;
  return {
    appName: text(row.configName).trim(),
    appColor: isHexColor(color) ? sixDigitColor(color) : DEFAULT_THEME_COLOR,
    dashboardUrl: isInAppPath(dashboard) ? dashboard : '',
    greyEndTime: parseGreyEndTime(text(row.greyEndTime)) ?? 0,
    waterMark: { enabled: Number(row.waterMark) === 1, content: text(row.waterMarkContent).trim(), subtext: text(row.waterMarkSubtext).trim() },
    logo: text(row.logo).trim(),
    banners: splitIds(row.banners),
    encryptionType: sm4On ? ENCRYPTION_TYPE_SM4 : ENCRYPTION_TYPE_PLAIN,
    ...(sm4On ? { sm4Key } : {}),
    encryptKeyId: text(row.encryptKeyId).trim(),
    officeViewer: {
      attachHost: normaliseAttachHost(text(row.attachHost)),
      officeType: oneOf(text(row.officeType), OFFICE_TYPES, 'builtin'),
      ofdType: oneOf(text(row.ofdType), OFD_TYPES, 'builtin'),
      openOnLineFlag: Number(row.openOnLine ?? 1) !== 0,
    },
    serviceProtocol: text(row.serviceProtocol),
    userNotice: text(row.userNotice),
  };
}

/**
 * The row a new database starts with, from the environment (README: APP_NAME, APP_COLOR, …,
 * ENCRYPTION_TYPE, ATTACH_HOST …): the variables are the initial defaults, the row wins after.
 * `encryptKeyId` is the fingerprint of SM4_KEY when one is set (the key itself is stored apart).
 */
export function rowFromEnvironment(config: ServerConfig, encryptKeyId: string | null): Record<string, unknown> {
  const { shell, officeViewer } = config;
  return {
    configName: shell.appName || null,
    themeColor: sixDigitColor(shell.appColor),
    dashboardUrl: shell.dashboardUrl || null,
    greyEndTime: shell.greyEndTime > 0 ? nowText(new Date(shell.greyEndTime)) : null,
    waterMark: shell.waterMark.enabled ? 1 : 0,
    waterMarkContent: shell.waterMark.content || null,
    waterMarkSubtext: shell.waterMark.subtext || null,
    encryptionType: String(config.encryptionType),
    encryptKeyId,
    officeType: officeViewer.officeType,
    ofdType: officeViewer.ofdType,
    openOnLine: officeViewer.openOnLineFlag ? 1 : 0,
    attachHost: officeViewer.attachHost || null,
    remark: null,
  };
}
