import {
  DEFAULT_OFFICE_VIEWER_CONFIG, officeViewerLink, parseOfficeViewerConfig, type OfficeViewerConfig, type OfficeViewerLink, type OpenModeType,
} from '../../../runtime/core/office';
import { request } from '../../request';
import { safeHref } from '../../../runtime/core/links';

export const OFFICE_VIEWER_CONFIG_CALL = '/get/file/getOfficeViewerConfig';

let loaded: Promise<OfficeViewerConfig> | null = null;

/**
 * The server's office viewer configuration, fetched once per page load. A failure falls back to
 * the built-in previews (and is tried again next time) rather than blocking the user.
 */
export function loadOfficeViewerConfig(): Promise<OfficeViewerConfig> {
  if (!loaded) {
    loaded = request.get<unknown>(OFFICE_VIEWER_CONFIG_CALL, {}, { quiet: true })
      .then((answer) => parseOfficeViewerConfig(answer.data as Record<string, unknown>))
      .catch(() => {
        loaded = null;
        return DEFAULT_OFFICE_VIEWER_CONFIG;
      });
  }
  return loaded;
}

export interface OfficeFile {
  attachId: string;
  extName: string;
  /** Shown by the external viewers in their title. */
  name?: string;
}

/** The link for a file in a mode (1 read, 3 print, 4 edit, 5 red-header) under the server's configuration. */
export async function officeViewerLinkFor(file: OfficeFile, openModeType: OpenModeType): Promise<OfficeViewerLink> {
  const config = await loadOfficeViewerConfig();
  return officeViewerLink(config, { attachId: file.attachId, extName: file.extName, openModeType, fileName: file.name });
}

/** Opens that link in a new tab (the attachment menu's read / print / edit / red-header entries). */
export async function openOfficeViewer(file: OfficeFile, openModeType: OpenModeType): Promise<OfficeViewerLink> {
  const link = await officeViewerLinkFor(file, openModeType);
  // The viewer's address comes from the stored configuration: only an in-app path or a web page is opened.
  const url = safeHref(link.url);
  if (!url) return link;
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
  return link;
}
