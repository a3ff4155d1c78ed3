import type { ExpressionCompletion } from '../../core';
import { monaco } from './monacoSetup';

/** Monaco's language id of the safe evaluator's expressions (runtime/core/expression). */
export const EXPRESSION_LANGUAGE = 'oa-expression';

/** The suggestions of each open expression editor, by its model's URI. */
const suggestionsByModel = new Map<string, () => readonly ExpressionCompletion[]>();
let registered = false;

/** Registers the language once: colouring, and completion of the field keys and helper names. */
export function registerExpressionLanguage(): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: EXPRESSION_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(EXPRESSION_LANGUAGE, {
    tokenizer: {
      root: [
        [/[A-Za-z_$][\w$]*(?=\s*\()/, 'type'],
        [/[A-Za-z_$][\w$]*/, 'identifier'],
        [/\d+(\.\d+)?/, 'number'],
        [/'([^'\\]|\\.)*'|"([^"\\]|\\.)*"/, 'string'],
        [/[=!<>]=?|&&|\|\||[+\-*/%?:]/, 'operator'],
      ],
    },
  });
  monaco.languages.registerCompletionItemProvider(EXPRESSION_LANGUAGE, {
    provideCompletionItems(model, position) {
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const suggestions = suggestionsByModel.get(model.uri.toString())?.() ?? [];
      return {
        suggestions: suggestions.map((item) => ({
          label: item.label,
          kind: item.kind === 'field' ? monaco.languages.CompletionItemKind.Field : monaco.languages.CompletionItemKind.Function,
          detail: item.detail,
          insertText: item.insertText ?? item.label,
          range,
        })),
      };
    },
  });
}

/** Gives one editor's model its suggestions; answers the function that withdraws them. */
export function bindSuggestions(model: { uri: { toString(): string } }, suggestions: () => readonly ExpressionCompletion[]): () => void {
  registerExpressionLanguage();
  const key = model.uri.toString();
  suggestionsByModel.set(key, suggestions);
  return () => { suggestionsByModel.delete(key); };
}
