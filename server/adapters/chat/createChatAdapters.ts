import type { Outbox } from '../mail/outbox';
import { CHAT_APPS, type ChatAppAdapter, type ChatAppName, type ChatConfig } from './ChatAppAdapter';
import { DevelopmentChatAdapter } from './DevelopmentChatAdapter';

/**
 * One adapter per chat app. Only the development adapter exists (docs/SHELL.md explains why no
 * HTTP adapter ships yet; README.md here says what one must map): it accepts the configured test
 * codes and records outgoing messages and directory operations (in `outbox` when given).
 */
export function createChatAdapters(config: ChatConfig, dataDir: string, outbox?: Outbox): Map<ChatAppName, ChatAppAdapter> {
  return new Map(CHAT_APPS.map((app) => [app, new DevelopmentChatAdapter(app, config.apps[app], config.devCodes, dataDir, outbox)]));
}
