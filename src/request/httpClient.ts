import axios from 'axios';
import { currentLanguage } from '../i18n/i18n';
import { languageTag } from '../i18n/languages';
import { getToken } from '../session/tokenCookie';

/** Shell spec §7/§9: 300000 ms unless the build configures another time-out. */
const DEFAULT_TIMEOUT_MS = 300_000;

function configuredTimeout(): number {
  const configured = Number(import.meta.env.VITE_REQUEST_TIMEOUT);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_TIMEOUT_MS;
}

const API_BASE = '/capi';

export const httpClient = axios.create({ baseURL: API_BASE, timeout: configuredTimeout() });

httpClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The server localises its messages (validation, refusals) from this header.
  config.headers.set('Accept-Language', languageTag(currentLanguage()));
  return config;
});
