export { codePeriod, formatCode } from './formatCode';
export type { CodeRuleSpec } from './formatCode';
