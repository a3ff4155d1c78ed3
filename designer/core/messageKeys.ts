import { DESIGN_ERROR_CODES } from './errors';
import { EXPRESSION_CHECK_CODES } from './expressionCheck';
import { FIELD_PALETTE } from './fieldPalette';
import { nodeKinds } from './nodeKinds';

/**
 * Every i18n key the model hands the screens — node kind names, property labels, palette
 * entries, refusal codes, expression problems — so the locale part (locales/parts/designer.*)
 * can be checked against it by a test instead of by a user meeting a raw key.
 */
export function designerCoreMessageKeys(): string[] {
  const keys = new Set<string>([
    ...nodeKinds().flatMap((spec) => [spec.label, ...spec.properties.map((p) => p.label), ...spec.properties.flatMap((p) => p.choices?.map((c) => c.label) ?? [])]),
    ...FIELD_PALETTE.map((entry) => entry.label),
    ...DESIGN_ERROR_CODES,
    ...EXPRESSION_CHECK_CODES,
  ]);
  return [...keys].sort();
}
