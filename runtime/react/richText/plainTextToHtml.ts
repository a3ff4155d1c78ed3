import { looksLikeHtml } from '../../core/richText';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A value written before the field held HTML opens in the editor as paragraphs, one per line. */
export function editorContentOf(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (text === '' || looksLikeHtml(text)) return text;
  return text.split(/\r?\n/).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}
