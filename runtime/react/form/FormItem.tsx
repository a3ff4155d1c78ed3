import { isField, type GeneralField } from '@formily/core';
import { observer, useField } from '@formily/react';
import type { CSSProperties, ReactNode } from 'react';
import styles from './FormItem.module.css';

export interface FormItemProps {
  style?: CSSProperties;
  'data-testid'?: string;
  children?: ReactNode;
}

function errorsOf(field: GeneralField): string[] {
  return isField(field) && !field.validating ? field.selfErrors.filter(Boolean) : [];
}

/**
 * The decorator of every form field: label (with the asterisk while required), control, tips and
 * error message. Formily's FormItem measures each label after it renders to decide on an
 * overflow tooltip, a forced layout per field; here the label column has one width for the form
 * (the longest label's, see labelColumn.ts), so no rendered label is measured.
 * As an observer it re-renders with its own field only.
 */
export const FormItem = observer(function FormItem({ style, 'data-testid': testId, children }: FormItemProps) {
  const field = useField();
  const errors = errorsOf(field);
  const required = isField(field) && field.required;
  const classes = errors.length > 0 ? `${styles.item} ${styles.error}` : styles.item;
  return (
    <div className={classes} style={style} data-testid={testId}>
      {field.title ? (
        <div className={styles.label}>
          {required && <span className={styles.asterisk}>*</span>}
          <label>{field.title}</label>
        </div>
      ) : null}
      <div className={styles.control}>
        {children}
        {field.description ? <div className={styles.extra}>{field.description}</div> : null}
        {errors.length > 0 ? <div className={styles.help} role="alert">{errors.join(', ')}</div> : null}
      </div>
    </div>
  );
});
