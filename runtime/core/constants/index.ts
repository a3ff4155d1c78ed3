export * from './uploadRules';
