import { previewPath } from '../../../runtime/core/office';

export interface OpenPreviewOptions {
  /** The touch-friendly pages under /app/file/preview; by default when the current page is under /app. */
  mobile?: boolean;
  /** 3 opens the preview ready to print (office viewer openModeType). */
  openModeType?: 1 | 3;
}

function onMobilePage(): boolean {
  return typeof window !== 'undefined' && /^\/(app|dapp|wapp)(\/|$)/.test(window.location.pathname);
}

/** The URL `openPreview` opens (route chosen by the extension groups of spec §9). */
export function previewUrl(attachId: string, extName: string, options: OpenPreviewOptions = {}): string {
  const extra: Record<string, string> = options.openModeType === 3 ? { openModeType: '3' } : {};
  return previewPath({ attachId, extName }, { mobile: options.mobile ?? onMobilePage(), extra });
}

/**
 * Opens an attachment's preview in a new tab with `?attachId&extName&ddtab=true` (shell spec §2).
 * Where the browser refuses new tabs (some chat-app web views), the current tab goes there.
 */
export function openPreview(attachId: string, extName: string, options: OpenPreviewOptions = {}): void {
  const url = previewUrl(attachId, extName, options);
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
}
