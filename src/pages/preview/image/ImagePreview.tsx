import { ColumnWidthOutlined, ExpandOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnreadableFileError } from '../xml';
import { PreviewToolbar } from '../PreviewToolbar';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { useElementWidth } from '../useElementWidth';
import { useZoom } from '../useZoom';

const TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp', svg: 'image/svg+xml', tif: 'image/tiff', tiff: 'image/tiff',
};

/** A picture fitted to the width (never enlarged beyond its own size), with zoom in/out and 1:1. */
export function ImagePreview({ blob, facts, onReady, onFailure }: RendererProps) {
  const { t } = useTranslation();
  const stageRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(stageRef);
  const { zoom, zoomIn, zoomOut, fit, actual } = useZoom();
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const ext = facts.extName.toLowerCase();
  // The server sends octet-stream; the type makes SVG and the rest decode as pictures.
  const url = useMemo(() => URL.createObjectURL(new Blob([blob], { type: TYPES[ext] ?? blob.type })), [blob, ext]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  const fitScale = natural && width > 0 ? Math.min(1, width / natural.width) : 1;
  const scale = zoom ?? fitScale;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
      <PreviewToolbar>
        <Tooltip title={t('preview.zoomOut')}><Button size="small" icon={<ZoomOutOutlined />} onClick={() => zoomOut(scale)} aria-label={t('preview.zoomOut')} data-testid="image-zoom-out" /></Tooltip>
        <span style={{ minWidth: 48, textAlign: 'center' }} data-testid="image-zoom">{Math.round(scale * 100)}%</span>
        <Tooltip title={t('preview.zoomIn')}><Button size="small" icon={<ZoomInOutlined />} onClick={() => zoomIn(scale)} aria-label={t('preview.zoomIn')} data-testid="image-zoom-in" /></Tooltip>
        <Tooltip title={t('preview.fitWidth')}><Button size="small" icon={<ColumnWidthOutlined />} onClick={fit} aria-label={t('preview.fitWidth')} /></Tooltip>
        <Tooltip title={t('preview.actualSize')}><Button size="small" icon={<ExpandOutlined />} onClick={actual} aria-label={t('preview.actualSize')} /></Tooltip>
        {natural ? <span>{natural.width} × {natural.height}</span> : null}
      </PreviewToolbar>
      <div ref={stageRef} className={styles.imageStage}>
        <img
          src={url}
          alt={facts.name}
          data-testid="preview-image"
          style={natural ? { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale), maxWidth: 'none' } : { maxWidth: '100%' }}
          onLoad={(event) => {
            const img = event.currentTarget;
            setNatural({ width: img.naturalWidth, height: img.naturalHeight });
            onReady();
          }}
          onError={() => onFailure(new UnreadableFileError(t('preview.image.unavailable', { ext }), { userFacing: true }))}
        />
      </div>
    </div>
  );
}
