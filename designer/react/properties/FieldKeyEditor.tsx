import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignOperationError } from '../../core';
import { operationErrorText } from '../state/useApply';
import { useDesignStore } from '../state/useDesignState';
import styles from '../designer.module.css';

/**
 * The field's key (its column and data binding). A rename is one renameField operation when the
 * input is left or Enter pressed, and rewrites every place naming the key (expressions, list,
 * details …); a refusal (taken, not an identifier) shows under the input and the key stays.
 */
export function FieldKeyEditor({ name }: { name: string }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string>();
  useEffect(() => { setDraft(name); setError(undefined); }, [name]);
  const commit = () => {
    const to = draft.trim();
    if (to === name) return;
    try {
      store.apply({ type: 'renameField', from: name, to });
      setError(undefined);
    } catch (failure) {
      if (!(failure instanceof DesignOperationError)) throw failure;
      setError(operationErrorText(t, failure));
    }
  };
  return (
    <div>
      <Input value={draft} status={error ? 'error' : undefined} data-testid="design-field-key"
        onChange={(event) => setDraft(event.target.value)} onBlur={commit} onPressEnter={commit} />
      {error && <div className={styles.expressionError} role="alert">{error}</div>}
    </div>
  );
}
