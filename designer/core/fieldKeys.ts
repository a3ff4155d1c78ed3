import { FORBIDDEN_NAMES } from '../../runtime/core/expression/plainData';
import type { DesignDocument } from './types';
import { DesignOperationError } from './errors';
import { takenFieldKeys } from './fieldPalette';

/** The meta-schema's identifier: what a field key (its column name) may be. */
export const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9]*$/;
export const FIELD_KEY_MAX_LENGTH = 60;

/** Words an expression reads as something else than a field (literals) or refuses to read. */
const RESERVED = new Set(['true', 'false', 'null', 'undefined', 'this', 'new', 'typeof', ...FORBIDDEN_NAMES]);

export function isValidFieldKey(key: string): boolean {
  return typeof key === 'string' && FIELD_KEY_PATTERN.test(key) && key.length <= FIELD_KEY_MAX_LENGTH && !RESERVED.has(key);
}

/** Throws fieldKeyInvalid / fieldKeyTaken for a key a new or renamed field may not take. */
export function assertFreeFieldKey(document: DesignDocument, key: string): void {
  if (!isValidFieldKey(key)) throw new DesignOperationError('designer.error.fieldKeyInvalid', { key: String(key) });
  if (takenFieldKeys(document).has(key)) throw new DesignOperationError('designer.error.fieldKeyTaken', { key });
}
