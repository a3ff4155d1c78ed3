export * from './vote';
