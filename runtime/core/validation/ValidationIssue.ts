export type ValidationReason =
  | 'required' | 'maxLength' | 'min' | 'max' | 'number' | 'integer'
  | 'date' | 'datetime' | 'time' | 'option' | 'pattern' | 'rule' | 'json';

/**
 * One problem with one field. `field` is the field name, or a dotted path into a sub-table row
 * ('items.0.qty', Formily's path form). `message` is an i18n key interpolated with `params`.
 */
export interface ValidationIssue {
  field: string;
  reason: ValidationReason;
  message: string;
  params?: Record<string, unknown>;
}
