// @vitest-environment jsdom
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { abbreviatedToSvgPath, expandDeltas, ofdColor, ofdPageTexts, readOfd } from '../../../src/pages/preview/ofd/readOfd';
import { UnreadableFileError } from '../../../src/pages/preview/xml';
import { FIXTURE_TEXT, makeOfd } from '../../fixtures/preview/previewFixtures';

describe('reading OFD documents', () => {
  it('gives each page its size and the text of its text objects in order', async () => {
    const doc = await readOfd(await makeOfd());
    expect(doc.pages.map((p) => p.box)).toEqual([{ x: 0, y: 0, w: 210, h: 297 }, { x: 0, y: 0, w: 210, h: 297 }]);
    expect(ofdPageTexts(doc.pages[0])).toEqual([FIXTURE_TEXT.ofdTitle, FIXTURE_TEXT.ofdBody, '特此通知。']);
    expect(ofdPageTexts(doc.pages[1])).toEqual([FIXTURE_TEXT.ofdPage2]);
  });

  it('keeps positions, sizes, colours, fonts and per-glyph offsets', async () => {
    const doc = await readOfd(await makeOfd());
    const title = doc.pages[0].objects[0];
    expect(title).toMatchObject({ kind: 'text', boundary: { x: 35, y: 30 }, size: 7, color: '#c80000', font: { id: '2', name: '宋体' } });
    if (title.kind !== 'text') throw new Error('title is text');
    const chars = Array.from(FIXTURE_TEXT.ofdTitle).length;
    expect(title.codes[0].xs).toHaveLength(chars);
    expect(title.codes[0].xs![1]).toBeCloseTo(7.5);
    expect(title.codes[0].xs![chars - 1]).toBeCloseTo(7.5 * (chars - 1));
  });

  it('reads paths and images with their resources', async () => {
    const doc = await readOfd(await makeOfd());
    expect(doc.pages[0].objects[1]).toEqual({ kind: 'path', boundary: { x: 20, y: 50, w: 170, h: 2 }, ctm: undefined, d: 'M0 1 L170 1', stroke: '#c80000', fill: undefined, lineWidth: 0.8 });
    expect(doc.pages[0].objects[4]).toMatchObject({ kind: 'image', path: 'Doc_0/Res/image_20.png', mimeType: 'image/png', ctm: [64, 0, 0, 40, 0, 0] });
    expect((await doc.readPart('Doc_0/Res/image_20.png'))?.length).toBeGreaterThan(100);
  });

  it('draws template pages under the page content', async () => {
    const zip = await JSZip.loadAsync(await makeOfd());
    const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
    const document = (await zip.file('Doc_0/Document.xml')!.async('string'))
      .replace('</ofd:CommonData>', '<ofd:TemplatePage ID="9" BaseLoc="Tpls/Tpl_0/Content.xml"/></ofd:CommonData>');
    zip.file('Doc_0/Document.xml', document);
    zip.file('Doc_0/Tpls/Tpl_0/Content.xml', `<ofd:Page ${NS}><ofd:Content><ofd:Layer><ofd:TextObject ID="90" Boundary="0 0 50 10" Font="2" Size="3"><ofd:TextCode X="0" Y="3">模板页眉</ofd:TextCode></ofd:TextObject></ofd:Layer></ofd:Content></ofd:Page>`);
    const page = (await zip.file('Doc_0/Pages/Page_1/Content.xml')!.async('string')).replace('<ofd:Content>', '<ofd:Template TemplateID="9" ZOrder="Background"/><ofd:Content>');
    zip.file('Doc_0/Pages/Page_1/Content.xml', page);
    const doc = await readOfd(await zip.generateAsync({ type: 'uint8array' }));
    expect(ofdPageTexts(doc.pages[1])).toEqual(['模板页眉', FIXTURE_TEXT.ofdPage2]);
  });

  it('reads files that use the prefix without declaring its namespace', async () => {
    const zip = await JSZip.loadAsync(await makeOfd());
    const page = (await zip.file('Doc_0/Pages/Page_1/Content.xml')!.async('string')).replace(' xmlns:ofd="http://www.ofdspec.org/2016"', '');
    zip.file('Doc_0/Pages/Page_1/Content.xml', page);
    const doc = await readOfd(await zip.generateAsync({ type: 'uint8array' }));
    expect(ofdPageTexts(doc.pages[1])).toEqual([FIXTURE_TEXT.ofdPage2]);
  });

  it('decodes the compact notations of the format', () => {
    expect(expandDeltas('g 3 2.5 1 g 2 4')).toEqual([2.5, 2.5, 2.5, 1, 4, 4]);
    expect(abbreviatedToSvgPath('S 0 0 L 10 0 B 1 2 3 4 5 6 Q 1 1 2 2 A 5 5 0 0 1 10 10 C')).toBe('M0 0 L10 0 C1 2 3 4 5 6 Q1 1 2 2 A5 5 0 0 1 10 10 Z');
    expect(abbreviatedToSvgPath('M 0 0 L 10')).toBe('M0 0');
    const el = (value: string) => { const e = document.createElementNS('x', 'FillColor'); e.setAttribute('Value', value); return e; };
    expect(ofdColor(el('255 128 0'))).toBe('#ff8000');
    expect(ofdColor(el('#FF #00 #80'))).toBe('#ff0080');
    expect(ofdColor(el('bad'))).toBeUndefined();
  });

  it('refuses what is not an OFD package', async () => {
    await expect(readOfd(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(UnreadableFileError);
    const zip = new JSZip();
    zip.file('OFD.xml', '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"><ofd:DocBody/></ofd:OFD>');
    await expect(readOfd(await zip.generateAsync({ type: 'uint8array' }))).rejects.toThrow(/DocRoot/);
  });
});
