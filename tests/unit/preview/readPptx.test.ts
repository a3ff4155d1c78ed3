// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { paragraphText, readPptx, slideTexts } from '../../../src/pages/preview/ppt/readPptx';
import { UnreadableFileError } from '../../../src/pages/preview/xml';
import { FIXTURE_TEXT, makePptx } from '../../fixtures/preview/previewFixtures';

describe('reading .pptx slides', () => {
  it('gives the slides in presentation order with their texts, pictures and tables', async () => {
    const presentation = await readPptx(await makePptx());
    expect(presentation.width).toBe(12192000);
    expect(presentation.height).toBe(6858000);
    expect(presentation.slides.map((s) => s.number)).toEqual([1, 2]);
    // The order comes from sldIdLst, not from the part names.
    expect(presentation.slides.map((s) => s.partName)).toEqual(['ppt/slides/slide2.xml', 'ppt/slides/slide1.xml']);
    expect(slideTexts(presentation.slides[0])).toEqual([FIXTURE_TEXT.pptTitle, FIXTURE_TEXT.pptBullet, '第二条要点：离线预览']);
    expect(slideTexts(presentation.slides[1])).toEqual([FIXTURE_TEXT.pptSlide2, FIXTURE_TEXT.pptCell, 'B1']);
    expect(presentation.slides[1].background).toBe('#f2f8f7');
  });

  it('keeps positions, run formatting and bullets', async () => {
    const [first] = (await readPptx(await makePptx())).slides;
    const title = first.shapes[0];
    expect(title).toMatchObject({ kind: 'text', placeholder: 'title', box: { x: 600000, y: 300000, w: 11000000, h: 1100000 } });
    if (title.kind !== 'text') throw new Error('title is text');
    expect(title.paragraphs[0].runs[0]).toMatchObject({ size: 36, bold: true, color: '#00806f' });
    const body = first.shapes[1];
    if (body.kind !== 'text') throw new Error('body is text');
    expect(body.paragraphs.map((p) => p.bullet)).toEqual([true, true]);
    expect(paragraphText(body.paragraphs[0])).toBe(FIXTURE_TEXT.pptBullet);
  });

  it('resolves pictures to their media parts, readable from the package', async () => {
    const presentation = await readPptx(await makePptx());
    const picture = presentation.slides[0].shapes.find((s) => s.kind === 'image');
    expect(picture).toMatchObject({ kind: 'image', path: 'ppt/media/image1.png', mimeType: 'image/png', description: 'fixture picture', box: { x: 7000000, y: 1800000 } });
    const bytes = await presentation.readMedia('ppt/media/image1.png');
    expect(Array.from(bytes!.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
  });

  it('places placeholders without their own position where the layout puts them', async () => {
    const zip = await JSZip.loadAsync(await makePptx());
    const NS = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    zip.file('ppt/slides/slide1.xml', `<p:sld ${NS}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="T"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:p><a:r><a:t>继承位置</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`);
    zip.file('ppt/slides/_rels/slide1.xml.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout" Target="../slideLayouts/slideLayout1.xml"/></Relationships>');
    zip.file('ppt/slideLayouts/slideLayout1.xml', `<p:sldLayout ${NS}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="T"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="111" y="222"/><a:ext cx="333" cy="444"/></a:xfrm></p:spPr></p:sp></p:spTree></p:cSld></p:sldLayout>`);
    const presentation = await readPptx(await zip.generateAsync({ type: 'uint8array' }));
    expect(presentation.slides[1].shapes[0]).toMatchObject({ kind: 'text', box: { x: 111, y: 222, w: 333, h: 444 } });
  });

  it('maps shapes of a group through the group transform', async () => {
    const zip = await JSZip.loadAsync(await makePptx());
    const NS = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    zip.file('ppt/slides/slide1.xml', `<p:sld ${NS}><p:cSld><p:spTree><p:grpSp><p:grpSpPr><a:xfrm><a:off x="1000" y="1000"/><a:ext cx="2000" cy="2000"/><a:chOff x="0" y="0"/><a:chExt cx="1000" cy="1000"/></a:xfrm></p:grpSpPr>`
      + '<p:sp><p:spPr><a:xfrm><a:off x="100" y="200"/><a:ext cx="300" cy="400"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>组内文字</a:t></a:r></a:p></p:txBody></p:sp></p:grpSp></p:spTree></p:cSld></p:sld>');
    const presentation = await readPptx(await zip.generateAsync({ type: 'uint8array' }));
    expect(presentation.slides[1].shapes[0]).toMatchObject({ box: { x: 1200, y: 1400, w: 600, h: 800 } });
    expect(slideTexts(presentation.slides[1])).toEqual(['组内文字']);
  });

  it('refuses what is not a presentation package', async () => {
    await expect(readPptx(new TextEncoder().encode('not a zip'))).rejects.toBeInstanceOf(UnreadableFileError);
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document/>');
    await expect(readPptx(await zip.generateAsync({ type: 'uint8array' }))).rejects.toThrow(/presentation.xml is missing/);
  });
});
