import { isCronExpression } from './isCronExpression';
import { isSafeLink } from '../links/safeLink';
import { compileExpression, ExpressionError, isTruthy } from '../expression';
import type { EntityDef, FieldDef, FieldRule, FormFieldNode, OptionItem } from '../schema/types';
import { coerceField } from './coerceField';
import { collectFieldItems } from './collectFieldItems';
import { evaluateCondition } from './evaluateCondition';
import { hiddenFieldNames } from './hiddenFieldNames';
import { isEditableField } from './isEditableField';
import { isEmptyValue } from './isEmptyValue';
import type { ValidationIssue } from './ValidationIssue';

type Mode = 'insert' | 'update';

const MULTI_VALUE = new Set(['users', 'departments', 'attachments', 'tags']);

const patternCache = new Map<string, RegExp | null>();

/** Patterns are checked when the schema loads; one that still fails to compile is skipped, not fatal. */
function compiledPattern(source: string): RegExp | null {
  let compiled = patternCache.get(source);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(source);
    } catch {
      compiled = null;
    }
    patternCache.set(source, compiled);
  }
  return compiled;
}

interface Scope {
  mode: Mode;
  /** Values the expressions read: the record, or the sub-table row. */
  context: Record<string, unknown>;
  /** Field names of the record being checked, to tell "not sent" from "not a field" in update mode. */
  fieldNames: ReadonlySet<string>;
}

function ruleIssue(path: string, rule: FieldRule, fallbackReason: 'pattern' | 'rule'): ValidationIssue {
  return { field: path, reason: fallbackReason, message: rule.message || `validation.${fallbackReason}` };
}

/**
 * An expression rule is skipped while the field is empty (so "end >= start" waits for both),
 * and in update mode when it reads a field that was not sent — that field is not being changed,
 * and its stored value is not here to compare against.
 */
function checkRules(path: string, value: unknown, rules: FieldRule[], scope: Scope): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const rule of rules) {
    if (rule.pattern !== undefined && (typeof value === 'string' || typeof value === 'number')) {
      const pattern = compiledPattern(rule.pattern);
      if (pattern && !pattern.test(String(value))) issues.push(ruleIssue(path, rule, 'pattern'));
    }
    if (rule.expression === undefined || rule.expression.trim() === '') continue;
    let passed: boolean;
    try {
      const compiled = compileExpression(rule.expression);
      const unsent = scope.mode === 'update'
        && compiled.identifiers.some((name) => scope.fieldNames.has(name) && scope.context[name] === undefined);
      if (unsent) continue;
      passed = isTruthy(compiled.evaluate(scope.context));
    } catch (error) {
      // A rule that cannot be evaluated cannot be said to pass.
      if (!(error instanceof ExpressionError)) throw error;
      passed = false;
    }
    if (!passed) issues.push(ruleIssue(path, rule, 'rule'));
  }
  return issues;
}

function checkOptions(path: string, field: FieldDef, value: unknown, options: OptionItem[] | undefined): ValidationIssue[] {
  if (!options || options.length === 0) return [];
  const allowed = new Set(options.map((o) => String(o.value)));
  const chosen = MULTI_VALUE.has(field.type) && typeof value === 'string' ? value.split(',') : [value];
  const valid = chosen.every((v) => (typeof v === 'string' || typeof v === 'number') && allowed.has(String(v)));
  return valid ? [] : [{ field: path, reason: 'option', message: 'validation.option' }];
}

function checkField(
  field: FieldDef, item: FormFieldNode | undefined, raw: unknown, path: string, scope: Scope,
): ValidationIssue[] {
  if (raw === undefined && scope.mode === 'update') return [];
  const coerced = coerceField(field, raw, path);
  if (coerced.issues.length > 0) return coerced.issues;
  const value = coerced.value;

  if (isEmptyValue(value)) {
    // An auto-coded field left empty is numbered by the server when the record is stored.
    if (field.autoCode) return [];
    const required = field.required === true || evaluateCondition(item?.requiredWhen, scope.context);
    return required ? [{ field: path, reason: 'required', message: item?.message ?? 'validation.required' }] : [];
  }

  const issues: ValidationIssue[] = [];
  if (typeof value === 'string' && field.maxLength !== undefined && [...value].length > field.maxLength) {
    issues.push({ field: path, reason: 'maxLength', message: 'validation.maxLength', params: { max: field.maxLength } });
  }
  if (typeof value === 'number') {
    if (field.min !== undefined && value < field.min) {
      issues.push({ field: path, reason: 'min', message: 'validation.min', params: { min: field.min } });
    }
    if (field.max !== undefined && value > field.max) {
      issues.push({ field: path, reason: 'max', message: 'validation.max', params: { max: field.max } });
    }
  }
  if (field.type === 'attachments' && field.maxCount !== undefined && typeof value === 'string'
    && value.split(',').filter(Boolean).length > field.maxCount) {
    issues.push({ field: path, reason: 'max', message: 'validation.maxCount', params: { max: field.maxCount } });
  }
  if (field.format === 'cron' && typeof value === 'string' && !isCronExpression(value)) {
    issues.push({ field: path, reason: 'pattern', message: 'validation.cron' });
  }
  if (field.format === 'link' && typeof value === 'string' && !isSafeLink(value)) {
    issues.push({ field: path, reason: 'pattern', message: 'validation.link' });
  }
  issues.push(...checkOptions(path, field, value, item?.options ?? field.options));
  issues.push(...checkRules(path, value, [...(field.rules ?? []), ...(item?.rules ?? [])], scope));

  if (field.type === 'subTable' && Array.isArray(value)) {
    const subFields = (field.fields ?? []).filter(isEditableField);
    const subNames = new Set(subFields.map((f) => f.name));
    value.forEach((row: Record<string, unknown>, index) => {
      // Rows replace the whole table, so every row is checked as new.
      const rowScope: Scope = { mode: 'insert', context: row, fieldNames: subNames };
      for (const sub of subFields) issues.push(...checkField(sub, undefined, row[sub.name], `${path}.${index}.${sub.name}`, rowScope));
    });
  }
  return issues;
}

/**
 * The form's rules, applied by the server to every insert and update (and by the browser before
 * sending). A field is required when the field says so or its item's requiredWhen holds, unless
 * the item is hidden. In 'update' mode a field that was not sent (undefined) is not checked, but
 * one sent empty is. Values may be raw or already coerced; they are coerced again for the checks.
 */
export function validateRecord(entity: EntityDef, values: Record<string, unknown>, opts: { mode: Mode }): ValidationIssue[] {
  const items = new Map<string, FormFieldNode>();
  for (const item of collectFieldItems(entity.form)) if (!items.has(item.field)) items.set(item.field, item);
  const hidden = hiddenFieldNames(entity, values);
  const editable = entity.fields.filter(isEditableField);
  const scope: Scope = { mode: opts.mode, context: values, fieldNames: new Set(entity.fields.map((f) => f.name)) };
  const issues: ValidationIssue[] = [];
  for (const field of editable) {
    if (hidden.has(field.name)) continue;
    const raw = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    issues.push(...checkField(field, items.get(field.name), raw, field.name, scope));
  }
  return issues;
}
