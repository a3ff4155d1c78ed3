import { compileExpression, ExpressionError } from '../../core/expression';
import { isSafeLink } from '../../core/links/safeLink';
import type { FieldDef, FieldRule, FormFieldNode } from '../../core/schema/types';
import type { Translate } from '../format/Translate';

/** A Formily validator description: plain data naming a built-in rule or our `expression` rule. */
export type ValidatorDescription = Record<string, unknown> & { message: string };

const TEXT_TYPES: ReadonlySet<FieldDef['type']> = new Set(['string', 'text', 'richText']);
const NUMBER_TYPES: ReadonlySet<FieldDef['type']> = new Set(['integer', 'number', 'money']);

function ruleValidator(field: FieldDef, rule: FieldRule, translate: Translate): ValidatorDescription[] {
  const out: ValidatorDescription[] = [];
  if (rule.expression !== undefined) {
    // Parsed now so a broken rule fails when the form is built, naming the field, not on first input.
    try {
      compileExpression(rule.expression);
    } catch (error) {
      if (error instanceof ExpressionError) throw new ExpressionError(error.code, `rule of field "${field.name}": ${error.message}`);
      throw error;
    }
    out.push({ expression: rule.expression, message: translate(rule.message || 'validation.rule') });
  }
  if (rule.pattern !== undefined) {
    try {
      new RegExp(rule.pattern);
    } catch (error) {
      throw new Error(`pattern rule of field "${field.name}" is not a valid regular expression (${(error as Error).message}): ${rule.pattern}`);
    }
    out.push({ pattern: rule.pattern, message: translate(rule.message || 'validation.pattern') });
  }
  return out;
}

/**
 * The validators of one field. The `required` entry is always present (false when optional) so
 * that a `requiredWhen` reaction flipping `required` keeps the item's own message: Formily
 * updates an existing `required` description in place instead of adding its default one.
 */
export function fieldValidators(field: FieldDef, item: FormFieldNode | undefined, translate: Translate): ValidatorDescription[] {
  const validators: ValidatorDescription[] = [{
    // An auto-coded field may stay empty: the server numbers it.
    required: field.required === true && !field.autoCode,
    message: translate(item?.message ?? 'validation.required'),
  }];
  if (field.maxLength !== undefined && TEXT_TYPES.has(field.type)) {
    validators.push({ maxLength: field.maxLength, message: translate('validation.maxLength', { max: field.maxLength }) });
  }
  if (NUMBER_TYPES.has(field.type)) {
    if (field.min !== undefined) validators.push({ minimum: field.min, message: translate('validation.min', { min: field.min }) });
    if (field.max !== undefined) validators.push({ maximum: field.max, message: translate('validation.max', { max: field.max }) });
  }
  if (field.format === 'link') {
    // The server's rule (runtime/core/validation), shown while typing; an empty value is the `required` entry's concern.
    const validator = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'string' && isSafeLink(value));
    validators.push({ validator, message: translate('validation.link') });
  }
  for (const rule of [...(field.rules ?? []), ...(item?.rules ?? [])]) {
    validators.push(...ruleValidator(field, rule, translate));
  }
  return validators;
}
