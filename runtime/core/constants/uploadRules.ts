/** Upload limits of spec/shell.md §9, shared by the upload widgets and the server's checks. */

export const MAX_UPLOAD_MB = 100;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export const EXTENSION_GROUPS = {
  documents: ['doc', 'docx', 'dot', 'wps', 'wpt'],
  spreadsheets: ['xlsx', 'xls', 'et', 'ett', 'xlt'],
  presentations: ['ppt', 'pptx', 'dpt', 'dps', 'pot', 'pps'],
  pdfAndOfd: ['pdf', 'ofd'],
  images: ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'tif', 'webp'],
  video: ['mp4', 'mkv', 'mov', 'flv', 'avi', 'wmv'],
  audio: ['wav', 'mp3', 'ogg'],
} as const;

export type ExtensionGroup = keyof typeof EXTENSION_GROUPS;

export const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(EXTENSION_GROUPS).flat());

/** Image uploads accept only these (spec §5: gif, jpeg, png). */
export const IMAGE_UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set(['gif', 'jpg', 'jpeg', 'png']);

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function extensionGroupOf(ext: string): ExtensionGroup | undefined {
  return (Object.keys(EXTENSION_GROUPS) as ExtensionGroup[]).find((g) => (EXTENSION_GROUPS[g] as readonly string[]).includes(ext));
}

/** The system images (logo, banners, sign-in background) and a personnel file's photo: at most this many MB each. */
export const SYSTEM_IMAGE_MAX_MB = 2;

/** A single-image upload takes one file (spec §5). */
export const SINGLE_IMAGE_MAX_COUNT = 1;
