import { DocxPackage, MAIN_DOCUMENT, mergeRootNamespaces, namespacesOf, resolveTarget, rootStartTag } from './docxPackage';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const PARTS = {
  styles: { rel: `${REL}/styles`, part: 'word/styles.xml', root: 'styles', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml' },
  numbering: { rel: `${REL}/numbering`, part: 'word/numbering.xml', root: 'numbering', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml' },
} as const;
type PartKind = keyof typeof PARTS;

/** The main document's styles or numbering part, by its relationship. */
function partOf(pkg: DocxPackage, kind: PartKind): string | null {
  const rel = pkg.relationships(MAIN_DOCUMENT).find((r) => r.type === PARTS[kind].rel && !r.external);
  return rel ? resolveTarget(MAIN_DOCUMENT, rel.target) : null;
}

/** Elements `<w:name …>…</w:name>` (they do not nest) by the value of `idAttribute`. */
function elementsById(xml: string, name: string, idAttribute: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of xml.matchAll(new RegExp(`<w:${name}\\b[^>]*>[\\s\\S]*?</w:${name}>`, 'g'))) {
    const id = new RegExp(`\\bw:${idAttribute}="([^"]*)"`).exec(m[0])?.[1];
    if (id !== undefined) found.set(id, m[0]);
  }
  return found;
}

const valuesOf = (xml: string, elements: string): string[] => [...xml.matchAll(new RegExp(`<w:(?:${elements})\\b[^>]*\\bw:val="([^"]*)"`, 'g'))].map((m) => m[1]);

/** `xml` with `elements` inserted before the first match of `before`, else before the root's end tag. */
function insertBefore(xml: string, elements: string, before: RegExp | null, root: string): string {
  const at = before ? xml.search(before) : -1;
  const end = at >= 0 ? at : xml.lastIndexOf(`</w:${root}>`);
  return xml.slice(0, end) + elements + xml.slice(end);
}

/**
 * Changes the target's styles or numbering part at its commit, declaring the source part's
 * namespace prefixes; creates the part, its relationship and content type when the template
 * has none.
 */
function addToPart(target: DocxPackage, kind: PartKind, sourceXml: string, change: (xml: string) => string): void {
  const spec = PARTS[kind];
  const root = rootStartTag(sourceXml);
  const existing = partOf(target, kind);
  const part = existing ?? target.addPart(spec.part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:${spec.root} xmlns:w="${W_NS}"></w:${spec.root}>`, spec.type);
  if (!existing) target.addRelationship(MAIN_DOCUMENT, { type: spec.rel, target: part.replace(/^word\//, ''), external: false });
  target.edit(part, (xml) => change(mergeRootNamespaces(xml ?? '', namespacesOf(root), [])));
}

/**
 * Carries the styles and lists the body's XML uses into the template: each paragraph, run and
 * table style it names (with the styles those are based on) that the template does not define —
 * a style the template defines keeps the template's look, and a copied style is never made the
 * template's default —, and each list it numbers with, under new numbering ids. Answers the
 * body XML with its list references renumbered.
 */
export function carryStylesAndNumbering(bodyXml: string, source: DocxPackage, target: DocxPackage): string {
  const sourceStylesPart = partOf(source, 'styles');
  const sourceStyles = sourceStylesPart ? source.text(sourceStylesPart) ?? '' : '';
  const targetStylesPart = partOf(target, 'styles');
  const targetStyles = new Set(elementsById(targetStylesPart ? target.text(targetStylesPart) ?? '' : '', 'style', 'styleId').keys());
  const available = elementsById(sourceStyles, 'style', 'styleId');
  const wanted = new Set<string>();
  const visit = (id: string) => {
    if (wanted.has(id) || targetStyles.has(id) || !available.has(id)) return;
    wanted.add(id);
    valuesOf(available.get(id)!, 'basedOn|next|link').forEach(visit);
  };
  valuesOf(bodyXml, 'pStyle|rStyle|tblStyle').forEach(visit);
  let styles = [...wanted].map((id) => available.get(id)!.replace(/\sw:default="(1|true|on)"/, '')).join('');

  const sourceNumberingPart = partOf(source, 'numbering');
  const sourceNumbering = sourceNumberingPart ? source.text(sourceNumberingPart) ?? '' : '';
  const used = [...new Set(valuesOf(bodyXml + styles, 'numId'))].filter((id) => id !== '0');
  const nums = elementsById(sourceNumbering, 'num', 'numId');
  const abstracts = elementsById(sourceNumbering, 'abstractNum', 'abstractNumId');
  if (used.some((id) => nums.has(id))) {
    const targetNumberingPart = partOf(target, 'numbering');
    const targetNumbering = targetNumberingPart ? target.text(targetNumberingPart) ?? '' : '';
    let nextNum = Math.max(0, ...[...elementsById(targetNumbering, 'num', 'numId').keys()].map(Number)) + 1;
    let nextAbstract = Math.max(-1, ...[...elementsById(targetNumbering, 'abstractNum', 'abstractNumId').keys()].map(Number)) + 1;
    const numIds = new Map<string, string>();
    const abstractIds = new Map<string, string>();
    let newAbstracts = '';
    let newNums = '';
    for (const id of used.filter((n) => nums.has(n))) {
      const num = nums.get(id)!;
      const abstractId = /<w:abstractNumId\b[^>]*\bw:val="([^"]*)"/.exec(num)?.[1] ?? '';
      if (!abstracts.has(abstractId)) continue;
      if (!abstractIds.has(abstractId)) {
        abstractIds.set(abstractId, String(nextAbstract++));
        // A picture bullet lives in the body's numbering part alone: the level keeps its text bullet.
        newAbstracts += abstracts.get(abstractId)!.replace(/\bw:abstractNumId="[^"]*"/, `w:abstractNumId="${abstractIds.get(abstractId)}"`)
          .replace(/<w:lvlPicBulletId\b[^>]*\/>/g, '');
      }
      numIds.set(id, String(nextNum++));
      newNums += num.replace(/\bw:numId="[^"]*"/, `w:numId="${numIds.get(id)}"`)
        .replace(/(<w:abstractNumId\b[^>]*\bw:val=")[^"]*"/, `$1${abstractIds.get(abstractId)}"`);
    }
    const renumber = (xml: string) => xml.replace(/(<w:numId\b[^>]*\bw:val=")([^"]*)"/g, (whole, head: string, id: string) => (numIds.has(id) ? `${head}${numIds.get(id)}"` : whole));
    bodyXml = renumber(bodyXml);
    styles = renumber(styles);
    // The schema wants every abstractNum before the first num.
    if (newNums) {
      addToPart(target, 'numbering', sourceNumbering, (xml) => insertBefore(
        insertBefore(xml, newAbstracts, /<w:num\b|<w:numIdMacAtCleanup\b/, 'numbering'), newNums, /<w:numIdMacAtCleanup\b/, 'numbering'));
    }
  }
  if (styles) addToPart(target, 'styles', sourceStyles, (xml) => insertBefore(xml, styles, null, 'styles'));
  return bodyXml;
}
