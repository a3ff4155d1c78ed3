import path from 'node:path';
import net from 'node:net';
import { ENCRYPTION_TYPE_PLAIN, ENCRYPTION_TYPE_SM4, isSm4Key, type EncryptionType } from '../runtime/core/crypto';
import { OFD_TYPES, OFFICE_TYPES, normaliseAttachHost, type OfficeViewerConfig } from '../runtime/core/office';
import { IMPORT_MAX_ROWS, MAX_UPLOAD_MB, TOKEN_COOKIE_SECONDS } from '../runtime/core/constants';
import { readShellSettings, type ShellSettings } from './shell/shellConfig';
import { EXPORT_MAX_ROWS } from '../runtime/core/constants/exportLimits';

/** Everything the server reads from the environment, in one place (documented in README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploaded attachments. */
  dataDir: string;
  /** `postgres://…` switches from the embedded SQLite database to PostgreSQL. */
  databaseUrl?: string;
  /** Where the product schemas live. */
  schemaDir: string;
  /** Built browser app served at /; absent in API-only tests. */
  staticDir?: string;
  adminPassword: string;
  /** Password of the demo users other than admin. */
  demoPassword: string;
  /** Seconds a session lives (TOKEN cookie lifetime in the spec). */
  sessionSeconds: number;
  /** Largest attachment accepted, bytes (spec: 100 MB). */
  maxUploadBytes: number;
  /** UPLOAD_QUOTA_MB: attachment bytes one user may store in all (0: no quota). */
  uploadQuotaBytes: number;
  /** Fill an empty database with the demo organisation. */
  seedDemoData: boolean;
  /** Days the operation log is kept (the purgeOperationLog job removes older lines). */
  operationLogRetentionDays: number;
  /** Run scheduled tasks in this process (several processes may; a database lock runs each once). */
  schedulerEnabled: boolean;
  /** EXPORT_MAX_ROWS: most rows in one exported file; the browser warns before a larger export. */
  exportMaxRows: number;
  /** IMPORT_MAX_ROWS: most data rows one spreadsheet import takes (default 100,000); a longer file is refused at its first extra row. */
  importMaxRows: number;
  /** Three-role security: permission changes wait for the security administrator (SECURITY_REVIEW=0 turns it off). */
  securityReview: boolean;
  logger: boolean;
  /**
   * TRUST_PROXY: addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed.
   * Empty (the default): the client address is the socket's, whatever the header says — the
   * per-IP limits of sign-in, SMS and registration count real addresses, not chosen ones.
   */
  trustProxy: string[];
  /**
   * Look and clients of the browser shell: name, colour, dashboard, grey mode, watermark, chat apps
   * (server/shell, docs/SHELL.md). All but the chat apps seed a new database's system
   * configuration; after that the stored row is in force (server/sysConfig).
   */
  shell: ShellSettings;
  /**
   * Data encryption mode of the request layer (spec ENCRYPTION_TYPE): 0 plain, 1 SM4 — every
   * request value and every answer's `data` encrypted with `sm4Key` (docs/SM4.md). Initial value
   * only: the stored system configuration holds the mode and its key after the first start.
   */
  encryptionType: EncryptionType;
  /** SM4 key, 32 hex digits; required when encryptionType is 1, unused otherwise. */
  sm4Key?: string;
  /**
   * SECRET_KEY: the AES-256 key (64 hex digits) that seals stored credentials such as one's outside
   * mail password (server/security/secretBox.ts). Unset: a key generated at the first start and
   * kept in `<dataDir>/secret.key`. Servers sharing one database must share the key.
   */
  secretKey?: string;
  /**
   * Office viewer links (shell spec §7, docs/PREVIEWS.md): ATTACH_HOST, OFFICE_TYPE, OFD_TYPE,
   * OPEN_ON_LINE_FLAG. Without an attachment host every link opens the built-in previews.
   * Initial values of the stored system configuration, like `shell` and `encryptionType`.
   */
  officeViewer: OfficeViewerConfig;
  /** Outgoing SMS and e-mail (server/adapters): the outbox unless a real endpoint is configured. */
  messaging: MessagingConfig;
  /** Sign-in codes, password recovery, registration, licences, enterprise registration (server/account). */
  account: AccountConfig;
  /** City codes, location and weather (server/adapters/geo): providers over HTTP when configured. */
  geo: GeoConfig;
}

export const DEFAULT_ADMIN_PASSWORD = 'Admin@123';
export const DEFAULT_DEMO_PASSWORD = 'Demo@123';

/** ENCRYPTION_TYPE and SM4_KEY, checked: a half-configured SM4 mode stops the server at start. */
function readEncryption(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'encryptionType' | 'sm4Key'> {
  const type = (env.ENCRYPTION_TYPE ?? '').trim();
  const key = (env.SM4_KEY ?? '').trim();
  if (key !== '' && !isSm4Key(key)) throw new Error('SM4_KEY must be 32 hex digits (a 128-bit SM4 key)');
  if (type === '' || type === '0') return { encryptionType: ENCRYPTION_TYPE_PLAIN, sm4Key: key || undefined };
  if (type !== '1') throw new Error(`ENCRYPTION_TYPE must be 0 (plain) or 1 (SM4), not '${type}'`);
  if (key === '') throw new Error('ENCRYPTION_TYPE=1 (SM4 mode) needs SM4_KEY: 32 hex digits');
  return { encryptionType: ENCRYPTION_TYPE_SM4, sm4Key: key.toLowerCase() };
}

/** SECRET_KEY, checked: a malformed key stops the start rather than sealing with something else. */
function readSecretKey(value: string | undefined): string | undefined {
  const key = (value ?? '').trim();
  if (key === '') return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new Error('SECRET_KEY must be 64 hex digits (a 256-bit AES key), e.g. the output of `openssl rand -hex 32`');
  return key.toLowerCase();
}

const DEFAULT_UPLOAD_QUOTA_MB = 1024;

function readUploadQuota(value: string | undefined): number {
  const mb = Number(value ?? DEFAULT_UPLOAD_QUOTA_MB);
  if (!Number.isFinite(mb) || mb < 0) throw new Error('UPLOAD_QUOTA_MB must be a number of MB (0: no quota)');
  return Math.round(mb * 1024 * 1024);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    schemaDir: path.resolve(root, env.SCHEMA_DIR ?? 'schemas'),
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    sessionSeconds: Number(env.SESSION_SECONDS ?? TOKEN_COOKIE_SECONDS),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? MAX_UPLOAD_MB) * 1024 * 1024,
    uploadQuotaBytes: readUploadQuota(env.UPLOAD_QUOTA_MB),
    seedDemoData: env.SEED_DEMO_DATA !== '0',
    operationLogRetentionDays: Number(env.OPLOG_RETENTION_DAYS ?? 180),
    schedulerEnabled: env.SCHEDULER !== '0',
    exportMaxRows: readExportMaxRows(env.EXPORT_MAX_ROWS),
    importMaxRows: readImportMaxRows(env.IMPORT_MAX_ROWS),
    securityReview: env.SECURITY_REVIEW !== '0',
    logger: env.LOG_REQUESTS === '1',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    shell: readShellSettings(env),
    ...readEncryption(env),
    secretKey: readSecretKey(env.SECRET_KEY),
    officeViewer: readOfficeViewerConfig(env),
    messaging: readMessagingConfig(env),
    account: readAccountConfig(env),
    geo: readGeoConfig(env),
  };
}

function readExportMaxRows(value: string | undefined): number {
  const rows = Number(value ?? EXPORT_MAX_ROWS);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('EXPORT_MAX_ROWS must be a whole number of rows, at least 1');
  return rows;
}

function readImportMaxRows(value: string | undefined): number {
  const rows = Number(value ?? IMPORT_MAX_ROWS);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('IMPORT_MAX_ROWS must be a whole number of rows, at least 1');
  return rows;
}

/** TRUST_PROXY as a list Fastify's `trustProxy` takes; anything but IPs and CIDR ranges stops the start. */
export function readTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.1,192.168.0.0/16 (got '${entry}')`);
    }
  }
  return entries;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if (!(allowed as readonly string[]).includes(text)) throw new Error(`${name} must be one of ${allowed.join(', ')} (got '${value}')`);
  return text as T;
}

/** A wrong office setting stops the start with the variable's name rather than producing dead links. */
export function readOfficeViewerConfig(env: NodeJS.ProcessEnv): OfficeViewerConfig {
  const rawHost = (env.ATTACH_HOST ?? '').trim();
  const attachHost = normaliseAttachHost(rawHost);
  if (rawHost && !attachHost) throw new Error(`ATTACH_HOST must be an absolute http(s) URL without query (got '${rawHost}')`);
  const flag = (env.OPEN_ON_LINE_FLAG ?? '').trim();
  if (flag !== '' && flag !== '0' && flag !== '1') throw new Error(`OPEN_ON_LINE_FLAG must be 0 or 1 (got '${flag}')`);
  return {
    attachHost,
    officeType: oneOf('OFFICE_TYPE', env.OFFICE_TYPE, OFFICE_TYPES, 'builtin'),
    ofdType: oneOf('OFD_TYPE', env.OFD_TYPE, OFD_TYPES, 'builtin'),
    openOnLineFlag: flag !== '0',
  };
}

export interface MessagingConfig {
  /** `smtp://user:pass@host:587` or `smtps://…`: mail goes out over SMTP; unset = the outbox. */
  smtpUrl?: string;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** HTTP SMS gateway: POST JSON {phone, text}; unset = the outbox. */
  smsGatewayUrl?: string;
  /** Sent as `Authorization: Bearer …` to the gateway when set. */
  smsGatewayToken?: string;
  /** Milliseconds before a gateway or SMTP request counts as failed. */
  sendTimeoutMs: number;
}

export interface AccountConfig {
  /** Seconds an SMS code lives (5 minutes). */
  codeSeconds: number;
  /** Seconds a password-reset ticket (phone flow or e-mailed link) lives (30 minutes). */
  ticketSeconds: number;
  /** Wrong entries after which a code is void. */
  codeMaxAttempts: number;
  /** Seconds between two codes to one phone (or two mails to one account). */
  sendIntervalSeconds: number;
  /** Codes per phone (or mails per account) per calendar day. */
  sendDailyLimit: number;
  /** Codes and mails per client IP per hour. */
  sendIpHourlyLimit: number;
  /** Registrations per client IP per hour. */
  registerIpHourlyLimit: number;
  /** Wrong passwords for one account within `loginLockMinutes` that lock it for `loginLockMinutes` (0 = no limit). */
  loginMaxFailures: number;
  /** Wrong passwords from one client address within `loginLockMinutes` that lock the address (0 = no limit). */
  loginIpMaxFailures: number;
  /** Minutes failures are counted over, and minutes a lock lasts. */
  loginLockMinutes: number;
  /** Role code given to an approved registration when the administrator picked none. */
  registerDefaultRole: string;
  /** HMAC-SHA256 key software registration files are signed with; unset = uploads refused. */
  licenseKey?: string;
  /** Path prefix of the enterprise registration calls: /capi/{prefix}/enterprise/… */
  enterprisePrefix: string;
  /** Origin put in e-mailed links (`https://oa.example.com`); unset = the request's own origin. */
  publicUrl?: string;
}

/** A non-negative number from the environment, or the default when unset. */
function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number (got '${value}')`);
  return n;
}

export function readMessagingConfig(env: NodeJS.ProcessEnv): MessagingConfig {
  const url = (name: string, value: string | undefined, schemes: string[]): string | undefined => {
    const text = (value ?? '').trim();
    if (text === '') return undefined;
    // The URL may carry a password: the message shows the scheme and host only.
    if (!schemes.some((scheme) => text.startsWith(`${scheme}://`))) throw new Error(`${name} must start with ${schemes.map((x) => `${x}://`).join(' or ')}`);
    return text;
  };
  return {
    smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp', 'smtps']),
    mailFrom: env.MAIL_FROM?.trim() || 'OA Suite <noreply@localhost>',
    smsGatewayUrl: url('SMS_GATEWAY_URL', env.SMS_GATEWAY_URL, ['http', 'https']),
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
    sendTimeoutMs: count('SEND_TIMEOUT_MS', env.SEND_TIMEOUT_MS, 10_000),
  };
}

export function readAccountConfig(env: NodeJS.ProcessEnv): AccountConfig {
  const prefix = (env.ENTERPRISE_PREFIX ?? 'ent').trim().replace(/^\/+|\/+$/g, '');
  // get/set would shadow the /capi/{get|set}/… calls.
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(prefix) || prefix === 'get' || prefix === 'set') {
    throw new Error(`ENTERPRISE_PREFIX must be lower-case letters, digits or '-', and not get or set (got '${env.ENTERPRISE_PREFIX}')`);
  }
  const publicUrl = (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(publicUrl)) throw new Error(`PUBLIC_URL must be an absolute http(s) URL (got '${publicUrl}')`);
  return {
    codeSeconds: count('CODE_SECONDS', env.CODE_SECONDS, 300),
    ticketSeconds: count('RESET_TICKET_SECONDS', env.RESET_TICKET_SECONDS, 1800),
    codeMaxAttempts: Math.max(1, count('CODE_MAX_ATTEMPTS', env.CODE_MAX_ATTEMPTS, 5)),
    sendIntervalSeconds: count('SEND_INTERVAL_SECONDS', env.SEND_INTERVAL_SECONDS, 60),
    sendDailyLimit: count('SEND_DAILY_LIMIT', env.SEND_DAILY_LIMIT, 10),
    sendIpHourlyLimit: count('SEND_IP_HOURLY_LIMIT', env.SEND_IP_HOURLY_LIMIT, 30),
    registerIpHourlyLimit: count('REGISTER_IP_HOURLY_LIMIT', env.REGISTER_IP_HOURLY_LIMIT, 10),
    loginMaxFailures: Math.floor(count('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5)),
    loginIpMaxFailures: Math.floor(count('LOGIN_IP_MAX_FAILURES', env.LOGIN_IP_MAX_FAILURES, 30)),
    loginLockMinutes: Math.max(1, count('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, 15)),
    registerDefaultRole: (env.REGISTER_DEFAULT_ROLE ?? 'registrant').trim(),
    licenseKey: env.LICENSE_KEY || undefined,
    enterprisePrefix: prefix,
    publicUrl: publicUrl || undefined,
  };
}

export interface GeoConfig {
  /** Weather provider: GET with cityCode, cityName, lang (server/adapters/geo/README.md); unset = not configured. */
  weatherApiUrl?: string;
  /** Sent to the weather provider as `Authorization: Bearer …` when set. */
  weatherApiKey?: string;
  /** IP-location provider: GET with `ip`, answering a division code; unset = no IP lookup. */
  locationApiUrl?: string;
  /** The city of users who saved none and whom no IP lookup placed (six digits; 110100 Beijing). */
  defaultCityCode: string;
  /** Milliseconds before a weather or location provider request counts as failed. */
  timeoutMs: number;
  /** Seconds a city's weather (and an address's location) is reused before the provider is asked again. */
  weatherCacheSeconds: number;
}

export function readGeoConfig(env: NodeJS.ProcessEnv): GeoConfig {
  const url = (name: string, value: string | undefined): string | undefined => {
    const text = (value ?? '').trim();
    if (text === '') return undefined;
    // The URL may carry a key in its query: the message names the variable only.
    if (!/^https?:\/\/[^/?#]+/.test(text)) throw new Error(`${name} must be an absolute http(s) URL`);
    return text;
  };
  const defaultCityCode = (env.DEFAULT_CITY_CODE ?? '').trim() || '110100';
  // Whether the code exists is checked against the division table when the calls are registered.
  if (!/^\d{6}$/.test(defaultCityCode)) throw new Error(`DEFAULT_CITY_CODE must be a six-digit division code such as 110100 (got '${defaultCityCode}')`);
  return {
    weatherApiUrl: url('WEATHER_API_URL', env.WEATHER_API_URL),
    weatherApiKey: env.WEATHER_API_KEY?.trim() || undefined,
    locationApiUrl: url('LOCATION_API_URL', env.LOCATION_API_URL),
    defaultCityCode,
    timeoutMs: Math.max(1, count('GEO_TIMEOUT_MS', env.GEO_TIMEOUT_MS, 5000)),
    weatherCacheSeconds: count('WEATHER_CACHE_SECONDS', env.WEATHER_CACHE_SECONDS, 600),
  };
}
