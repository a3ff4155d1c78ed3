export * from './menuRoutes';
