import axios from 'axios';
import { currentLanguage } from '../i18n/i18n';
import { languageTag } from '../i18n/languages';
import { extraHeadersFrom, timeoutFrom } from './requestConfig';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../runtime/core/constants/sessionCookie';

const API_BASE = '/capi';

/** Spec §7: 300000 ms unless the build configures another time-out (VITE_REQUEST_TIMEOUT). */
export const REQUEST_TIMEOUT = timeoutFrom(import.meta.env.VITE_REQUEST_TIMEOUT);
/** The build's extra headers (VITE_REQUEST_HEADERS, a JSON object). */
export const EXTRA_HEADERS = extraHeadersFrom(import.meta.env.VITE_REQUEST_HEADERS);

export const httpClient = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT });

httpClient.interceptors.request.use((config) => {
  for (const [name, value] of Object.entries(EXTRA_HEADERS)) config.headers.set(name, value, false);
  // The session travels in the HttpOnly TOKEN cookie, which the server accepts only with this header (server/http/readToken.ts).
  config.headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  // The server localises its messages (validation, refusals) from this header.
  config.headers.set('Accept-Language', languageTag(currentLanguage()));
  return config;
});
