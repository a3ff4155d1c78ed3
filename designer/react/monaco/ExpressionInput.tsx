import Editor from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { expressionCompletions } from '../../core';
import { bindSuggestions, EXPRESSION_LANGUAGE, registerExpressionLanguage } from './expressionLanguage';

const OPTIONS = {
  lineNumbers: 'off', minimap: { enabled: false }, scrollBeyondLastLine: false, wordWrap: 'on', folding: false,
  glyphMargin: false, lineDecorationsWidth: 4, lineNumbersMinChars: 0, renderLineHighlight: 'none', overviewRulerLanes: 0,
  scrollbar: { vertical: 'hidden', horizontal: 'hidden' }, fontSize: 13, contextmenu: false, fixedOverflowWidgets: true,
} as const;

interface Props {
  value: string;
  fieldKeys: readonly string[];
  onChange(value: string): void;
}

/** Monaco as a two-line box for an expression, completing the form's field keys and the evaluator's helpers. */
export function ExpressionInput({ value, fieldKeys, onChange }: Props) {
  const keys = useRef(fieldKeys);
  keys.current = fieldKeys;
  const unbind = useRef<() => void>();
  useEffect(() => () => unbind.current?.(), []);
  return (
    <Editor height={48} language={EXPRESSION_LANGUAGE} value={value} options={OPTIONS}
      beforeMount={registerExpressionLanguage}
      onMount={(editor) => {
        const model = editor.getModel();
        if (model) unbind.current = bindSuggestions(model, () => expressionCompletions(keys.current));
        // It replaces the plain box the user has just focused: the caret goes on, at the end.
        editor.focus();
        if (model) editor.setPosition(model.getPositionAt(model.getValueLength()));
      }}
      onChange={(next) => onChange(next ?? '')} />
  );
}
