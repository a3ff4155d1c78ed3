/**
 * Rich text (`richText` fields) is HTML cleaned by the server's allow-list
 * (server/entity/sanitiseHtml.ts). These pure readings of it serve the browser (table cells, the
 * viewer) and the server (attachment links, exports) alike, without a DOM.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A value written before fields held HTML (plain text with line breaks) has no tag at all. */
export function looksLikeHtml(value: string): boolean {
  return /<[a-z][\s\S]*?>/i.test(value);
}

/** The text a person reads: tags dropped, block ends as spaces, entities decoded, blanks collapsed. */
export function htmlToPlainText(html: string): string {
  if (!looksLikeHtml(html)) return html;
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Attachment ids are the server's own (`newId`): letters, digits, `-` and `_`. */
export const ATTACH_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The attachments a rich text shows as images (`<img data-attach-id="…">`): the record holds them
 * as it holds its attachment fields' files, so its readers may read them.
 */
export function attachIdsInHtml(html: string): string[] {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\sdata-attach-id\s*=\s*(["']?)([A-Za-z0-9_-]{1,64})\1(?=[\s/>])/gi)) ids.add(match[2]);
  return [...ids];
}
