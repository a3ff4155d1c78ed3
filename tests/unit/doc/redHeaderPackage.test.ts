import PizZip from 'pizzip';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { bodyFragment } from '../../../server/modules/doc/bodyFragment';
import { buildDocx } from '../../../server/modules/doc/docxFiles';
import { DocxPackage } from '../../../server/modules/doc/docxPackage';
import { placeSeal, pixelSize } from '../../../server/modules/doc/sealImage';
import { compileTemplate, renderTemplate, type TemplateValues } from '../../../server/modules/doc/templateCheck';
import { richBodyDocx } from '../../fixtures/doc/richBody';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A template that has styles and a list of its own, as one saved by Word has. */
function templateWithStylesAndList(): Buffer {
  const zip = new PizZip(buildDocx([{ text: '{authority}文件' }, { text: '{@body}' }, { text: '{%seal}' }]));
  zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}">`
    + '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
    + '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:rPr><w:color w:val="C00000"/></w:rPr></w:style></w:styles>');
  zip.file('word/numbering.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}">`
    + '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>');
  zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    + `<Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${R}/numbering" Target="numbering.xml"/></Relationships>`);
  zip.file('[Content_Types].xml', zip.file('[Content_Types].xml')!.asText().replace('</Types>',
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
    + '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>'));
  return zip.generate({ type: 'nodebuffer' });
}

/** Fills a template the way 套红 does (redHeader.ts), with a body and an optional seal. */
function fill(template: Buffer, body: Buffer, seal?: Buffer): PizZip {
  const compiled = compileTemplate(template, 'test');
  const target = new DocxPackage(compiled.doc.getZip());
  const values: TemplateValues = {
    authority: '华东智联', docNo: '', title: '', date: '', signer: '', mainTo: '', copyTo: '', urgency: '', secretLevel: '', body: '',
    '@body': bodyFragment(body, target), '%seal': seal ? placeSeal(target, { bytes: seal, type: 'image/jpeg' }) : '',
  };
  const zip = new PizZip(renderTemplate(compiled.doc, values, () => target.commit()));
  for (const name of Object.keys(zip.files).filter((n) => /\.(xml|rels)$/.test(n))) {
    expect(() => new SaxesParser({ xmlns: true }).write(zip.file(name)!.asText()).close(), name).not.toThrow();
  }
  return zip;
}

/** The first bytes of a JPEG of `width`×`height`: SOI, an APP0 segment, then the SOF0 frame header. */
function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe('red-header package edits (bodyFragment, placeSeal)', () => {
  it('keeps the template\'s own styles, adds the body\'s missing ones and moves its list past the template\'s', () => {
    const zip = fill(templateWithStylesAndList(), richBodyDocx());
    const styles = zip.file('word/styles.xml')!.asText();
    // Heading1 and Normal stay the template's (one definition each); the table style comes from the body.
    expect(styles.match(/w:styleId="Heading1"/g)).toHaveLength(1);
    expect(styles).toContain('<w:color w:val="C00000"/>');
    expect(styles.match(/w:styleId="Normal"/g)).toHaveLength(1);
    expect(styles).toContain('w:styleId="TableGrid"');
    const numbering = zip.file('word/numbering.xml')!.asText();
    expect(numbering).toMatch(/^<\?xml[^>]*\?><w:numbering [^>]*><w:abstractNum w:abstractNumId="0">[\s\S]*<\/w:abstractNum><w:abstractNum w:abstractNumId="1">[\s\S]*<w:num w:numId="1">[\s\S]*<w:num w:numId="2"><w:abstractNumId w:val="1"\/><\/w:num><\/w:numbering>$/);
    const documentXml = zip.file('word/document.xml')!.asText();
    expect(documentXml).toContain('<w:numId w:val="2"/>');
    expect(documentXml).not.toContain('<w:numId w:val="1"/>');
    // One relationship per part, none of the template's ids taken twice.
    const ids = [...zip.file('word/_rels/document.xml.rels')!.asText().matchAll(/Id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4); // styles, numbering, the body's picture and link
  });

  it('sizes a JPEG seal 4 cm wide in proportion, from its frame header', () => {
    const seal = jpegHead(400, 200);
    expect(pixelSize({ bytes: seal, type: 'image/jpeg' })).toEqual({ width: 400, height: 200 });
    const zip = fill(buildDocx([{ text: '{@body}' }, { text: '{%seal}' }]), buildDocx([{ text: '正文' }]), seal);
    expect(zip.file('word/media/seal.jpeg')!.asNodeBuffer().equals(seal)).toBe(true);
    expect(zip.file('[Content_Types].xml')!.asText()).toContain('<Default Extension="jpeg" ContentType="image/jpeg"/>');
    expect(zip.file('word/document.xml')!.asText()).toContain('<wp:extent cx="1440000" cy="720000"/>');
  });

  it('stamps a seal standing in a footer through the footer\'s own relationship, its drawing id past the document\'s', () => {
    const template = new PizZip(buildDocx([{ text: '{@body}' }]));
    template.file('word/footer1.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr xmlns:w="${W}"><w:p><w:r><w:t>{%</w:t></w:r><w:r><w:t>seal}</w:t></w:r></w:p></w:ftr>`);
    template.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
      + `<Relationship Id="rId1" Type="${R}/footer" Target="footer1.xml"/></Relationships>`);
    template.file('word/document.xml', template.file('word/document.xml')!.asText()
      .replace('xmlns:w=', `xmlns:r="${R}" xmlns:w=`).replace('<w:sectPr>', '<w:sectPr><w:footerReference w:type="default" r:id="rId1"/>'));
    template.file('[Content_Types].xml', template.file('[Content_Types].xml')!.asText().replace('</Types>',
      '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>'));
    const zip = fill(template.generate({ type: 'nodebuffer' }), richBodyDocx(), jpegHead(300, 300));
    const footerRels = zip.file('word/_rels/footer1.xml.rels')!.asText();
    const relId = /<Relationship Id="([^"]+)" Type="[^"]+\/image" Target="media\/seal\.jpeg"\/>/.exec(footerRels)?.[1];
    expect(relId).toBeDefined();
    const footer = zip.file('word/footer1.xml')!.asText();
    expect(footer).toContain(`<a:blip r:embed="${relId}"/>`);
    expect(footer).toMatch(/<w:ftr [^>]*xmlns:wp="[^"]+"/);
    // The body's picture has drawing id 1 in the document; the seal comes after it.
    expect(zip.file('word/document.xml')!.asText()).toContain('<wp:docPr id="1"');
    expect(footer).toContain('<wp:docPr id="2"');
    expect(zip.file('word/_rels/document.xml.rels')!.asText()).not.toContain('seal.jpeg');
  });

  it('drops the body\'s section breaks, tracked section changes included, keeping the paragraphs around them', () => {
    const body = new PizZip(buildDocx([{ text: '第一节' }, { text: '第二节' }]));
    const xml = body.file('word/document.xml')!.asText().replace('</w:pPr><w:r>', '<w:sectPr><w:pgSz w:w="16838" w:h="11906"/>'
      + '<w:sectPrChange w:id="9" w:author="x"><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:sectPrChange></w:sectPr></w:pPr><w:r>');
    body.file('word/document.xml', xml);
    const documentXml = fill(buildDocx([{ text: '{@body}' }]), body.generate({ type: 'nodebuffer' })).file('word/document.xml')!.asText();
    expect(documentXml.match(/<w:sectPr\b/g)).toHaveLength(1);
    expect(documentXml).not.toContain('16838" w:h="11906');
    expect(documentXml).toContain('第一节');
    expect(documentXml).toContain('第二节');
  });
});
