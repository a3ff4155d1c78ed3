import { useState, type Ref } from 'react';
import { looksLikeHtml } from '../../core/richText';
import styles from './richText.module.css';
import { useAttachmentImages } from './useAttachmentImages';

export interface RichTextViewProps {
  /** HTML cleaned by the server's allow-list (server/entity/sanitiseHtml.ts) on every write. */
  html: string;
  'data-testid'?: string;
}

/**
 * A stored rich text as its author formatted it, without its uploaded images (pages outside the
 * signed-in shell, such as the registration agreement). The value is the server's cleaned HTML —
 * no script, handler or javascript: link survives a write — and the page's Content-Security-Policy
 * forbids inline scripts besides. Text written before the field held HTML keeps its line breaks.
 */
export function RichTextHtml({ html, 'data-testid': testId, containerRef }: RichTextViewProps & { containerRef?: Ref<HTMLDivElement> }) {
  if (!looksLikeHtml(html)) return <div className={styles.plain} data-testid={testId}>{html}</div>;
  return <div ref={containerRef} className={`rich-text ${styles.view}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A stored rich text with its uploaded images, fetched with the reader's session. */
export function RichTextView(props: RichTextViewProps) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  useAttachmentImages(container, props.html);
  return <RichTextHtml {...props} containerRef={setContainer} />;
}
