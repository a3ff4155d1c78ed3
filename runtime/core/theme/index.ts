export * from './colorShades';
export * from './greyMode';
