export { request } from './request';
export type { RequestApi, RequestOptions, UploadOptions, DownloadOptions, DownloadedFile, Params } from './request';
export type { Envelope } from './envelope';
export { RequestError, isRequestError } from './RequestError';
export { encryptionState, reloadEncryptionState } from './encryption';
export type { EncryptionState } from './encryption';
export { SHOP_AUTHORIZATION_HEADER } from './requestConfig';
