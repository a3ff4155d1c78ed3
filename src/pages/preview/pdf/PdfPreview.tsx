import { ColumnWidthOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PreviewToolbar } from '../PreviewToolbar';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { useElementWidth } from '../useElementWidth';
import { useZoom } from '../useZoom';
import { UnreadableFileError } from '../xml';
import { openPdf, pdfjs } from './pdfAssets';

/** PDF points to CSS pixels (72 → 96 per inch), as pdf.js's own viewer does. */
const CSS_UNITS = 96 / 72;
/** Pages closer than this to the visible area are drawn before they scroll in. */
const PRELOAD_MARGIN = '600px 0px';
/** With more pages than this, sizes of pages not yet drawn are taken from page 1. */
const MAX_MEASURED_PAGES = 300;

interface PageSize { width: number; height: number }

interface PdfPageProps {
  doc: PDFDocumentProxy;
  number: number;
  size: PageSize;
  scale: number;
  eager: boolean;
  onDrawn(number: number, size: PageSize): void;
  onError(error: unknown): void;
}

/** One page: a placeholder of the right size, drawn (canvas + selectable text) when near the view. */
function PdfPage({ doc, number, size, scale, eager, onDrawn, onError }: PdfPageProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (eager || near) return undefined;
    const frame = frameRef.current;
    if (!frame || typeof IntersectionObserver === 'undefined') { setNear(true); return undefined; }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { setNear(true); observer.disconnect(); }
    }, { rootMargin: PRELOAD_MARGIN });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [eager, near]);

  useEffect(() => {
    if (!near) return undefined;
    let cancelled = false;
    let task: RenderTask | undefined;
    let textLayer: InstanceType<typeof pdfjs.TextLayer> | undefined;
    void (async () => {
      try {
        const page = await doc.getPage(number);
        if (cancelled) return;
        const viewport = page.getViewport({ scale: scale * CSS_UNITS });
        const canvas = canvasRef.current;
        const text = textRef.current;
        if (!canvas || !text) return;
        const ratio = Math.min(window.devicePixelRatio || 1, 3);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        task = page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
        await task.promise;
        if (cancelled) return;
        text.replaceChildren();
        textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
        await textLayer.render();
        if (cancelled) return;
        const base = page.getViewport({ scale: CSS_UNITS });
        setDone(true);
        onDrawn(number, { width: base.width, height: base.height });
      } catch (error) {
        if (cancelled || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
        onError(error);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
  }, [doc, number, scale, near, onDrawn, onError]);

  const style = {
    width: Math.floor(size.width * scale),
    height: Math.floor(size.height * scale),
    '--total-scale-factor': scale * CSS_UNITS,
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;
  return (
    <div className={styles.pdfPageWrap}>
      <div ref={frameRef} className={styles.pdfPage} style={style} data-testid="pdf-page" data-page={number} data-drawn={done ? 'yes' : near ? 'pending' : 'no'}>
        <canvas ref={canvasRef} />
        <div ref={textRef} className="textLayer" />
      </div>
      <div className={styles.pdfPageNumber}>{t('preview.pdf.page', { number })}</div>
    </div>
  );
}

/** Every page of a PDF, drawn lazily as it scrolls near, with zoom and the page count. */
export function PdfPreview({ data, mobile, printMode, onReady, onFailure }: RendererProps) {
  const { t } = useTranslation();
  const areaRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(areaRef);
  const { zoom, zoomIn, zoomOut, fit } = useZoom();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const drawn = useRef(new Set<number>());

  useEffect(() => {
    let live = true;
    const loading = openPdf(data);
    loading.promise.then(async (pdf) => {
      const first = (await pdf.getPage(1)).getViewport({ scale: CSS_UNITS });
      const measured: PageSize[] = Array.from({ length: pdf.numPages }, () => ({ width: first.width, height: first.height }));
      if (pdf.numPages <= MAX_MEASURED_PAGES) {
        await Promise.all(measured.map(async (_, i) => {
          if (i === 0) return;
          const viewport = (await pdf.getPage(i + 1)).getViewport({ scale: CSS_UNITS });
          measured[i] = { width: viewport.width, height: viewport.height };
        }));
      }
      if (!live) return;
      setSizes(measured);
      setDoc(pdf);
    }).catch((error: unknown) => {
      if (!live) return;
      const name = error instanceof Error ? error.name : '';
      onFailure(name === 'PasswordException' ? new UnreadableFileError(t('preview.pdf.password'), { userFacing: true }) : error);
    });
    return () => {
      live = false;
      void loading.destroy();
    };
  }, [data, onFailure, t]);

  const widest = sizes.reduce((max, s) => Math.max(max, s.width), 0) || 816;
  const fitScale = width > 0 ? Math.max(0.25, Math.min(3, (width - (mobile ? 0 : 32)) / widest)) : 1;
  // On PC "fit" never blows a page up beyond 150 %.
  const scale = zoom ?? (mobile ? fitScale : Math.min(fitScale, 1.5));

  const onDrawn = useMemo(() => (number: number, size: PageSize) => {
    drawn.current.add(number);
    setSizes((current) => (current[number - 1] && (current[number - 1].width !== size.width || current[number - 1].height !== size.height)
      ? current.map((s, i) => (i === number - 1 ? size : s)) : current));
    if (!printMode ? drawn.current.size === 1 : drawn.current.size === sizes.length) onReady();
  }, [onReady, printMode, sizes.length]);

  return (
    <div>
      <PreviewToolbar>
        <Tooltip title={t('preview.zoomOut')}><Button size="small" icon={<ZoomOutOutlined />} onClick={() => zoomOut(scale)} aria-label={t('preview.zoomOut')} data-testid="pdf-zoom-out" /></Tooltip>
        <span data-testid="pdf-zoom" style={{ minWidth: 48, textAlign: 'center' }}>{Math.round(scale * 100)}%</span>
        <Tooltip title={t('preview.zoomIn')}><Button size="small" icon={<ZoomInOutlined />} onClick={() => zoomIn(scale)} aria-label={t('preview.zoomIn')} data-testid="pdf-zoom-in" /></Tooltip>
        <Tooltip title={t('preview.fitWidth')}><Button size="small" icon={<ColumnWidthOutlined />} onClick={fit} aria-label={t('preview.fitWidth')} /></Tooltip>
        {doc ? <span data-testid="pdf-page-count">{t('preview.pdf.pages', { count: doc.numPages })}</span> : null}
      </PreviewToolbar>
      <div ref={areaRef} className={styles.pdfPages} data-testid="pdf-pages" style={{ overflowX: 'auto' }}>
        {doc ? sizes.map((size, i) => (
          <PdfPage key={i + 1} doc={doc} number={i + 1} size={size} scale={scale} eager={printMode} onDrawn={onDrawn} onError={onFailure} />
        )) : null}
      </div>
    </div>
  );
}
