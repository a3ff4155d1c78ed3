/** Link targets a previewed document may keep: web, mail and in-document anchors. */
export function isSafeHref(href: string): boolean {
  const value = href.trim();
  if (value === '' || value.startsWith('#')) return true;
  return /^(https?:|mailto:)/i.test(value);
}

/**
 * Makes a rendered document's links harmless: `javascript:`, `data:`, `file:` and other schemes
 * are removed (a document is user-uploaded content shown on the app's origin), and outside links
 * open in a new tab without access to this one.
 */
export function neutraliseLinks(root: ParentNode): void {
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    const href = link.getAttribute('href') ?? '';
    if (!isSafeHref(href)) {
      link.removeAttribute('href');
      continue;
    }
    if (/^https?:/i.test(href.trim())) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
}
