import fs from 'node:fs';
import path from 'node:path';
import type { ChatAppAdapter, ChatAppCredentials, ChatAppName, ChatMessage, ChatUser } from './ChatAppAdapter';

/** One line of the chat outbox: what a real adapter would have sent. */
export interface ChatOutboxEntry extends ChatMessage {
  app: ChatAppName;
  agentId: string;
  time: string;
}

/**
 * The development adapter: auth codes come from a local table of configured test codes
 * (CHAT_DEV_CODES, code → accountId), and messages are not sent but recorded — in memory and as
 * JSON lines in `{DATA_DIR}/outbox/chat-{app}.jsonl` — so the flows can be tried without a chat
 * app. The configured corpId/agentId are recorded with each message; the secret never is.
 */
export class DevelopmentChatAdapter implements ChatAppAdapter {
  readonly sent: ChatOutboxEntry[] = [];
  private readonly outboxFile: string;

  constructor(
    readonly app: ChatAppName,
    private readonly credentials: ChatAppCredentials,
    private readonly codes: ReadonlyMap<string, string>,
    dataDir: string,
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
    await fs.promises.mkdir(path.dirname(this.outboxFile), { recursive: true });
    await fs.promises.appendFile(this.outboxFile, `${JSON.stringify(entry)}\n`, 'utf8');
  }

  get outboxPath(): string {
    return this.outboxFile;
  }
}
