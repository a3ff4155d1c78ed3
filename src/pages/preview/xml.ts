/**
 * Namespace-agnostic reading of the XML parts of Office Open XML and OFD packages: elements are
 * found by local name, so documents that use other prefixes (or none) read the same.
 */

/**
 * A file the renderers cannot read. `userFacing` messages are already in the user's language and
 * are shown under "cannot be previewed"; the others are technical and only logged.
 */
export class UnreadableFileError extends Error {
  readonly userFacing: boolean;
  constructor(message: string, options: { userFacing?: boolean } = {}) {
    super(message);
    this.name = 'UnreadableFileError';
    this.userFacing = options.userFacing === true;
  }
}

function parse(text: string): Document {
  return new DOMParser().parseFromString(text, 'application/xml');
}

function hasParseError(doc: Document): boolean {
  return doc.getElementsByTagName('parsererror').length > 0;
}

/**
 * Parses an XML part. Some producers use a prefix without declaring its namespace (seen in OFD
 * files); such a part is retried with the prefixes removed before it is called unreadable.
 */
export function parseXml(text: string, partName: string): Document {
  const doc = parse(text);
  if (!hasParseError(doc)) return doc;
  const withoutPrefixes = text.replace(/<(\/?)[A-Za-z_][\w.-]*:/g, '<$1').replace(/\s[A-Za-z_][\w.-]*:([A-Za-z_][\w.-]*=)/g, (match, attr: string) => (match.includes('xmlns:') ? match : ` ${attr}`));
  const retry = parse(withoutPrefixes);
  if (!hasParseError(retry)) return retry;
  throw new UnreadableFileError(`${partName} is not well-formed XML`);
}

/** Direct children with this local name. */
export function childElements(parent: Element | Document | null | undefined, localName?: string): Element[] {
  if (!parent) return [];
  const result: Element[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 1 && (localName === undefined || (node as Element).localName === localName)) result.push(node as Element);
  }
  return result;
}

export function childElement(parent: Element | Document | null | undefined, localName: string): Element | undefined {
  return childElements(parent, localName)[0];
}

/** The element at the end of a path of local names (`child(el, 'a', 'b')` = el/a/b). */
export function pathElement(parent: Element | Document | null | undefined, ...names: string[]): Element | undefined {
  let current: Element | Document | undefined | null = parent;
  for (const name of names) {
    current = childElement(current, name);
    if (!current) return undefined;
  }
  return current as Element | undefined;
}

/** Every descendant with this local name, in document order. */
export function descendants(parent: Element | Document | null | undefined, localName: string): Element[] {
  if (!parent) return [];
  return Array.from(parent.getElementsByTagNameNS('*', localName));
}

/** An attribute by local name, whatever its prefix (`r:embed`, `embed`). */
export function attr(element: Element | null | undefined, localName: string): string | undefined {
  if (!element) return undefined;
  const direct = element.getAttribute(localName);
  if (direct !== null) return direct;
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.localName === localName) return attribute.value;
  }
  return undefined;
}

export function numberAttr(element: Element | null | undefined, localName: string): number | undefined {
  const value = attr(element, localName);
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Joins a part path with a relative target (`ppt/slides` + `../media/a.png` → `ppt/media/a.png`). */
export function resolvePartPath(baseDir: string, target: string): string {
  const cleaned = target.replace(/\\/g, '/');
  const parts = cleaned.startsWith('/') ? [] : baseDir.split('/').filter(Boolean);
  for (const segment of cleaned.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

export function dirOf(partPath: string): string {
  const index = partPath.lastIndexOf('/');
  return index < 0 ? '' : partPath.slice(0, index);
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp',
  webp: 'image/webp', svg: 'image/svg+xml', tif: 'image/tiff', tiff: 'image/tiff', emf: 'image/emf', wmf: 'image/wmf',
};

export function imageMimeType(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return IMAGE_TYPES[ext] ?? 'application/octet-stream';
}

/** Formats browsers draw in an <img>; EMF, WMF and TIFF are not among them. */
export function isBrowserImage(path: string): boolean {
  return ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp', 'image/svg+xml'].includes(imageMimeType(path));
}
