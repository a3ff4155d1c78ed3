export * from './ChatAppAdapter';
export { DevelopmentChatAdapter, type ChatOutboxEntry } from './DevelopmentChatAdapter';
export { createChatAdapters } from './createChatAdapters';
