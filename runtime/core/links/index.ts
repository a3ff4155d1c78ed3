export * from './messageLinks';
export * from './chatLinks';
export * from './safeLink';
export * from './recordLinks';
