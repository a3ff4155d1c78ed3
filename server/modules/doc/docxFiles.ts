import PizZip from 'pizzip';

/** One paragraph of a generated document: text (with `{tags}` in a template) and its look. */
export interface DocxParagraph {
  text: string;
  align?: 'left' | 'center' | 'right' | 'both';
  bold?: boolean;
  /** Half-points, as WordprocessingML counts them (32 = 16 pt, 三号). */
  size?: number;
  /** RRGGBB. */
  color?: string;
  /** A rule under the paragraph in this colour: the red line under a 红头. */
  ruleColor?: string;
  font?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paragraphXml(p: DocxParagraph): string {
  const pPr = [
    p.align ? `<w:jc w:val="${p.align}"/>` : '',
    p.ruleColor ? `<w:pBdr><w:bottom w:val="single" w:sz="18" w:space="4" w:color="${p.ruleColor}"/></w:pBdr>` : '',
  ].join('');
  const font = p.font ?? '仿宋';
  const rPr = [
    `<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:eastAsia="${font}"/>`,
    p.bold ? '<w:b/>' : '',
    p.color ? `<w:color w:val="${p.color}"/>` : '',
    `<w:sz w:val="${p.size ?? 32}"/><w:szCs w:val="${p.size ?? 32}"/>`,
  ].join('');
  return `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:rPr>${rPr}</w:rPr><w:t xml:space="preserve">${escapeXml(p.text)}</w:t></w:r></w:p>`;
}

/**
 * A minimal, valid .docx (ECMA-376: content types, package and document relationships, the
 * document part) on A4 with the GB/T 9704 margins. Used for the demo templates and bodies and by
 * the tests; a real template is whatever Word or WPS saved.
 */
export function buildDocx(paragraphs: readonly DocxParagraph[]): Buffer {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    + '</Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    + '</Relationships>');
  zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>');
  zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    + '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
    + paragraphs.map(paragraphXml).join('')
    + '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="2098" w:right="1474" w:bottom="1984" w:left="1588" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>'
    + '</w:body></w:document>');
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const decodeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * The paragraphs of a .docx as plain text (the runs' `w:t` of each `w:p` of the main document,
 * tabs as spaces, line breaks as \n): the body a red header wraps, and what the tests read back.
 * Throws when the buffer is not a zip with a main document.
 */
export function docxParagraphs(buffer: Buffer): string[] {
  const xml = new PizZip(buffer).file('word/document.xml')?.asText();
  if (xml === undefined) throw new Error('no word/document.xml');
  // A tab or a line break inside a paragraph reads as a space or a new line of that paragraph.
  const body = xml.replace(/<w:tab\b[^>]*\/>/g, '<w:t> </w:t>').replace(/<w:br\b[^>]*\/>/g, '<w:t>\n</w:t>');
  return [...body.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) => [...p[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1])).join(''));
}
