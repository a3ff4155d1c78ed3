import {
  ALLOWED_EXTENSIONS, extensionOf, IMAGE_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB,
} from '../../core/constants';

/** The browser's half of the upload limits (spec/shell.md §5, §9): refuse before a byte is sent. */

const IMAGE_MIME_TYPES: ReadonlySet<string> = new Set(['image/gif', 'image/jpeg', 'image/png']);

export type UploadKind = 'attachment' | 'image';

export type UploadRefusal =
  | { reason: 'tooLarge'; limitMb: number }
  | { reason: 'badType'; extension: string }
  | { reason: 'notImage' };

/** Why a file may not be uploaded, or null when it may. */
export function checkUpload(file: { name: string; size: number; type?: string }, kind: UploadKind): UploadRefusal | null {
  const extension = extensionOf(file.name);
  if (kind === 'image') {
    // The MIME type, when the browser gives one, must agree with the name: a renamed file is refused.
    const typeAgrees = !file.type || IMAGE_MIME_TYPES.has(file.type);
    if (!IMAGE_UPLOAD_EXTENSIONS.has(extension) || !typeAgrees) return { reason: 'notImage' };
  } else if (!ALLOWED_EXTENSIONS.has(extension)) {
    return { reason: 'badType', extension };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { reason: 'tooLarge', limitMb: MAX_UPLOAD_MB };
  return null;
}

/** The `accept` attribute of the file chooser, so the dialog offers only allowed files. */
export function acceptAttribute(kind: UploadKind): string {
  const extensions = kind === 'image' ? IMAGE_UPLOAD_EXTENSIONS : ALLOWED_EXTENSIONS;
  return [...extensions].map((extension) => `.${extension}`).join(',');
}
