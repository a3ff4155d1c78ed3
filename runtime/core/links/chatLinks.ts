/**
 * The chat-app clients (spec §2): /dapp for the workplace chat app (DingTalk-like), /wapp for the
 * social chat app (WeChat-Work-like), each with a message-jump handler at /{client}/login that
 * takes the chat app's auth `code` and the page to open.
 */
export type ChatClient = 'dapp' | 'wapp';
export const CHAT_CLIENTS: readonly ChatClient[] = ['dapp', 'wapp'];

/** The server's name of the chat app behind each client (server/adapters/chat). */
export const CHAT_APP_OF_CLIENT: Record<ChatClient, 'dingtalk' | 'wxwork'> = { dapp: 'dingtalk', wapp: 'wxwork' };

/**
 * `path` when it is a plain same-origin in-app path, else `fallback`: '//evil.example',
 * 'https://…', '/\\evil' and 'javascript:' are refused, so a crafted message cannot send a
 * freshly signed-in user elsewhere.
 */
export function safeInAppPath(path: string | null | undefined, fallback: string): string {
  const text = (path ?? '').trim();
  if (!text.startsWith('/') || text.startsWith('//') || text.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(text)) return fallback;
  return text;
}

/** Query parameters a jump link may name its target with: ours, and `state` (OAuth redirects carry it there). */
const TARGET_PARAMS = ['redirect', 'target', 'state'] as const;

export interface ChatJump {
  client: ChatClient;
  code: string | null;
  /** The in-app page to open after sign-in; the client's home when none (or an unsafe one) is given. */
  target: string;
}

/** Reads /dapp/login?code=…&redirect=/app/news/details?newsId=1 (or …&state=…). */
export function parseChatJump(client: ChatClient, search: string): ChatJump {
  const query = new URLSearchParams(search);
  const code = query.get('code')?.trim() || null;
  const home = `/${client}`;
  const raw = TARGET_PARAMS.map((name) => query.get(name)).find((value) => value !== null && value.trim() !== '');
  const target = safeInAppPath(raw, home);
  // Landing on a login page again after signing in would loop.
  return { client, code, target: /^\/(?:login|[dw]app\/login)(?:[/?#]|$)/.test(target) ? home : target };
}

/** The jump link a chat message carries: `/dapp/login?redirect=<target>` (the chat app appends its code). */
export function chatJumpPath(client: ChatClient, target: string): string {
  return `/${client}/login?${new URLSearchParams({ redirect: safeInAppPath(target, `/${client}`) }).toString()}`;
}
