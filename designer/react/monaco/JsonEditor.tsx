import Editor from '@monaco-editor/react';
import './monacoSetup';

/** A problem Monaco's JSON worker found: where, and its words. */
export interface JsonProblem { line: number; column: number; message: string }

interface Props {
  value: string;
  readOnly?: boolean;
  onChange?(value: string): void;
  /** The editor's model path: Monaco keeps one model per path. */
  path: string;
  /** The syntax errors (not the schema's warnings) after each check of the text. */
  onProblems?(problems: JsonProblem[]): void;
}

const ERROR_SEVERITY = 8;

/** Monaco's JSON editor (bundled, its worker from the app's origin): folding, bracket matching, syntax errors marked. */
export function JsonEditor({ value, readOnly, onChange, path, onProblems }: Props) {
  return (
    <Editor height="100%" language="json" path={path} value={value} onChange={(next) => onChange?.(next ?? '')}
      onValidate={(markers) => onProblems?.(markers.filter((m) => m.severity === ERROR_SEVERITY)
        .map((m) => ({ line: m.startLineNumber, column: m.startColumn, message: m.message })))}
      options={{ readOnly, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 13, tabSize: 2, automaticLayout: true }} />
  );
}
