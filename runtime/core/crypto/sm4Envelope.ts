import sm4 from 'sm-crypto/src/sm4/index.js';
import { md5 } from 'js-md5';

/**
 * The SM4 data-encryption mode of the request layer (spec/shell.md §7, docs/SM4.md), shared by
 * the browser (src/request) and the server (server/http) so both speak one format:
 *
 *   value' = md5hex(plaintext) + sm4hex(plaintext)
 *
 * md5hex: 32 lower-case hex digits of the MD5 of the UTF-8 plaintext; sm4hex: SM4-ECB with
 * PKCS#7 padding under the configured 128-bit key, lower-case hex (a multiple of 32 digits).
 * After decrypting, the receiver recomputes the MD5 and refuses the value when it differs.
 *
 * Pure: no DOM, no Node built-ins (sm-crypto and js-md5 are plain JavaScript).
 */

/** A 128-bit SM4 key as 32 hex digits (the form SM4_KEY is configured in). */
export const SM4_KEY_PATTERN = /^[0-9a-fA-F]{32}$/;
/** md5 (32 hex) followed by at least one 16-byte SM4 block (32 hex each). */
const ENCRYPTED_VALUE = /^[0-9a-fA-F]{32}(?:[0-9a-fA-F]{32})+$/;
const MD5_HEX_LENGTH = 32;

/** Why a value was refused: it is not in the encrypted form at all, or it does not decrypt to its MD5. */
export type Sm4RefusalReason = 'notEncrypted' | 'tampered';

export class Sm4ValueError extends Error {
  constructor(public readonly reason: Sm4RefusalReason, public readonly field = '') {
    super(reason === 'notEncrypted' ? `value ${field} is not SM4-encrypted` : `value ${field} failed its MD5 check`);
    this.name = 'Sm4ValueError';
  }
}

export function isSm4Key(key: unknown): key is string {
  return typeof key === 'string' && SM4_KEY_PATTERN.test(key);
}

function requireKey(key: string): string {
  if (!isSm4Key(key)) throw new Error('the SM4 key must be 32 hex digits (128 bits)');
  return key.toLowerCase();
}

/** MD5 of the UTF-8 bytes of `text`, 32 lower-case hex digits. */
export function md5Hex(text: string): string {
  return md5(text);
}

/** True when `value` has the shape of an encrypted value (it may still fail its MD5 check). */
export function looksEncrypted(value: unknown): value is string {
  return typeof value === 'string' && ENCRYPTED_VALUE.test(value);
}

/** md5hex(plaintext) + sm4hex(plaintext). The empty string encrypts too (to one padding block). */
export function encryptValue(plaintext: string, key: string): string {
  return md5Hex(plaintext) + sm4.encrypt(plaintext, requireKey(key));
}

/**
 * The plaintext of an encrypted value, after checking its MD5. Throws Sm4ValueError
 * 'notEncrypted' for anything that is not hex of the right length, 'tampered' when the
 * ciphertext does not decrypt (bad padding) or decrypts to text whose MD5 is not the prefix.
 */
export function decryptValue(value: unknown, key: string, field = ''): string {
  const secret = requireKey(key);
  if (!looksEncrypted(value)) throw new Sm4ValueError('notEncrypted', field);
  const digest = value.slice(0, MD5_HEX_LENGTH).toLowerCase();
  let plaintext: string;
  try {
    plaintext = sm4.decrypt(value.slice(MD5_HEX_LENGTH).toLowerCase(), secret);
  } catch {
    throw new Sm4ValueError('tampered', field);
  }
  if (md5Hex(plaintext) !== digest) throw new Sm4ValueError('tampered', field);
  return plaintext;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/**
 * The text one value travels as, exactly as the form encoding carries it (API contract): strings
 * as they are, numbers and booleans as text, objects as JSON text, null as ''. undefined is left
 * out (undefined answer). So the server reads the same fields from an SM4 body as from a form.
 */
export function fieldText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (isPlainObject(value) || Array.isArray(value)) return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export type EncryptedFields = Record<string, string | string[]>;

/**
 * Every value of a request encrypted; field names stay plain. Arrays are encrypted element by
 * element (the form encoding's `name[]`), so the server still receives a list.
 */
export function encryptFields(fields: Record<string, unknown> | null | undefined, key: string): EncryptedFields {
  const out: EncryptedFields = {};
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (Array.isArray(value)) {
      out[name] = value.flatMap((item) => {
        const text = fieldText(item);
        return text === undefined ? [] : [encryptValue(text, key)];
      });
    } else {
      const text = fieldText(value);
      if (text !== undefined) out[name] = encryptValue(text, key);
    }
  }
  return out;
}

/**
 * The plain values of an encrypted request (strings, and arrays of strings). Fields `keep`
 * names (a file part, say) pass untouched. Any value not in the encrypted form, or failing its
 * MD5 check, throws Sm4ValueError naming the field.
 */
export function decryptFields(
  fields: Record<string, unknown>,
  key: string,
  keep: (name: string) => boolean = () => false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (keep(name)) out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map((item) => decryptValue(item, key, name));
    else out[name] = decryptValue(value, key, name);
  }
  return out;
}

/** A response's `data`: its JSON text, encrypted as one value. */
export function encryptData(data: unknown, key: string): string {
  return encryptValue(JSON.stringify(data ?? null), key);
}

/** The `data` of an encrypted response; throws Sm4ValueError when it is not intact. */
export function decryptData<T = unknown>(value: unknown, key: string): T {
  const text = decryptValue(value, key, 'data');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Sm4ValueError('tampered', 'data');
  }
}
