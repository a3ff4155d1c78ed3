/**
 * The wire conventions of the SM4 mode both sides must agree on (docs/SM4.md). Header names are
 * lower-case because Node and axios both hand headers over lower-cased.
 */

/** ENCRYPTION_TYPE: 0 plain (the spec's default), 1 SM4. */
export const ENCRYPTION_TYPE_PLAIN = 0;
export const ENCRYPTION_TYPE_SM4 = 1;
export type EncryptionType = typeof ENCRYPTION_TYPE_PLAIN | typeof ENCRYPTION_TYPE_SM4;

/** Public call (path under /capi) telling the browser the mode and, in SM4 mode, the key. */
export const ENCRYPTION_CONFIG_PATH = '/get/system/getEncryptionConfig';

/** `data` of the encryption config call. */
export interface EncryptionConfig {
  encryptionType: EncryptionType;
  /** 32 hex digits in SM4 mode, null otherwise. */
  key: string | null;
}

/** The value of both marker headers. */
export const SM4_MARK = 'sm4';
/** Set by the browser on a request whose values it encrypted. */
export const ENCRYPTED_REQUEST_HEADER = 'x-encrypted';
/** Set by the server on an answer whose envelope `data` is encrypted. */
export const ENCRYPTED_RESPONSE_HEADER = 'x-data-encrypted';

/**
 * `data.reason` of the code-100 refusals that mean "browser and server disagree on the mode"
 * (a plain value in SM4 mode, or an encrypted request with the mode off): the browser reloads
 * the encryption config and sends the request once more.
 */
export const ENCRYPTION_MODE_REASON = 'encryptionMode';

/**
 * Marks a "big post" (spec §7): a multipart body carrying only form fields, the way large forms
 * travel past the size limits proxies put on url-encoded bodies. Without it, a multipart body
 * to a call that takes no file is refused.
 */
export const BIG_POST_HEADER = 'x-big-post';
