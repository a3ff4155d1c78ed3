import { Alert } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { MAX_TEXT_BYTES, decodeText } from './decodeText';

/** Plain text files (.txt .csv .log …): their text, as text (never as HTML). */
export function TextPreview({ data, onReady }: RendererProps) {
  const { t } = useTranslation();
  const decoded = useMemo(() => decodeText(data), [data]);
  useEffect(() => { onReady(); }, [onReady]);
  return (
    <div>
      {decoded.truncated ? <Alert className={styles.notice} type="info" showIcon message={t('preview.text.truncated', { kb: MAX_TEXT_BYTES / 1024 })} /> : null}
      <pre className={styles.textBlock} data-testid="preview-text">{decoded.text}</pre>
    </div>
  );
}
