/**
 * The two chat apps the suite's mobile clients run inside (spec §2: /dapp for the workplace chat
 * app, DingTalk-like; /wapp for the social chat app, WeChat-Work-like). The server talks to them
 * only through this interface, so the rest of the suite never sees their protocols.
 */
export const CHAT_APPS = ['dingtalk', 'wxwork'] as const;
export type ChatAppName = (typeof CHAT_APPS)[number];

export function isChatAppName(value: unknown): value is ChatAppName {
  return typeof value === 'string' && (CHAT_APPS as readonly string[]).includes(value);
}

/** The credentials a chat app issues to an integrated application (from configuration). */
export interface ChatAppCredentials {
  corpId: string;
  appKey: string;
  appSecret: string;
  agentId: string;
}

export interface ChatConfig {
  apps: Record<ChatAppName, ChatAppCredentials>;
  /** Development adapter: auth codes it accepts, mapped to the suite's accountId. */
  devCodes: ReadonlyMap<string, string>;
}

/** A chat user resolved from an auth code: who they are in the suite. */
export interface ChatUser {
  accountId: string;
  /** The user's id inside the chat app. */
  chatUserId: string;
}

/** A work notice with a jump link (a message-jump handler path such as /dapp/login?redirect=…). */
export interface ChatMessage {
  toAccountIds: string[];
  title: string;
  text: string;
  url: string;
}

/**
 * A department as the suite sends it to a chat app's directory. Ids are the suite's: a real
 * adapter keeps the mapping to the chat app's own ids (server/adapters/chat/README.md).
 */
export interface ChatDepartment {
  deptId: string;
  /** null: a top department of the unit, placed under the chat app's root department. */
  parentId: string | null;
  name: string;
  /** Position among its siblings (the suite's sort number). */
  order: number;
}

/** A user as the suite sends it to a chat app's directory. */
export interface ChatMember {
  userId: string;
  accountId: string;
  name: string;
  deptId: string | null;
  mobile: string | null;
  email: string | null;
  /** false: disabled in the suite; the chat app keeps the member but disables it. */
  active: boolean;
  order: number;
}

/** The directory operations of a chat app: each is idempotent (an upsert of an existing entry updates it). */
export interface ChatDirectory {
  upsertDepartment(dept: ChatDepartment): Promise<void>;
  /** Removing an entry the chat app does not have is not an error. */
  removeDepartment(deptId: string): Promise<void>;
  upsertUser(member: ChatMember): Promise<void>;
  removeUser(userId: string): Promise<void>;
}

/** A group chat the suite manages (ChatGroup): made in the app, stopped (closed to messages) or opened again. */
export interface ChatGroupOperation {
  operation: 'createGroup' | 'stopGroup' | 'openGroup';
  /** The suite's id of the group record. */
  groupId: string;
  /** The app's id of the chat; null until it is made. */
  chatId: string | null;
  name: string;
  ownerAccountId: string;
  memberAccountIds: string[];
}

export interface ChatAppAdapter extends ChatDirectory {
  readonly app: ChatAppName;
  /**
   * The suite user behind an auth code that the chat app gave the client (query `code`), or null
   * when the code is unknown, expired or used.
   */
  resolveUser(code: string): Promise<ChatUser | null>;
  /** Sends a work notice to suite users through the chat app. */
  sendMessage(message: ChatMessage): Promise<void>;
  /** The JS-API ticket a client page signs its JS-API configuration with (getDdJSAPITicket, getWxJSAPITicket). */
  jsapiTicket?(): Promise<string>;
  /** Makes, stops or reopens a group chat (server/modules/chat); answers the chat's id in the app. */
  groupChat?(operation: ChatGroupOperation): Promise<{ chatId: string }>;
}
