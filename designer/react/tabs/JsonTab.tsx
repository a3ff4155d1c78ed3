import { Alert, Button, Space, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DesignOperationError, fromEntityDocument, toEntityDocument } from '../../core';
import type { JsonProblem } from '../monaco/JsonEditor';
import { LazyJsonEditor } from '../monaco/lazyEditors';
import { operationErrorText, useApply } from '../state/useApply';
import { useDesignStore } from '../state/useDesignState';
import styles from '../designer.module.css';

/**
 * The whole entity document as JSON (what a file holds). 应用 parses it and replaces the design
 * in one undoable step; a syntax error or a document the model refuses is shown, nothing changes.
 */
export function JsonTab() {
  const { t } = useTranslation();
  const store = useDesignStore();
  const apply = useApply();
  const print = () => JSON.stringify(toEntityDocument(store.getState().document), null, 2);
  const [text, setText] = useState(print);
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);
  // Monaco's syntax check of the text, which says where: JSON.parse often does not.
  const [problems, setProblems] = useState<JsonProblem[]>([]);

  const applyText = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (failure) {
      const first = problems[0];
      setError(t('designer.json.syntax', { detail: first ? `${first.line}:${first.column} ${first.message}` : (failure as SyntaxError).message }));
      return;
    }
    try {
      if (apply({ type: 'replace', document: fromEntityDocument(parsed) })) setError(undefined);
    } catch (failure) {
      if (!(failure instanceof DesignOperationError)) throw failure;
      setError(operationErrorText(t, failure));
    }
  };
  const reload = () => { setText(print()); setError(undefined); setVersion((v) => v + 1); };

  return (
    <div className={styles.jsonBox} data-testid="design-json">
      <Space>
        <Button type="primary" onClick={applyText} data-testid="design-json-apply">{t('designer.json.apply')}</Button>
        <Button onClick={reload}>{t('designer.json.reload')}</Button>
        <span style={{ color: '#8c8c8c' }}>{t('designer.json.hint')}</span>
      </Space>
      {error && <Alert type="error" showIcon message={error} data-testid="design-json-error" />}
      <div className={styles.jsonEditor}>
        <Suspense fallback={<Spin />}><LazyJsonEditor path={`file:///design/${version}.json`} value={text} onChange={setText} onProblems={setProblems} /></Suspense>
      </div>
    </div>
  );
}
