import { assertLoginAllowed } from '../system/maintenance';
import type { CallHandler, CallRequest } from '../calls/CallHandler';
import { loadUserByAccount } from '../auth/loadPrincipal';
import { ApiError } from '../http/ApiError';
import { sessionAnswer } from '../system/sessionCalls';
import { isChatAppName, type ChatAppAdapter, type ChatAppName } from '../adapters/chat';
import { assertChatLoginOpen, noteChatLogin } from '../people/chatAccountLogin';

/** Failed code attempts allowed per client address and window before it is refused for the window. */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 10 * 60_000;
const MAX_CODE_LENGTH = 200;

/** Older names the chat clients send for the two apps. */
const APP_ALIASES: Record<string, ChatAppName> = { dingtalk: 'dingtalk', dingding: 'dingtalk', dd: 'dingtalk', wxwork: 'wxwork', wx: 'wxwork', wechat: 'wxwork' };

/** Counts failed code attempts per address, so configured codes cannot be guessed by trying. */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();
  constructor(private readonly max = MAX_FAILURES, private readonly windowMs = FAILURE_WINDOW_MS) {}

  blocked(key: string, now = Date.now()): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (now - entry.since > this.windowMs) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.max;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || now - entry.since > this.windowMs) this.failures.set(key, { count: 1, since: now });
    else entry.count += 1;
  }
}

async function chatLogin(request: CallRequest, adapters: ReadonlyMap<ChatAppName, ChatAppAdapter>, throttle: FailureThrottle, app: ChatAppName) {
  const code = String(request.params.code ?? '').trim();
  if (code === '' || code.length > MAX_CODE_LENGTH) throw ApiError.business('shell.chat.missingCode');
  const address = request.raw.ip;
  if (throttle.blocked(address)) throw ApiError.business('shell.chat.tooManyAttempts');
  const adapter = adapters.get(app);
  if (!adapter) throw ApiError.business('shell.chat.unknownApp', { app });
  const chatUser = await adapter.resolveUser(code);
  const user = chatUser ? await loadUserByAccount(request.ctx, chatUser.accountId) : undefined;
  if (!chatUser || !user) {
    throttle.fail(address);
    throw ApiError.business('shell.chat.badCode');
  }
  if (Number(user.status) !== 1) throw ApiError.business('login.disabled');
  await assertChatLoginOpen(request.ctx, app, String(user.userId));
  await assertLoginAllowed(request.ctx, user);
  const session = await sessionAnswer(request, user, null, 'chat');
  await noteChatLogin(request.ctx, app, String(user.userId));
  return session;
}

/**
 * The chat-app sign-in calls (spec modules §7 "Chat"): the client passes the auth `code` the chat
 * app gave it; the adapter names the suite user; the answer is a session like /get/system/login.
 * - doAppLogin {app: dingtalk|wxwork, code}
 * - getDingDingUserInfo {code}, getWxUserInfo {code}: the same for one app each.
 */
export function chatLoginCalls(adapters: ReadonlyMap<ChatAppName, ChatAppAdapter>): Record<string, CallHandler> {
  const throttle = new FailureThrottle();
  const fixed = (app: ChatAppName): CallHandler => ({ auth: 'public', handle: (request) => chatLogin(request, adapters, throttle, app) });
  return {
    doAppLogin: {
      auth: 'public',
      async handle(request) {
        const raw = String(request.params.app ?? '').trim().toLowerCase();
        const app = APP_ALIASES[raw];
        if (!app || !isChatAppName(app)) throw ApiError.business('shell.chat.unknownApp', { app: raw || '?' });
        return chatLogin(request, adapters, throttle, app);
      },
    },
    getDingDingUserInfo: fixed('dingtalk'),
    getWxUserInfo: fixed('wxwork'),
  };
}
