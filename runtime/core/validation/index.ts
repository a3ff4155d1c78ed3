/**
 * Coercion of submitted values to their storage form and validation of records by the schema's
 * rules — one implementation for the browser and the server, so both refuse the same input.
 */
export type { ValidationIssue, ValidationReason } from './ValidationIssue';
export { collectFieldItems } from './collectFieldItems';
export { coerceValue } from './coerceValue';
export { coerceRecord } from './coerceRecord';
export { hiddenFieldNames } from './hiddenFieldNames';
export { validateRecord } from './validateRecord';
export { issueFieldLabel, type TranslateLabel } from './issueFieldLabel';
export { normaliseDate, normaliseDateTime, normaliseTime, isDateOnly } from './dateStrings';
