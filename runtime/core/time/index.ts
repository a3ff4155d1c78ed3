export * from './relativeTime';
