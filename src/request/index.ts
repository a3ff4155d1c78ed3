export { request } from './request';
export type { RequestApi, RequestOptions, UploadOptions, DownloadOptions, DownloadedFile, Params } from './request';
export type { Envelope } from './envelope';
export { RequestError, isRequestError } from './RequestError';
