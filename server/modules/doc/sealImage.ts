import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { imageTypeOf } from '../../people/avatarCalls';
import { DocxPackage, mergeRootNamespaces } from './docxPackage';

/** The seal's printed width: 4 cm (a 公章 is 4.2 cm across; the picture has a little margin). EMU: 360,000 a centimetre. */
const SEAL_WIDTH_EMU = 4 * 360_000;
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const DRAWING_NAMESPACES = new Map([
  ['wp', 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing'],
  ['r', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'],
]);

export interface SealImage { bytes: Buffer; type: 'image/png' | 'image/jpeg' }

/** The seal picture a template may carry: PNG or JPEG by its first bytes, else null. */
export function sealImageOf(bytes: Buffer): SealImage | null {
  const type = imageTypeOf(bytes.subarray(0, 8));
  return type === 'image/png' || type === 'image/jpeg' ? { bytes, type } : null;
}

/** Width and height in pixels from the PNG header or the JPEG frame header; null when unreadable. */
export function pixelSize({ bytes, type }: SealImage): { width: number; height: number } | null {
  if (type === 'image/png') return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function drawingXml(relId: string, drawingId: number, cx: number, cy: number): string {
  return '<w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">'
    + `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="${drawingId}" name="Seal ${drawingId}"/>`
    + '<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>'
    + '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
    + '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">'
    + `<pic:nvPicPr><pic:cNvPr id="0" name="seal"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>`
    + `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>`
    + '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>';
}

/** The parts a seal tag may stand in: the main document, its headers and footers. */
const STORY_PART = /^word\/(document|header\d*|footer\d*)\.xml$/;

/**
 * The seal of a red-header template ({%seal}): answers the text {%seal} renders to — a marker
 * no document contains — and, at the package's commit, adds the picture (word/media, with its
 * content type) and puts an inline drawing 4 cm wide, in proportion, where each marker stands,
 * inside the tag's own run, so the paragraph keeps its alignment; the main document, a header
 * or a footer holding the tag gets its own relationship to the picture. The paid docxtemplater
 * image module is not needed for a picture that is the same in every fill.
 */
export function placeSeal(target: DocxPackage, seal: SealImage): string {
  const marker = `DOCSEAL${randomBytes(8).toString('hex')}`;
  const size = pixelSize(seal);
  const cy = size && size.width > 0 ? Math.round((SEAL_WIDTH_EMU * size.height) / size.width) : SEAL_WIDTH_EMU;
  // Where the tag is, read before the render: its text with the runs' markup taken out (Word splits text into runs).
  const parts = Object.keys(target.zip.files).filter((name) => STORY_PART.test(name) && (target.text(name) ?? '').replace(/<[^>]*>/g, '').includes('{%seal}'));
  if (!parts.length) return ''; // a tag elsewhere (a footnote) renders empty
  const extension = seal.type === 'image/png' ? 'png' : 'jpeg';
  const media = target.addPart(`word/media/seal.${extension}`, seal.bytes, seal.type);
  // Drawing ids are unique across the document's parts: past every one the filled parts hold.
  let lastId: number | undefined;
  const nextDrawingId = () => (lastId = (lastId ?? Math.max(0, ...Object.keys(target.zip.files).filter((name) => STORY_PART.test(name))
    .flatMap((name) => [...(target.text(name) ?? '').matchAll(/<wp:docPr\b[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]))))) + 1);
  for (const part of parts) {
    const relId = target.addRelationship(part, { type: IMAGE_REL, target: path.posix.relative(path.posix.dirname(part), media), external: false });
    target.edit(part, (rendered) => {
      const xml = rendered ?? '';
      // The marker sits in a <w:t> of the tag's run: the text stops, the drawing follows, the text goes on.
      const placed = xml.replaceAll(marker, () => `</w:t>${drawingXml(relId, nextDrawingId(), SEAL_WIDTH_EMU, cy)}<w:t xml:space="preserve">`);
      return mergeRootNamespaces(placed, DRAWING_NAMESPACES, []);
    });
  }
  return marker;
}
