import { Input } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditorImpl';

// The editor (TipTap and ProseMirror) loads with the first form that has rich text, never with the first screen.
const Editor = lazy(() => import('./RichTextEditorImpl').then((m) => ({ default: m.RichTextEditorImpl })));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Input.TextArea rows={8} disabled />}>
      <Editor {...props} />
    </Suspense>
  );
}
