import { Empty } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { useElementWidth } from '../useElementWidth';
import { isBrowserImage } from '../xml';
import { readPptx, type Box, type Presentation, type Slide, type SlideShape, type TextParagraph } from './readPptx';

/** EMU per CSS pixel (914400 per inch, 96 px per inch). */
const EMU_PER_PX = 9525;
const PT_TO_PX = 96 / 72;

function boxStyle(box: Box | undefined, fallback: Box): CSSProperties {
  const b = box ?? fallback;
  return { left: b.x / EMU_PER_PX, top: b.y / EMU_PER_PX, width: b.w / EMU_PER_PX, height: b.h / EMU_PER_PX };
}

function Paragraphs({ paragraphs, defaultSize }: { paragraphs: TextParagraph[]; defaultSize: number }) {
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} style={{ textAlign: p.align, paddingLeft: p.level * 24 }}>
          {p.bullet && p.runs.length ? '• ' : null}
          {p.runs.length === 0 ? '\u00a0' : p.runs.map((r, k) => (
            <span
              key={k}
              style={{
                fontSize: (r.size ?? defaultSize) * PT_TO_PX,
                fontWeight: r.bold ? 700 : undefined,
                fontStyle: r.italic ? 'italic' : undefined,
                textDecoration: r.underline ? 'underline' : undefined,
                color: r.color,
              }}
            >
              {r.text}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}

function ShapeView({ shape, slideBox, images }: { shape: SlideShape; slideBox: Box; images: Map<string, string> }) {
  const { t } = useTranslation();
  const titleFallback: Box = { x: slideBox.w * 0.05, y: slideBox.h * 0.04, w: slideBox.w * 0.9, h: slideBox.h * 0.18 };
  const bodyFallback: Box = { x: slideBox.w * 0.05, y: slideBox.h * 0.25, w: slideBox.w * 0.9, h: slideBox.h * 0.7 };
  if (shape.kind === 'text') {
    const title = shape.placeholder === 'title' || shape.placeholder === 'ctrTitle';
    return (
      <div className={styles.slideShape} style={{ ...boxStyle(shape.box, title ? titleFallback : bodyFallback), background: shape.fill, display: 'flex', flexDirection: 'column', justifyContent: title ? 'center' : 'flex-start' }}>
        <Paragraphs paragraphs={shape.paragraphs} defaultSize={title ? 32 : 18} />
      </div>
    );
  }
  if (shape.kind === 'image') {
    const url = images.get(shape.path);
    return (
      <div className={styles.slideShape} style={{ ...boxStyle(shape.box, bodyFallback), padding: 0 }}>
        {url ? <img src={url} alt={shape.description ?? ''} data-testid="ppt-image" />
          : <div className={styles.missingImage}>{t('preview.ppt.imageUnavailable', { type: shape.mimeType })}</div>}
      </div>
    );
  }
  return (
    <div className={styles.slideShape} style={{ ...boxStyle(shape.box, bodyFallback), padding: 0, overflow: 'visible' }}>
      <table className={styles.slideTable} style={{ fontSize: 14 * PT_TO_PX, tableLayout: shape.columnWidths.length ? 'fixed' : undefined }}>
        {shape.columnWidths.length ? <colgroup>{shape.columnWidths.map((w, i) => <col key={i} style={{ width: w / EMU_PER_PX }} />)}</colgroup> : null}
        <tbody>{shape.rows.map((row, r) => <tr key={r}>{row.map((cell, c) => <td key={c}>{cell}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

function SlideCard({ slide, total, presentation, images, width }: { slide: Slide; total: number; presentation: Presentation; images: Map<string, string>; width: number }) {
  const { t } = useTranslation();
  const slideBox: Box = { x: 0, y: 0, w: presentation.width, h: presentation.height };
  const designWidth = presentation.width / EMU_PER_PX;
  const designHeight = presentation.height / EMU_PER_PX;
  const frameWidth = Math.min(width, 1100);
  const scale = frameWidth > 0 ? frameWidth / designWidth : 1;
  return (
    <section className={styles.slideCard} data-testid="ppt-slide" data-slide={slide.number}>
      <div className={styles.slideLabel}>{t('preview.ppt.slide', { number: slide.number, total })}</div>
      <div className={styles.slideFrame} style={{ aspectRatio: `${designWidth} / ${designHeight}`, background: slide.background ?? '#fff' }}>
        <div className={styles.slideCanvas} style={{ width: designWidth, height: designHeight, transform: `scale(${scale})` }}>
          {slide.shapes.map((shape, i) => <ShapeView key={i} shape={shape} slideBox={slideBox} images={images} />)}
        </div>
      </div>
    </section>
  );
}

/**
 * A .pptx as slide cards: every slide at its aspect ratio, with its text boxes, pictures and
 * tables in place (read with jszip from the package's XML; see readPptx for what is drawn).
 */
export function PptPreview({ data, onReady, onFailure }: RendererProps) {
  const { t } = useTranslation();
  const areaRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(areaRef);
  const [presentation, setPresentation] = useState<Presentation | null>(null);
  const [images, setImages] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    void (async () => {
      try {
        const read = await readPptx(data);
        const paths = new Set(read.slides.flatMap((s) => s.shapes.flatMap((sh) => (sh.kind === 'image' && isBrowserImage(sh.path) ? [sh.path] : []))));
        const loaded = new Map<string, string>();
        for (const path of paths) {
          const bytes = await read.readMedia(path);
          if (!bytes) continue;
          const shape = read.slides.flatMap((s) => s.shapes).find((sh) => sh.kind === 'image' && sh.path === path);
          const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: shape?.kind === 'image' ? shape.mimeType : undefined }));
          urls.push(url);
          loaded.set(path, url);
        }
        if (!live) return;
        setImages(loaded);
        setPresentation(read);
        onReady();
      } catch (error) {
        if (live) onFailure(error);
      }
    })();
    return () => {
      live = false;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [data, onReady, onFailure]);

  return (
    <div ref={areaRef} className={styles.slides} data-testid="ppt-slides">
      {presentation && presentation.slides.length === 0 ? <Empty description={t('preview.ppt.noSlides')} /> : null}
      {presentation?.slides.map((slide) => (
        <SlideCard key={slide.number} slide={slide} total={presentation.slides.length} presentation={presentation} images={images} width={width} />
      ))}
    </div>
  );
}
