import { Descriptions, Result } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { extensionGroupOf } from '../../../runtime/core/constants';
import type { AttachmentFacts } from './fetchAttachment';
import { formatFileSize } from './fileSize';
import { isLegacyOfficeFormat } from './previewKinds';
import styles from './preview.module.css';
import { decodeText, looksLikeText } from './text/decodeText';
import { UnreadableFileError } from './xml';

const MODERN: Record<string, string> = { documents: 'docx', spreadsheets: 'xlsx', presentations: 'pptx' };

export interface UnsupportedPreviewProps {
  facts: AttachmentFacts;
  /** unsupported: no renderer for the format; unreadable: the renderer could not read this file. */
  reason: 'unsupported' | 'unreadable';
  error?: unknown;
  download: ReactNode;
  mobile: boolean;
  /** The file's bytes, when loaded: a file that is plain text shows its text. */
  data?: ArrayBuffer;
}

/**
 * What a file that cannot be drawn shows instead of a blank page: why, the file's name, size and
 * type, its text when it is plain text, and the download button.
 */
export function UnsupportedPreview({ facts, reason, error, download, mobile, data }: UnsupportedPreviewProps) {
  const { t } = useTranslation();
  const ext = facts.extName.toLowerCase();
  const legacy = isLegacyOfficeFormat(ext);
  const text = useMemo(() => {
    if (!data || reason !== 'unsupported') return null;
    const bytes = new Uint8Array(data, 0, Math.min(data.byteLength, 8192));
    return looksLikeText(bytes) && data.byteLength > 0 ? decodeText(data) : null;
  }, [data, reason]);

  const hint = reason === 'unreadable'
    ? t('preview.unreadableHint')
    : legacy ? t('preview.legacyHint', { ext, modern: MODERN[extensionGroupOf(ext) ?? ''] ?? 'docx' }) : t('preview.unsupportedHint');
  const detail = reason === 'unreadable' && error instanceof UnreadableFileError && error.userFacing ? error.message : null;

  return (
    <div className={styles.panel} data-testid="preview-unsupported" data-reason={reason}>
      <Result
        status={reason === 'unreadable' ? 'warning' : 'info'}
        title={reason === 'unreadable' ? t('preview.unreadable') : t('preview.unsupported')}
        subTitle={<span data-testid="preview-unsupported-hint">{hint}</span>}
        extra={download}
        style={mobile ? { padding: '24px 0' } : undefined}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('preview.fileName')}>{facts.name}</Descriptions.Item>
        <Descriptions.Item label={t('preview.fileSize')}>{formatFileSize(facts.fileSize)}</Descriptions.Item>
        <Descriptions.Item label={t('preview.fileType')}>{ext ? `.${ext}` : '—'}</Descriptions.Item>
      </Descriptions>
      {detail ? <p style={{ color: '#4e5969', marginTop: 12 }} data-testid="preview-unreadable-detail">{detail}</p> : null}
      {text ? (
        <>
          <h4 style={{ marginTop: 16 }}>{t('preview.textExtract')}</h4>
          <pre className={styles.textBlock} data-testid="preview-text">{text.text}</pre>
        </>
      ) : null}
    </div>
  );
}
