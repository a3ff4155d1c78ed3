import { useEffect, useRef } from 'react';
import type { RendererProps } from '../rendererProps';
import styles from '../preview.module.css';
import { neutraliseLinks } from './safeLinks';

/** Page chrome around docx-preview's output, inside the shadow root (the app's CSS never reaches in). */
const HOST_CSS = `
:host { display: block; }
.docx-preview-wrapper { background: transparent !important; padding: 0 !important; display: flex; flex-direction: column; align-items: center; }
.docx-preview-wrapper > section.docx-preview { margin-bottom: 16px !important; box-shadow: 0 1px 6px rgba(0,0,0,.15) !important; }
@media print {
  .docx-preview-wrapper > section.docx-preview { box-shadow: none !important; margin: 0 !important; }
}
`;

/**
 * A .docx drawn by docx-preview (Apache-2.0) into a shadow root, so its styles are scoped both
 * ways: the document's generated CSS cannot restyle the app, and the app's reset cannot restyle
 * the document. Pages keep their paper size and are scaled down to fit narrow screens.
 */
export function WordPreview({ blob, onReady, onFailure }: RendererProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    let live = true;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    root.replaceChildren();
    const chrome = document.createElement('style');
    chrome.textContent = HOST_CSS;
    const styleContainer = document.createElement('div');
    const body = document.createElement('div');
    body.setAttribute('data-testid', 'word-body');
    root.append(chrome, styleContainer, body);

    const fit = () => {
      const wrapper = body.querySelector<HTMLElement>('.docx-preview-wrapper');
      const pageWidth = Array.from(body.querySelectorAll<HTMLElement>('section.docx-preview')).reduce((max, s) => Math.max(max, s.offsetWidth), 0);
      if (!wrapper || !pageWidth) return;
      const available = host.clientWidth;
      wrapper.style.zoom = available > 0 && available < pageWidth + 8 ? String(Math.max(0.3, (available - 8) / pageWidth)) : '';
    };
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);

    void import('docx-preview').then(({ renderAsync }) => renderAsync(blob, body, styleContainer, {
      className: 'docx-preview',
      inWrapper: true,
      breakPages: true,
      ignoreLastRenderedPageBreak: true,
      renderHeaders: true,
      renderFooters: true,
      renderFootnotes: true,
      renderEndnotes: true,
      useBase64URL: false,
      experimental: true,
      // altChunks are HTML shown in an unsandboxed srcdoc iframe: script of the document would run on the app's origin.
      renderAltChunks: false,
    })).then(() => {
      if (!live) return;
      if (!body.querySelector('section')) throw new Error('the document has no body');
      neutraliseLinks(body);
      fit();
      observer?.observe(host);
      onReady();
    }).catch((error: unknown) => {
      if (live) onFailure(error);
    });
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [blob, onReady, onFailure]);

  return <div ref={hostRef} className={styles.wordHost} data-testid="word-host" />;
}
