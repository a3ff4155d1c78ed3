import path from 'node:path';
import { DocxPackage, MAIN_DOCUMENT, ignorableOf, mergeRootNamespaces, namespacesOf, resolveTarget, rootStartTag } from './docxPackage';
import { carryStylesAndNumbering } from './bodyStyles';

const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The children of <w:body>, without any section properties: the template's page, margins, headers and footers stay. */
function bodyChildren(documentXml: string): string {
  const open = /<w:body\b[^>]*>/.exec(documentXml);
  const close = documentXml.lastIndexOf('</w:body>');
  if (!open || close < open.index) throw new Error('no w:body');
  return documentXml.slice(open.index + open[0].length, close)
    // A section change's nested sectPr first, so the next pattern ends at the right close tag.
    .replace(/<w:sectPrChange\b[\s\S]*?<\/w:sectPrChange>/g, '')
    .replace(/<w:sectPr\b[^>]*\/>|<w:sectPr\b[^>]*>[\s\S]*?<\/w:sectPr>/g, '')
    // Comments, footnotes and endnotes live in parts of the body's own: their anchors would point nowhere.
    .replace(/<w:(commentRangeStart|commentRangeEnd|commentReference|footnoteReference|endnoteReference)\b[^>]*\/>/g, '');
}

/** The largest `attribute` number of `pattern`'s elements in `xml` (0 when none). */
function largest(xml: string, pattern: RegExp): number {
  return Math.max(0, ...[...xml.matchAll(pattern)].map((m) => Number(m[1])));
}

/**
 * The body of a .docx as WordprocessingML for the raw tag {@body} of a red-header template:
 * its paragraphs and tables with their run and paragraph properties, and — added to `target`,
 * the template's package, at its commit — the pictures, charts and links they refer to (new
 * relationship ids), the styles and lists they use that the template lacks, and the namespace
 * prefixes they are written with. Drawing and bookmark ids are moved past the template's own.
 * What is not carried: section properties (the template's page and its headers and footers
 * stay), comments, footnotes and endnotes (their anchors are dropped). Throws when the bytes are
 * not a .docx with a body.
 */
export function bodyFragment(bodyBytes: Buffer, target: DocxPackage): string {
  const source = DocxPackage.open(bodyBytes);
  const documentXml = source.text(MAIN_DOCUMENT);
  if (documentXml === null) throw new Error(`no ${MAIN_DOCUMENT}`);
  const templateXml = target.text(MAIN_DOCUMENT) ?? '';
  const root = rootStartTag(documentXml);
  const namespaces = namespacesOf(root);
  let xml = bodyChildren(documentXml);

  const relPrefix = [...namespaces].find(([, uri]) => uri === RELATIONSHIPS_NS)?.[0];
  if (relPrefix) {
    const rels = new Map(source.relationships(MAIN_DOCUMENT).map((r) => [r.id, r]));
    const copied = new Map<string, string>();
    const renamed = new Map<string, string>();
    xml = xml.replace(new RegExp(`(\\s${relPrefix}:\\w+)="([^"]*)"`, 'g'), (whole, attribute: string, id: string) => {
      const rel = rels.get(id);
      if (!rel) return whole;
      let newId = renamed.get(id);
      if (!newId) {
        const partTarget = rel.external ? rel.target
          : path.posix.relative(path.posix.dirname(MAIN_DOCUMENT), target.importPart(source, resolveTarget(MAIN_DOCUMENT, rel.target), copied));
        newId = target.addRelationship(MAIN_DOCUMENT, { type: rel.type, target: partTarget, external: rel.external });
        renamed.set(id, newId);
      }
      return `${attribute}="${newId}"`;
    });
  }

  // Word repairs a document whose drawings share an id; bookmarks of the same id would pair up wrongly.
  let drawing = largest(templateXml, /<wp:docPr\b[^>]*\bid="(\d+)"/g);
  xml = xml.replace(/(<wp:docPr\b[^>]*\bid=")\d+"/g, (_, head: string) => `${head}${(drawing += 1)}"`);
  const bookmarkOffset = largest(templateXml, /<w:bookmark(?:Start|End)\b[^>]*\bw:id="(\d+)"/g) + 1;
  xml = xml.replace(/(<w:bookmark(?:Start|End)\b[^>]*\bw:id=")(\d+)"/g, (_, head: string, id: string) => `${head}${Number(id) + bookmarkOffset}"`);

  xml = carryStylesAndNumbering(xml, source, target);
  target.edit(MAIN_DOCUMENT, (rendered) => mergeRootNamespaces(rendered ?? '', namespaces, ignorableOf(root)));
  // A table cell and the body both end with a paragraph; {@body} replaces the template's.
  return /<\/w:tbl>\s*$/.test(xml) || !xml.trim() ? `${xml}<w:p/>` : xml;
}
