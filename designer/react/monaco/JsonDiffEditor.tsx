import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { useLayoutEffect, useRef } from 'react';
import './monacoSetup';

interface Props {
  before: string;
  after: string;
  /** Model paths of the two sides: Monaco keeps one model per path. */
  beforePath: string;
  afterPath: string;
}

type DiffWidget = Parameters<DiffOnMount>[0];

/**
 * Two JSON texts side by side, read-only, the changed lines marked (Monaco's own diff).
 *
 * @monaco-editor/react 4.7 disposes the two models before the diff widget on unmount, which
 * Monaco reports as "TextModel got disposed before DiffEditorWidget model got reset"
 * (monaco-react#647). So the library keeps its models, and this component lets go of them itself
 * in a layout-effect cleanup, which runs while the widget is still alive: widget first, then models.
 */
export function JsonDiffEditor({ before, after, beforePath, afterPath }: Props) {
  const widget = useRef<DiffWidget>();
  useLayoutEffect(() => () => {
    const editor = widget.current;
    if (!editor) return;
    const model = editor.getModel();
    editor.setModel(null);
    model?.original.dispose();
    model?.modified.dispose();
  }, []);
  return (
    <DiffEditor height="100%" language="json" original={before} modified={after} originalModelPath={beforePath} modifiedModelPath={afterPath}
      keepCurrentOriginalModel keepCurrentModifiedModel onMount={(editor) => { widget.current = editor; }}
      options={{ readOnly: true, originalEditable: false, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 13, automaticLayout: true, renderSideBySide: true }} />
  );
}
