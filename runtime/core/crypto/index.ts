/** The SM4 data-encryption mode shared by the browser's request layer and the server (docs/SM4.md). */
export {
  SM4_KEY_PATTERN, Sm4ValueError, isSm4Key, md5Hex, looksEncrypted, encryptValue, decryptValue,
  fieldText, encryptFields, decryptFields, encryptData, decryptData,
} from './sm4Envelope';
export type { Sm4RefusalReason, EncryptedFields } from './sm4Envelope';
export {
  ENCRYPTION_CONFIG_PATH, ENCRYPTED_REQUEST_HEADER, ENCRYPTED_RESPONSE_HEADER, SM4_MARK,
  ENCRYPTION_MODE_REASON, ENCRYPTION_TYPE_PLAIN, ENCRYPTION_TYPE_SM4, BIG_POST_HEADER,
} from './protocol';
export type { EncryptionConfig, EncryptionType } from './protocol';
