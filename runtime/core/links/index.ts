export * from './messageLinks';
export * from './chatLinks';
