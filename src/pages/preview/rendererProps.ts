import type { AttachmentFacts } from './fetchAttachment';

/** What every format renderer gets from the preview page. */
export interface RendererProps {
  data: ArrayBuffer;
  blob: Blob;
  facts: AttachmentFacts;
  /** The touch-friendly full-width layout of /app/file/preview. */
  mobile: boolean;
  /** openModeType=3: render everything at once (no lazy pages), then the page prints. */
  printMode: boolean;
  /** Called once the content is drawn (the page prints then, in print mode). */
  onReady(): void;
  /** The file could not be read: the page shows why, with the download button. */
  onFailure(error: unknown): void;
}
