import type { TFunction } from 'i18next';

/** A refused call's message (already localised by the server or the request layer), or a fallback. */
export function errorText(error: unknown, t: TFunction): string {
  return error instanceof Error && error.message ? error.message : t('runtime.message.unknownError');
}
