export * from './menuRoutes';
export * from './myShortcut';
