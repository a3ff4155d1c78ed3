export * from './ChatAppAdapter';
export { DevelopmentChatAdapter, type ChatOutboxEntry, type ChatDirectoryEntry, type ChatDirectoryOperation } from './DevelopmentChatAdapter';
export { createChatAdapters } from './createChatAdapters';
