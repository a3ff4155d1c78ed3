import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { isBrowserImage } from '../xml';
import { readOfd, type OfdDocument, type OfdFont, type OfdObject, type OfdPage } from './readOfd';

/** Font names common in Chinese official documents, with fallbacks a browser is likely to have. */
const FAMILY_FALLBACKS: [RegExp, string][] = [
  [/宋|song|simsun|serif/i, '"SimSun", "Songti SC", "STSong", "Noto Serif CJK SC", "Source Han Serif SC", serif'],
  [/仿宋|fang/i, '"FangSong", "FangSong_GB2312", "STFangsong", "Noto Serif CJK SC", serif'],
  [/楷|kai/i, '"KaiTi", "KaiTi_GB2312", "STKaiti", "Noto Serif CJK SC", serif'],
  [/黑|hei|yahei|sans/i, '"SimHei", "Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", sans-serif'],
];

function quote(name: string): string {
  return `"${name.replace(/["\\]/g, '')}"`;
}

function fontFamily(font: OfdFont | undefined, embedded: Map<string, string>): string {
  const names: string[] = [];
  if (font && embedded.has(font.id)) names.push(quote(embedded.get(font.id)!));
  if (font?.name) names.push(quote(font.name));
  if (font?.family && font.family !== font.name) names.push(quote(font.family));
  // 仿宋 and 楷体 must be tried before 宋体 (their names contain 宋 too).
  const label = `${font?.name ?? ''} ${font?.family ?? ''}`;
  const ordered = [FAMILY_FALLBACKS[1], FAMILY_FALLBACKS[2], FAMILY_FALLBACKS[0], FAMILY_FALLBACKS[3]];
  names.push(ordered.find(([re]) => re.test(label))?.[1] ?? '"SimSun", "Noto Serif CJK SC", serif');
  return names.join(', ');
}

function transformOf(object: OfdObject): string {
  const { x, y } = object.boundary;
  const ctm = object.ctm ? ` matrix(${object.ctm.join(' ')})` : '';
  return `translate(${x} ${y})${ctm}`;
}

function ObjectView({ object, images, embedded }: { object: OfdObject; images: Map<string, string>; embedded: Map<string, string> }) {
  if (object.kind === 'text') {
    return (
      <g transform={transformOf(object)}>
        {object.codes.map((code, i) => (
          <text
            key={i}
            x={code.xs ? code.xs.join(' ') : code.x}
            y={code.ys ? code.ys.join(' ') : code.y}
            fontSize={object.size}
            fill={object.color}
            fontFamily={fontFamily(object.font, embedded)}
            fontWeight={object.bold ? 700 : undefined}
            fontStyle={object.italic ? 'italic' : undefined}
          >
            {code.text}
          </text>
        ))}
      </g>
    );
  }
  if (object.kind === 'path') {
    return (
      <g transform={transformOf(object)}>
        <path d={object.d} stroke={object.stroke ?? 'none'} fill={object.fill ?? 'none'} strokeWidth={object.lineWidth} vectorEffect={object.ctm ? 'non-scaling-stroke' : undefined} />
      </g>
    );
  }
  const url = images.get(object.path);
  if (!url) return null;
  // An image fills the unit square of its CTM (or, without one, its boundary).
  return object.ctm
    ? <g transform={transformOf(object)}><image href={url} x={0} y={0} width={1} height={1} preserveAspectRatio="none" /></g>
    : <image href={url} x={object.boundary.x} y={object.boundary.y} width={object.boundary.w} height={object.boundary.h} preserveAspectRatio="none" />;
}

function PageView({ page, total, images, embedded }: { page: OfdPage; total: number; images: Map<string, string>; embedded: Map<string, string> }) {
  const { t } = useTranslation();
  const { x, y, w, h } = page.box;
  return (
    <section className={styles.ofdPage} style={{ maxWidth: `${Math.round(w * 3.78 * 1.25)}px` }} data-testid="ofd-page" data-page={page.number} aria-label={t('preview.ofd.page', { number: page.number, total })}>
      <svg viewBox={`${x} ${y} ${w} ${h}`} xmlns="http://www.w3.org/2000/svg" role="img">
        <rect x={x} y={y} width={w} height={h} fill="#fff" />
        {page.objects.map((object, i) => <ObjectView key={i} object={object} images={images} embedded={embedded} />)}
      </svg>
    </section>
  );
}

/**
 * An OFD document drawn as SVG pages in millimetres: text at its positions (each glyph where
 * the file places it), lines and frames, and images; embedded fonts are used when the browser
 * accepts them. See readOfd for what is not interpreted.
 */
export function OfdPreview({ data, onReady, onFailure }: RendererProps) {
  const [doc, setDoc] = useState<OfdDocument | null>(null);
  const [images, setImages] = useState<Map<string, string>>(new Map());
  const [embedded, setEmbedded] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    const faces: FontFace[] = [];
    void (async () => {
      try {
        const read = await readOfd(data);
        const loaded = new Map<string, string>();
        const paths = new Set(read.pages.flatMap((p) => p.objects.flatMap((o) => (o.kind === 'image' && isBrowserImage(o.path) ? [o.path] : []))));
        for (const path of paths) {
          const bytes = await read.readPart(path);
          if (!bytes) continue;
          const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
          urls.push(url);
          loaded.set(path, url);
        }
        const fonts = new Map<string, string>();
        if (typeof FontFace !== 'undefined') {
          for (const font of read.fonts) {
            if (!font.file) continue;
            const bytes = await read.readPart(font.file);
            if (!bytes) continue;
            const family = `ofd-embedded-${font.id}-${Math.random().toString(36).slice(2, 8)}`;
            try {
              const face = new FontFace(family, bytes as unknown as ArrayBuffer);
              await face.load();
              document.fonts.add(face);
              faces.push(face);
              fonts.set(font.id, family);
            } catch {
              // A font the browser refuses (Type 1, a broken subset): the named and fallback families are used.
            }
          }
        }
        if (!live) return;
        setImages(loaded);
        setEmbedded(fonts);
        setDoc(read);
        onReady();
      } catch (error) {
        if (live) onFailure(error);
      }
    })();
    return () => {
      live = false;
      urls.forEach((url) => URL.revokeObjectURL(url));
      faces.forEach((face) => document.fonts.delete(face));
    };
  }, [data, onReady, onFailure]);

  return (
    <div className={styles.ofdPages} data-testid="ofd-pages">
      {doc?.pages.map((page) => <PageView key={page.number} page={page} total={doc.pages.length} images={images} embedded={embedded} />)}
    </div>
  );
}
