import { extensionGroupOf } from '../constants/uploadRules';
import { isWordExtension, normaliseExtName, previewPath } from './previewPath';

/**
 * Links to the office viewers (shell spec §7: "Office viewers on the attachment host: open word,
 * excel, ppt, pdf, red-header word, wps variants, a web office index and two ofd viewers;
 * openModeType 1 read, 3 print, 4 edit, 5 redhead"), built from configuration only.
 * Without an attachment host every link is one of the suite's own previews (docs/PREVIEWS.md).
 */

export const OPEN_MODE_TYPES = { read: 1, print: 3, edit: 4, redhead: 5 } as const;
export type OpenModeType = (typeof OPEN_MODE_TYPES)[keyof typeof OPEN_MODE_TYPES];

/** builtin: the suite's previews; office / wps: the office-control pages; weboffice: one index page. */
export const OFFICE_TYPES = ['builtin', 'office', 'wps', 'weboffice'] as const;
export type OfficeType = (typeof OFFICE_TYPES)[number];

/** builtin: the suite's OFD preview; viewer / reader: the host's two OFD viewers. */
export const OFD_TYPES = ['builtin', 'viewer', 'reader'] as const;
export type OfdType = (typeof OFD_TYPES)[number];

export interface OfficeViewerConfig {
  /** Origin (and optional path) of the attachment host, e.g. `https://office.example.cn:8443/attach`; '' = none. */
  attachHost: string;
  officeType: OfficeType;
  ofdType: OfdType;
  /** Read and print in the host's online viewers (true) or in the suite's previews (false). Edit and red-header always need the host. */
  openOnLineFlag: boolean;
}

export const DEFAULT_OFFICE_VIEWER_CONFIG: OfficeViewerConfig = {
  attachHost: '', officeType: 'builtin', ofdType: 'builtin', openOnLineFlag: true,
};

export interface OfficeViewerFile {
  attachId: string;
  extName: string;
  openModeType: OpenModeType;
  fileName?: string;
}

/** The page a link opens: one of the host's viewers, or 'preview' (the suite's own). */
export type ViewerPage = 'word' | 'excel' | 'ppt' | 'pdf' | 'redhead' | 'weboffice' | 'ofdViewer' | 'ofdReader' | 'preview';

export interface OfficeViewerLink {
  url: string;
  page: ViewerPage;
  /** True when the URL points at the attachment host. */
  external: boolean;
  /** The mode the link really opens in. */
  openModeType: OpenModeType;
  /** True when the asked mode is not available for this file or configuration, and the link reads instead. */
  degraded: boolean;
}

/** Paths of the viewers on the attachment host (the shapes are documented in docs/PREVIEWS.md). */
export const OFFICE_VIEWER_PATHS = {
  office: { word: '/office/openWord', excel: '/office/openExcel', ppt: '/office/openPpt', pdf: '/office/openPdf', redhead: '/office/openRedHeadWord' },
  wps: { word: '/office/openWpsWord', excel: '/office/openWpsExcel', ppt: '/office/openWpsPpt', pdf: '/office/openWpsPdf', redhead: '/office/openWpsRedHeadWord' },
  weboffice: '/weboffice/index',
  ofd: { viewer: '/ofd/viewer', reader: '/ofd/reader' },
} as const;

export function isOpenModeType(value: unknown): value is OpenModeType {
  return (Object.values(OPEN_MODE_TYPES) as unknown[]).includes(value);
}

/** Reads an openModeType from a query value; anything unknown reads as 1 (read). */
export function parseOpenModeType(value: unknown): OpenModeType {
  const n = Number(value);
  return isOpenModeType(n) ? n : OPEN_MODE_TYPES.read;
}

/**
 * The host as a base URL without trailing slashes; '' unless it is an absolute http(s) URL, so a
 * misconfigured value can never produce a `javascript:` or protocol-relative link.
 */
export function normaliseAttachHost(host: string | null | undefined): string {
  const trimmed = String(host ?? '').trim();
  if (!/^https?:\/\/[^/\s?#]+/i.test(trimmed)) return '';
  try {
    const url = new URL(trimmed);
    if (url.search || url.hash || url.username || url.password) return '';
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '';
  }
}

type OfficeKind = 'word' | 'excel' | 'ppt' | 'pdf';

function officeKindOf(ext: string): OfficeKind | 'ofd' | undefined {
  if (ext === 'ofd') return 'ofd';
  if (ext === 'pdf') return 'pdf';
  switch (extensionGroupOf(ext)) {
    case 'documents': return 'word';
    case 'spreadsheets': return 'excel';
    case 'presentations': return 'ppt';
    default: return undefined;
  }
}

function externalUrl(host: string, path: string, file: OfficeViewerFile, mode: OpenModeType, ext: string): string {
  const query = new URLSearchParams({ attachId: file.attachId, extName: ext, openModeType: String(mode) });
  if (file.fileName) query.set('fileName', file.fileName);
  return `${host}${path}?${query.toString()}`;
}

function builtin(file: OfficeViewerFile, ext: string, mode: OpenModeType, degraded: boolean): OfficeViewerLink {
  // The previews read and print; edit and red-header need an office application.
  const openModeType = mode === OPEN_MODE_TYPES.print ? OPEN_MODE_TYPES.print : OPEN_MODE_TYPES.read;
  const extra: Record<string, string> = openModeType === OPEN_MODE_TYPES.print ? { openModeType: '3' } : {};
  return {
    url: previewPath({ attachId: file.attachId, extName: ext }, { extra }),
    page: 'preview', external: false, openModeType,
    degraded: degraded || openModeType !== mode,
  };
}

/**
 * The link that opens `file` in `openModeType` under `config`:
 * - no (valid) attachment host, or office type / ofd type `builtin` → the suite's preview
 *   (read; print adds `openModeType=3`; edit and red-header degrade to read);
 * - red-header (5) only for Word types, edit (4) only for Word, Excel and PowerPoint types:
 *   other files degrade to read;
 * - `openOnLineFlag` false → read and print stay in the suite's previews, edit and red-header
 *   still open the host's office pages;
 * - files no office viewer handles (images, video…) always open the suite's preview.
 */
export function officeViewerLink(config: OfficeViewerConfig, file: OfficeViewerFile): OfficeViewerLink {
  const ext = normaliseExtName(file.extName);
  const asked = isOpenModeType(file.openModeType) ? file.openModeType : OPEN_MODE_TYPES.read;
  const kind = officeKindOf(ext);
  const host = normaliseAttachHost(config.attachHost);

  let mode: OpenModeType = asked;
  if (mode === OPEN_MODE_TYPES.redhead && !isWordExtension(ext)) mode = OPEN_MODE_TYPES.read;
  if (mode === OPEN_MODE_TYPES.edit && (kind === undefined || kind === 'pdf' || kind === 'ofd')) mode = OPEN_MODE_TYPES.read;
  const degraded = mode !== asked;
  const needsOffice = mode === OPEN_MODE_TYPES.edit || mode === OPEN_MODE_TYPES.redhead;

  if (!host || kind === undefined) return builtin(file, ext, mode, degraded);
  if (!config.openOnLineFlag && !needsOffice) return builtin(file, ext, mode, degraded);

  if (kind === 'ofd') {
    if (config.ofdType === 'builtin') return builtin(file, ext, mode, degraded);
    const page: ViewerPage = config.ofdType === 'viewer' ? 'ofdViewer' : 'ofdReader';
    return { url: externalUrl(host, OFFICE_VIEWER_PATHS.ofd[config.ofdType], file, mode, ext), page, external: true, openModeType: mode, degraded };
  }
  if (config.officeType === 'builtin') return builtin(file, ext, mode, degraded);
  if (config.officeType === 'weboffice') {
    return { url: externalUrl(host, OFFICE_VIEWER_PATHS.weboffice, file, mode, ext), page: 'weboffice', external: true, openModeType: mode, degraded };
  }
  const page: ViewerPage = mode === OPEN_MODE_TYPES.redhead ? 'redhead' : kind;
  const path = OFFICE_VIEWER_PATHS[config.officeType][page as OfficeKind | 'redhead'];
  return { url: externalUrl(host, path, file, mode, ext), page, external: true, openModeType: mode, degraded };
}

/** Reads the configuration from loose values (environment, stored items, a call's answer). */
export function parseOfficeViewerConfig(raw: Partial<Record<keyof OfficeViewerConfig, unknown>> | null | undefined): OfficeViewerConfig {
  const officeType = String(raw?.officeType ?? '').trim().toLowerCase();
  const ofdType = String(raw?.ofdType ?? '').trim().toLowerCase();
  const flag = raw?.openOnLineFlag;
  return {
    attachHost: normaliseAttachHost(typeof raw?.attachHost === 'string' ? raw.attachHost : ''),
    officeType: (OFFICE_TYPES as readonly string[]).includes(officeType) ? officeType as OfficeType : DEFAULT_OFFICE_VIEWER_CONFIG.officeType,
    ofdType: (OFD_TYPES as readonly string[]).includes(ofdType) ? ofdType as OfdType : DEFAULT_OFFICE_VIEWER_CONFIG.ofdType,
    openOnLineFlag: flag === undefined || flag === null || flag === ''
      ? DEFAULT_OFFICE_VIEWER_CONFIG.openOnLineFlag
      : !(flag === false || flag === 0 || String(flag).trim() === '0' || String(flag).trim().toLowerCase() === 'false'),
  };
}
