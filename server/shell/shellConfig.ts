import { DEFAULT_THEME_COLOR } from '../../runtime/core/constants';
import { isHexColor, parseGreyEndTime } from '../../runtime/core/theme';
import { CHAT_APPS, type ChatAppName, type ChatConfig } from '../adapters/chat/ChatAppAdapter';

/**
 * The look and behaviour of the browser shell, from the environment (docs/SHELL.md): product
 * name, theme colour, dashboard, grey mode, watermark, and the chat-app clients. All but the chat
 * apps are only the initial values of the stored system configuration (server/sysConfig): a new
 * database's configuration row is made from them, and after that the row is in force.
 */
export interface ShellSettings {
  /** '' = the translated default name. */
  appName: string;
  /** #rrggbb, the theme colour when the user has saved none. */
  appColor: string;
  /** In-app path '/' leads to; '' = /dashboard. */
  dashboardUrl: string;
  /** Epoch ms until which the interface is grey; 0 = never. */
  greyEndTime: number;
  waterMark: { enabled: boolean; content: string; subtext: string };
  chat: ChatConfig;
}

function flag(name: string, value: string | undefined): boolean {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return false;
  if (text === '1') return true;
  throw new Error(`${name} must be 0 or 1 (got '${value}')`);
}

function readAppColor(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_THEME_COLOR;
  if (!isHexColor(text)) throw new Error(`APP_COLOR must be a hex colour like #00C6AE (got '${value}')`);
  return text.startsWith('#') ? text : `#${text}`;
}

/** Only in-app paths: '/' would redirect to itself, '//host' and 'https://…' would leave the suite. */
export function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && path !== '/';
}

function readDashboardUrl(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return '';
  if (!isInAppPath(text)) throw new Error(`DASHBOARD_URL must be an in-app path like /dashboard (got '${value}')`);
  return text;
}

function readGreyEndTime(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return 0;
  const end = parseGreyEndTime(text);
  if (end === null) throw new Error(`GREY_END_TIME must be a date-time like 2025-04-04 23:59:59 (got '${value}')`);
  return end;
}

/** CHAT_DEV_CODES = "code1=accountId1,code2=accountId2": the development adapter's test codes. */
export function readDevCodes(value: string | undefined): Map<string, string> {
  const codes = new Map<string, string>();
  for (const entry of (value ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const [code, accountId, ...rest] = entry.split('=').map((part) => part.trim());
    if (!code || !accountId || rest.length > 0) throw new Error(`CHAT_DEV_CODES entries must be code=accountId (got '${entry.trim()}')`);
    codes.set(code, accountId);
  }
  return codes;
}

const ENV_PREFIX: Record<ChatAppName, string> = { dingtalk: 'DINGTALK', wxwork: 'WXWORK' };

function readChat(env: NodeJS.ProcessEnv): ChatConfig {
  const apps = Object.fromEntries(CHAT_APPS.map((app) => {
    const prefix = ENV_PREFIX[app];
    const read = (name: string) => (env[`${prefix}_${name}`] ?? '').trim();
    return [app, { corpId: read('CORP_ID'), appKey: read('APP_KEY'), appSecret: read('APP_SECRET'), agentId: read('AGENT_ID') }];
  })) as ChatConfig['apps'];
  return { apps, devCodes: readDevCodes(env.CHAT_DEV_CODES) };
}

/** Reads and checks the shell settings; a wrong value stops the start naming the variable. */
export function readShellSettings(env: NodeJS.ProcessEnv): ShellSettings {
  return {
    appName: (env.APP_NAME ?? '').trim().slice(0, 100),
    appColor: readAppColor(env.APP_COLOR),
    dashboardUrl: readDashboardUrl(env.DASHBOARD_URL),
    greyEndTime: readGreyEndTime(env.GREY_END_TIME),
    waterMark: {
      enabled: flag('WATER_MARK', env.WATER_MARK),
      content: (env.WATER_MARK_CONTENT ?? '').trim().slice(0, 100),
      subtext: (env.WATER_MARK_SUBTEXT ?? '').trim().slice(0, 100),
    },
    chat: readChat(env),
  };
}
