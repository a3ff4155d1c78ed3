/**
 * Highlights for search hits: the stored plain text around the first match, every match wrapped
 * in `<mark>`, and everything else HTML-escaped — the browser renders the answer as HTML, so a
 * document containing `<script>` shows those characters, never runs them.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function matcher(terms: readonly string[]): RegExp | null {
  const parts = [...new Set(terms.filter((t) => t.length > 0))]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
}

/** The whole text, escaped, matches marked (titles). */
export function highlightAll(text: string, terms: readonly string[]): string {
  const re = matcher(terms);
  if (!re) return escapeHtml(text);
  let out = '';
  let at = 0;
  for (const m of text.matchAll(re)) {
    out += escapeHtml(text.slice(at, m.index)) + '<mark>' + escapeHtml(m[0]) + '</mark>';
    at = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * About `width` characters of the text around its first match, escaped and marked, with an
 * ellipsis where it was cut; the text's beginning when nothing in it matches (a title-only hit).
 */
export function snippet(text: string, terms: readonly string[], width = 120): string {
  const re = matcher(terms);
  const first = re ? re.exec(text) : null;
  const start = first ? Math.max(0, first.index - Math.floor(width / 3)) : 0;
  const end = Math.min(text.length, start + width);
  // Never cut a surrogate pair in two.
  const safeStart = start > 0 && /[\uDC00-\uDFFF]/.test(text[start]) ? start - 1 : start;
  const safeEnd = end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]) ? end + 1 : end;
  return (safeStart > 0 ? '…' : '') + highlightAll(text.slice(safeStart, safeEnd), terms) + (safeEnd < text.length ? '…' : '');
}
