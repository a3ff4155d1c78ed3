import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Outbox } from '../mail/outbox';
import type {
  ChatAppAdapter, ChatAppCredentials, ChatAppName, ChatDepartment, ChatGroupOperation, ChatMember, ChatMessage, ChatUser,
} from './ChatAppAdapter';

/** One line of the chat outbox: what a real adapter would have sent. */
export interface ChatOutboxEntry extends ChatMessage {
  app: ChatAppName;
  agentId: string;
  time: string;
}

export type ChatDirectoryOperation = 'upsertDepartment' | 'removeDepartment' | 'upsertUser' | 'removeUser'
  | ChatGroupOperation['operation'] | 'jsapiTicket';

/** One directory operation the development adapter recorded instead of sending. */
export interface ChatDirectoryEntry {
  app: ChatAppName;
  operation: ChatDirectoryOperation;
  /** The suite id of the department or user. */
  target: string;
  payload: ChatDepartment | ChatMember | { deptId: string } | { userId: string } | ChatGroupOperation | { ticket: string };
  corpId: string;
  time: string;
}

/**
 * The development adapter: auth codes come from a local table of configured test codes
 * (CHAT_DEV_CODES, code → accountId), and messages are not sent but recorded — in memory and as
 * JSON lines in `{DATA_DIR}/outbox/chat-{app}.jsonl` — so the flows can be tried without a chat
 * app. Directory operations (department and user sync) are recorded the same way and, when an
 * outbox is given, as rows of the outbox (channel = the app), readable under 系统管理 › 发件箱.
 * The configured corpId/agentId are recorded; the key and secret never are.
 */
export class DevelopmentChatAdapter implements ChatAppAdapter {
  readonly sent: ChatOutboxEntry[] = [];
  readonly directory: ChatDirectoryEntry[] = [];
  private readonly outboxFile: string;

  constructor(
    readonly app: ChatAppName,
    private readonly credentials: ChatAppCredentials,
    private readonly codes: ReadonlyMap<string, string>,
    dataDir: string,
    private readonly outbox?: Outbox,
  ) {
    this.outboxFile = path.join(dataDir, 'outbox', `chat-${app}.jsonl`);
  }

  async resolveUser(code: string): Promise<ChatUser | null> {
    const accountId = this.codes.get(code.trim());
    return accountId ? { accountId, chatUserId: `dev-${this.app}-${accountId}` } : null;
  }

  async sendMessage(message: ChatMessage): Promise<void> {
    const entry: ChatOutboxEntry = { ...message, app: this.app, agentId: this.credentials.agentId, time: new Date().toISOString() };
    this.sent.push(entry);
    await this.outbox?.write({ channel: this.app, recipient: message.toAccountIds.join(','), subject: message.title, body: `${message.text}\n${message.url}` });
    await this.appendLine(entry);
  }

  upsertDepartment(dept: ChatDepartment): Promise<void> {
    return this.record('upsertDepartment', dept.deptId, dept.name, dept);
  }

  removeDepartment(deptId: string): Promise<void> {
    return this.record('removeDepartment', deptId, deptId, { deptId });
  }

  upsertUser(member: ChatMember): Promise<void> {
    return this.record('upsertUser', member.userId, `${member.name} (${member.accountId})`, member);
  }

  removeUser(userId: string): Promise<void> {
    return this.record('removeUser', userId, userId, { userId });
  }

  /** A ticket derived from the configured corp and agent: the same each time, so tests can check the signature. */
  async jsapiTicket(): Promise<string> {
    const ticket = `dev-jsapi-${this.app}-${createHash('sha256').update(`${this.credentials.corpId}/${this.credentials.agentId}`).digest('hex').slice(0, 16)}`;
    await this.record('jsapiTicket', this.credentials.agentId, 'jsapiTicket', { ticket });
    return ticket;
  }

  /** Records the group operation; a new chat's id is derived from the suite's group id. */
  async groupChat(operation: ChatGroupOperation): Promise<{ chatId: string }> {
    const chatId = operation.chatId ?? `dev-chat-${this.app}-${operation.groupId}`;
    await this.record(operation.operation, chatId, operation.name, { ...operation, chatId });
    return { chatId };
  }

  get outboxPath(): string {
    return this.outboxFile;
  }

  private async record(operation: ChatDirectoryOperation, target: string, title: string, payload: ChatDirectoryEntry['payload']): Promise<void> {
    const entry: ChatDirectoryEntry = { app: this.app, operation, target, payload, corpId: this.credentials.corpId, time: new Date().toISOString() };
    this.directory.push(entry);
    await this.outbox?.write({ channel: this.app, recipient: target, subject: `${operation} ${title}`, body: JSON.stringify(entry) });
    await this.appendLine(entry);
  }

  private async appendLine(entry: object): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.outboxFile), { recursive: true });
    await fs.promises.appendFile(this.outboxFile, `${JSON.stringify(entry)}\n`, 'utf8');
  }
}
