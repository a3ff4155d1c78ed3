import { EXTENSION_GROUPS, extensionGroupOf } from '../constants/uploadRules';

/**
 * The built-in preview pages (shell spec §2): `/file/preview/pdf|excel|word|ppt|ofd` and
 * `/file/preview`, and the mobile ones under `/app/file/preview` (`/word|excel|ppt|ofd|image`).
 * A preview opens in a new tab with `attachId`, `extName` and `ddtab=true`.
 */
export const PREVIEW_BASE_PATH = '/file/preview';
export const MOBILE_PREVIEW_BASE_PATH = '/app/file/preview';

/** The route suffix a file's extension group opens ('' = the dispatching base route). */
export type PreviewRouteKind = 'pdf' | 'excel' | 'word' | 'ppt' | 'ofd' | 'image' | '';

/** Extensions that share a group with the PDF one but have a viewer of their own. */
const OFD_EXTENSIONS: readonly string[] = ['ofd'];

/** Lower-case extension without a leading dot ('.PDF' → 'pdf'). */
export function normaliseExtName(extName: string | null | undefined): string {
  return String(extName ?? '').trim().replace(/^\.+/, '').toLowerCase();
}

/**
 * Which preview route a file of this extension opens, by the extension groups of spec §9:
 * documents → word, spreadsheets → excel, presentations → ppt, pdf → pdf, ofd → ofd,
 * images → the base route on PC (`/file/preview`) and `image` on mobile; anything else → the base
 * route, which picks a renderer itself (or explains why it cannot show the file).
 * PDF on mobile opens the mobile base route: the spec lists no `/app/file/preview/pdf`.
 */
export function previewRouteKind(extName: string, mobile = false): PreviewRouteKind {
  const ext = normaliseExtName(extName);
  if (OFD_EXTENSIONS.includes(ext)) return 'ofd';
  switch (extensionGroupOf(ext)) {
    case 'documents': return 'word';
    case 'spreadsheets': return 'excel';
    case 'presentations': return 'ppt';
    case 'pdfAndOfd': return mobile ? '' : 'pdf';
    case 'images': return mobile ? 'image' : '';
    default: return '';
  }
}

export interface PreviewTarget {
  attachId: string;
  extName: string;
}

export interface PreviewPathOptions {
  /** The touch-friendly variants under /app/file/preview. */
  mobile?: boolean;
  /** Extra query parameters (e.g. openModeType=3 for printing). */
  extra?: Record<string, string>;
}

/** The in-app URL of a file's preview: `/file/preview/word?attachId=…&extName=docx&ddtab=true`. */
export function previewPath(target: PreviewTarget, options: PreviewPathOptions = {}): string {
  const mobile = options.mobile === true;
  const kind = previewRouteKind(target.extName, mobile);
  const base = mobile ? MOBILE_PREVIEW_BASE_PATH : PREVIEW_BASE_PATH;
  const query = new URLSearchParams({ attachId: target.attachId, extName: normaliseExtName(target.extName), ddtab: 'true', ...options.extra });
  return `${kind ? `${base}/${kind}` : base}?${query.toString()}`;
}

/** True for the extension groups the office viewers handle as Word files (red-header option). */
export function isWordExtension(extName: string): boolean {
  return (EXTENSION_GROUPS.documents as readonly string[]).includes(normaliseExtName(extName));
}
