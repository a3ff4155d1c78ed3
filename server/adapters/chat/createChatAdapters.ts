import { CHAT_APPS, type ChatAppAdapter, type ChatAppName, type ChatConfig } from './ChatAppAdapter';
import { DevelopmentChatAdapter } from './DevelopmentChatAdapter';

/**
 * One adapter per chat app. Only the development adapter exists (docs/SHELL.md explains why no
 * HTTP adapter ships yet): it accepts the configured test codes and records outgoing messages.
 */
export function createChatAdapters(config: ChatConfig, dataDir: string): Map<ChatAppName, ChatAppAdapter> {
  return new Map(CHAT_APPS.map((app) => [app, new DevelopmentChatAdapter(app, config.apps[app], config.devCodes, dataDir)]));
}
