import sanitizeHtml from 'sanitize-html';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import { ATTACH_ID_PATTERN } from '../../runtime/core/richText';

/**
 * The allow-list every stored rich text (`richText` fields) passes on every write: the tags and
 * attributes the rich-text editor makes, nothing that runs. `<img onerror>` loses the handler,
 * a `javascript:` link loses its href, `<script>`/`<style>`/`<iframe>` go with their content.
 * An image is an uploaded attachment named by `data-attach-id` (the viewer fetches it with the
 * reader's session; the record lends it to its readers, server/files/attachmentLinks.ts), an
 * http(s) address, or a data: URL; the editor's temporary blob: addresses are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span', 'div',
    'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'a', 'img', 'ul', 'ol', 'li',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'data-attach-id'],
    td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], col: ['span'],
    '*': ['style', 'class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|pt|em|rem|%)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      width: [/^\d{1,4}(px|%)$/], height: [/^\d{1,4}(px|%)$/],
    },
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // A link that opens a new tab cannot reach back to this window.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
    img: (tagName, attribs) => {
      const { 'data-attach-id': attachId, ...rest } = attribs;
      return { tagName, attribs: attachId && ATTACH_ID_PATTERN.test(attachId) ? { ...rest, 'data-attach-id': attachId } : rest };
    },
  },
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function isRichText(field: FieldDef): boolean {
  return field.type === 'richText';
}

/** Cleans, in place, every rich-text value of a write (insert, update, import, transition fields). */
export function sanitiseHtmlFields(entity: EntityDef, values: Record<string, unknown>): void {
  for (const field of entity.fields) {
    if (isRichText(field) && typeof values[field.name] === 'string') values[field.name] = sanitiseHtml(values[field.name] as string);
  }
}
