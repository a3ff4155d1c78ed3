export * from './layout';
export * from './PortalLayoutError';
export * from './widgetSettings';
export * from './layoutHistory';
