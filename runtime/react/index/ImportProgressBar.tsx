import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the dialog knows of an import: the upload's percentage, then the server's phase and counts. */
export type ImportProgressState =
  | { phase: 'uploading'; percent: number }
  | { phase: 'parsing' | 'checking' | 'writing' | 'done' | 'refused' | 'failed'; parsed: number; read: number; checked: number; written: number };

/** A job id for one import (the server keeps its progress under it); random, so not guessable. */
export function newImportJob(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One bar over the whole import: the upload fills the first quarter; reading and checking, which
 * the server does together slice by slice, the next part by `read`, the share of the rows the
 * sheet declares (0 when it declares none: the bar then waits while the counts move); writing the
 * rest row by row — so the bar never runs backwards.
 */
const SPAN = { uploading: [0, 25], reading: [25, 70], writing: [70, 100] } as const;

function percentOf(progress: ImportProgressState): number {
  if (progress.phase === 'uploading') return Math.round(SPAN.uploading[1] * (progress.percent / 100));
  const fraction = (done: number) => (progress.parsed ? Math.min(1, done / progress.parsed) : 0);
  const at = (span: readonly [number, number], part: number) => Math.round(span[0] + (span[1] - span[0]) * part);
  switch (progress.phase) {
    case 'parsing':
    case 'checking': return at(SPAN.reading, Math.min(1, progress.read / 100));
    case 'writing': return at(SPAN.writing, fraction(progress.written));
    default: return 100;
  }
}

export function ImportProgressBar({ progress }: { progress: ImportProgressState }) {
  const { t } = useTranslation();
  const text = progress.phase === 'uploading'
    ? t('runtime.import.phase.uploading', { percent: progress.percent })
    : t(`runtime.import.phase.${progress.phase === 'refused' || progress.phase === 'failed' ? 'checking' : progress.phase}`, {
      parsed: progress.parsed, checked: progress.checked, written: progress.written,
    });
  return (
    <div data-testid="import-progress" data-phase={progress.phase} style={{ marginTop: 16 }}>
      <Progress percent={percentOf(progress)} status="active" showInfo={false} />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}
