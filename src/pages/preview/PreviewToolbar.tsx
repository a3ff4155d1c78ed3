import type { ReactNode } from 'react';
import styles from './preview.module.css';

/** The strip under the page header with a renderer's own controls (zoom, page count). */
export function PreviewToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar} data-testid="preview-toolbar">{children}</div>;
}
