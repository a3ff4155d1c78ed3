import { Input } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkExpression } from '../../core';
import { LazyExpressionInput } from '../monaco/lazyEditors';
import { useDesignState } from '../state/useDesignState';
import styles from '../designer.module.css';

/** The rows a box shows for `text`: its line count, between `min` and `max`. */
export function linesOf(text: string, min: number, max: number): number {
  return Math.min(max, Math.max(min, text.split('\n').length));
}

/**
 * An expression of the safe evaluator (hiddenWhen, requiredWhen, a rule): Monaco with completion
 * of the form's field keys and the evaluator's helpers, checked live by the same parser the
 * runtime and the server use (never evaluated here); the first problem shows under it. Monaco
 * starts when the box is focused: selecting a node stays instant however many expressions it has.
 */
export function ExpressionEditor({ value, onChange, extraNames }: {
  value: string;
  onChange(value: string): void;
  /** Names the context holds besides the fields: a flow guard's `opinion`. */
  extraNames?: readonly string[];
}) {
  const { t } = useTranslation();
  const fields = useDesignState((state) => state.document.entity.fields);
  const extra = extraNames?.join(',') ?? '';
  const fieldKeys = useMemo(() => [...fields.map((field) => field.name), ...(extra ? extra.split(',') : [])], [fields, extra]);
  const check = value.trim() === '' ? undefined : checkExpression(value, fieldKeys);
  const problem = check && !check.ok ? check : undefined;
  const [editing, setEditing] = useState(false);
  const plain = (
    // Rows from the text's lines, not antd's autoSize: autoSize measures each box (a forced style
    // and layout of the whole page, 200 canvas fields included) every time a selection mounts the panel.
    <Input.TextArea variant="borderless" value={value} rows={linesOf(value, 1, 6)} style={{ fontFamily: 'monospace' }} onFocus={() => setEditing(true)}
      onChange={(event) => onChange(event.target.value)} />
  );
  return (
    <div>
      <div className={styles.expressionBox}>
        {/* Until Monaco has loaded, the plain box keeps the property editable. */}
        {editing ? <Suspense fallback={plain}><LazyExpressionInput value={value} fieldKeys={fieldKeys} onChange={onChange} /></Suspense> : plain}
      </div>
      {problem && <div className={styles.expressionError} role="alert">{t(problem.code, { ...problem.detail, defaultValue: problem.message }) as string}</div>}
    </div>
  );
}
