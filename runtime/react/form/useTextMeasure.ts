import { theme } from 'antd';
import { useMemo } from 'react';
import type { TextMeasure } from './labelColumn';

/** Full-width characters (CJK, kana, hangul, full-width forms) are one em wide. */
const FULL_WIDTH = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * Widths of texts in the theme's body font, for sizing label columns before anything renders.
 * A canvas measures without laying out the page (no forced layout, unlike measuring rendered
 * labels); where there is none (server-side or jsdom renders) a per-character estimate stands in.
 */
export function useTextMeasure(): TextMeasure {
  const { token } = theme.useToken();
  const { fontSize, fontFamily } = token;
  return useMemo(() => {
    const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    if (context) {
      context.font = `${fontSize}px ${fontFamily}`;
      return (text: string) => context.measureText(text).width;
    }
    return (text: string) => [...text].reduce((width, char) => width + (FULL_WIDTH.test(char) ? fontSize : fontSize * 0.6), 0);
  }, [fontSize, fontFamily]);
}
