import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UnreadableFileError } from '../xml';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';

const AUDIO = new Set(['mp3', 'wav', 'ogg', 'm4a']);
const TYPES: Record<string, string> = {
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', m4a: 'audio/mp4',
};

/** Video and audio the browser can play itself; others (mkv, avi, wmv …) say so and offer the download. */
export function MediaPreview({ blob, facts, onReady, onFailure }: RendererProps) {
  const { t } = useTranslation();
  const ext = facts.extName.toLowerCase();
  const url = useMemo(() => URL.createObjectURL(new Blob([blob], { type: TYPES[ext] ?? blob.type })), [blob, ext]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const fail = () => onFailure(new UnreadableFileError(t('preview.media.unavailable', { ext }), { userFacing: true }));
  return AUDIO.has(ext)
    ? <audio className={styles.media} src={url} controls onLoadedMetadata={onReady} onError={fail} data-testid="preview-media" style={{ width: '100%', maxWidth: 640, marginTop: 48 }} />
    : <video className={styles.media} src={url} controls onLoadedMetadata={onReady} onError={fail} data-testid="preview-media" style={{ maxHeight: 'calc(100vh - 120px)' }} />;
}
