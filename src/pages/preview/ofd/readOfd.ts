import type JSZip from 'jszip';
import { openZip } from '../ppt/readPptx';
import {
  UnreadableFileError, attr, childElement, childElements, descendants, dirOf, imageMimeType, numberAttr, parseXml, pathElement, resolvePartPath,
} from '../xml';

/**
 * An OFD file (GB/T 33190-2016: a zip of XML parts) read into pages of positioned objects:
 * text (with each glyph's position when the file gives it), paths (lines, frames, the red rule of
 * an official document) and images. Lengths are millimetres, as in the format.
 * Not interpreted: signatures and seals' signed data, annotations, clipping, shadings and
 * patterns, composite objects, and glyph-index text (CGTransform) beyond its plain characters.
 */

export interface OfdBox { x: number; y: number; w: number; h: number }

export interface OfdFont {
  id: string;
  name: string;
  family?: string;
  bold: boolean;
  italic: boolean;
  /** Part path of an embedded font file. */
  file?: string;
}

export interface OfdTextCode {
  x: number;
  y: number;
  text: string;
  /** Absolute x of each character after the first (from DeltaX), when given. */
  xs?: number[];
  ys?: number[];
}

export type OfdObject =
  | { kind: 'text'; boundary: OfdBox; ctm?: number[]; size: number; font?: OfdFont; color: string; bold: boolean; italic: boolean; codes: OfdTextCode[] }
  | { kind: 'path'; boundary: OfdBox; ctm?: number[]; d: string; stroke?: string; fill?: string; lineWidth: number }
  | { kind: 'image'; boundary: OfdBox; ctm?: number[]; path: string; mimeType: string };

export interface OfdPage {
  number: number;
  /** Physical box of the page (mm). */
  box: OfdBox;
  objects: OfdObject[];
}

export interface OfdDocument {
  pages: OfdPage[];
  fonts: OfdFont[];
  readPart(path: string): Promise<Uint8Array | undefined>;
}

const A4: OfdBox = { x: 0, y: 0, w: 210, h: 297 };
const MAX_PAGES = 1000;
const DEFAULT_LINE_WIDTH = 0.353;

interface Resources {
  fonts: Map<string, OfdFont>;
  media: Map<string, string>;
  drawParams: Map<string, { lineWidth?: number; stroke?: string; fill?: string }>;
}

function numbers(text: string | undefined): number[] {
  if (!text) return [];
  return text.trim().split(/[\s,]+/).map(Number).filter((n) => Number.isFinite(n));
}

export function parseBox(text: string | undefined): OfdBox | undefined {
  const [x, y, w, h] = numbers(text);
  return [x, y, w, h].every((n) => n !== undefined) ? { x, y, w, h } : undefined;
}

/** `DeltaX="g 3 5.2 4"`: "g n v" repeats v n times. */
export function expandDeltas(text: string | undefined): number[] {
  if (!text) return [];
  const tokens = text.trim().split(/\s+/);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] === 'g') {
      const count = Number(tokens[i + 1]);
      const value = Number(tokens[i + 2]);
      if (Number.isFinite(count) && Number.isFinite(value)) for (let k = 0; k < Math.min(count, 100_000); k += 1) out.push(value);
      i += 2;
    } else {
      const value = Number(tokens[i]);
      if (Number.isFinite(value)) out.push(value);
    }
  }
  return out;
}

/** `Value="255 0 0"` (or `#FF #00 #00`) → `#ff0000`. */
export function ofdColor(element: Element | undefined): string | undefined {
  const value = attr(element, 'Value');
  if (!value) return undefined;
  const parts = value.trim().split(/\s+/).map((p) => (p.startsWith('#') ? parseInt(p.slice(1), 16) : Number(p)));
  if (parts.length < 3 || parts.slice(0, 3).some((n) => !Number.isFinite(n))) return undefined;
  return `#${parts.slice(0, 3).map((n) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')).join('')}`;
}

/** AbbreviatedData → SVG path data: S/M move, L line, Q quadratic, B cubic, A arc, C close. */
export function abbreviatedToSvgPath(data: string | undefined): string {
  if (!data) return '';
  const tokens = data.trim().split(/\s+/);
  const arity: Record<string, [string, number]> = { S: ['M', 2], M: ['M', 2], L: ['L', 2], Q: ['Q', 4], B: ['C', 6], A: ['A', 7], C: ['Z', 0] };
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const command = arity[tokens[i]];
    if (!command) { i += 1; continue; }
    const [svg, count] = command;
    const args = tokens.slice(i + 1, i + 1 + count).map(Number);
    i += 1 + count;
    if (args.length !== count || args.some((n) => !Number.isFinite(n))) break;
    out.push(count ? `${svg}${args.join(' ')}` : svg);
  }
  return out.join(' ');
}

async function readXml(zip: JSZip, path: string): Promise<Document | undefined> {
  const file = zip.file(path) ?? zip.file(path.replace(/^\//, ''));
  if (!file) return undefined;
  return parseXml(await file.async('string'), path);
}

/** OFD locations are relative to the part that names them, or absolute from the package root. */
function locate(fromPart: string, location: string | null | undefined): string {
  const text = (location ?? '').trim();
  return text.startsWith('/') ? resolvePartPath('', text) : resolvePartPath(dirOf(fromPart), text);
}

async function readResources(zip: JSZip, resPaths: string[], into: Resources): Promise<void> {
  for (const resPath of resPaths) {
    const doc = await readXml(zip, resPath);
    if (!doc) continue;
    const res = doc.documentElement;
    const baseDir = resolvePartPath(dirOf(resPath), attr(res, 'BaseLoc') ?? '');
    const inBase = (loc: string | null | undefined) => {
      const text = (loc ?? '').trim();
      return text.startsWith('/') ? resolvePartPath('', text) : resolvePartPath(baseDir, text);
    };
    for (const font of descendants(res, 'Font')) {
      const id = attr(font, 'ID');
      if (!id) continue;
      const file = childElement(font, 'FontFile')?.textContent;
      into.fonts.set(id, {
        id, name: attr(font, 'FontName') ?? '', family: attr(font, 'FamilyName'),
        bold: attr(font, 'Bold') === 'true', italic: attr(font, 'Italic') === 'true',
        file: file ? inBase(file) : undefined,
      });
    }
    for (const media of descendants(res, 'MultiMedia')) {
      const id = attr(media, 'ID');
      const file = childElement(media, 'MediaFile')?.textContent;
      if (id && file) into.media.set(id, inBase(file));
    }
    for (const param of descendants(res, 'DrawParam')) {
      const id = attr(param, 'ID');
      if (!id) continue;
      into.drawParams.set(id, {
        lineWidth: numberAttr(param, 'LineWidth'), stroke: ofdColor(childElement(param, 'StrokeColor')), fill: ofdColor(childElement(param, 'FillColor')),
      });
    }
  }
}

function ctmOf(element: Element): number[] | undefined {
  const ctm = numbers(attr(element, 'CTM'));
  return ctm.length === 6 ? ctm : undefined;
}

function readTextCodes(textObject: Element): OfdTextCode[] {
  const codes: OfdTextCode[] = [];
  let lastX = 0;
  let lastY = 0;
  for (const code of childElements(textObject, 'TextCode')) {
    const text = code.textContent ?? '';
    const x = numberAttr(code, 'X') ?? lastX;
    const y = numberAttr(code, 'Y') ?? lastY;
    const dx = expandDeltas(attr(code, 'DeltaX'));
    const dy = expandDeltas(attr(code, 'DeltaY'));
    const chars = Array.from(text);
    const entry: OfdTextCode = { x, y, text };
    if (dx.length > 0 && chars.length > 1) {
      let cx = x;
      entry.xs = [x, ...chars.slice(1).map((_, i) => { cx += dx[Math.min(i, dx.length - 1)] ?? 0; return cx; })];
    }
    if (dy.length > 0 && chars.length > 1) {
      let cy = y;
      entry.ys = [y, ...chars.slice(1).map((_, i) => { cy += dy[Math.min(i, dy.length - 1)] ?? 0; return cy; })];
    }
    lastX = entry.xs ? entry.xs[entry.xs.length - 1] : x;
    lastY = y;
    codes.push(entry);
  }
  return codes;
}

function readObjects(container: Element | undefined, res: Resources, layerParam: string | undefined, out: OfdObject[]): void {
  for (const node of childElements(container)) {
    const boundary = parseBox(attr(node, 'Boundary'));
    const param = res.drawParams.get(attr(node, 'DrawParam') ?? layerParam ?? '');
    switch (node.localName) {
      case 'TextObject': {
        if (!boundary) break;
        const font = res.fonts.get(attr(node, 'Font') ?? '');
        const weight = numberAttr(node, 'Weight');
        out.push({
          kind: 'text', boundary, ctm: ctmOf(node), size: numberAttr(node, 'Size') ?? 3.5, font,
          color: ofdColor(childElement(node, 'FillColor')) ?? param?.fill ?? '#000000',
          bold: (weight !== undefined && weight >= 600) || Boolean(font?.bold),
          italic: attr(node, 'Italic') === 'true' || Boolean(font?.italic),
          codes: readTextCodes(node),
        });
        break;
      }
      case 'PathObject': {
        if (!boundary) break;
        const d = abbreviatedToSvgPath(childElement(node, 'AbbreviatedData')?.textContent ?? '');
        if (!d) break;
        const stroked = attr(node, 'Stroke') !== 'false';
        const filled = attr(node, 'Fill') === 'true';
        out.push({
          kind: 'path', boundary, ctm: ctmOf(node), d,
          stroke: stroked ? (ofdColor(childElement(node, 'StrokeColor')) ?? param?.stroke ?? '#000000') : undefined,
          fill: filled ? (ofdColor(childElement(node, 'FillColor')) ?? param?.fill ?? '#000000') : undefined,
          lineWidth: numberAttr(node, 'LineWidth') ?? param?.lineWidth ?? DEFAULT_LINE_WIDTH,
        });
        break;
      }
      case 'ImageObject': {
        const path = res.media.get(attr(node, 'ResourceID') ?? '');
        if (!boundary || !path) break;
        out.push({ kind: 'image', boundary, ctm: ctmOf(node), path, mimeType: imageMimeType(path) });
        break;
      }
      case 'PageBlock':
        readObjects(node, res, layerParam, out);
        break;
      default:
        break;
    }
  }
}

function layersOf(pageDoc: Document | undefined, res: Resources): OfdObject[] {
  const objects: OfdObject[] = [];
  const content = pathElement(pageDoc, 'Page', 'Content');
  for (const layer of childElements(content, 'Layer')) readObjects(layer, res, attr(layer, 'DrawParam'), objects);
  return objects;
}

function pageResPaths(pageDoc: Document | undefined, pagePath: string): string[] {
  return childElements(pageDoc?.documentElement, 'PageRes').map((e) => locate(pagePath, e.textContent));
}

export async function readOfd(data: ArrayBuffer | Uint8Array): Promise<OfdDocument> {
  const zip = await openZip(data, 'OFD');
  const entry = await readXml(zip, 'OFD.xml');
  if (!entry) throw new UnreadableFileError('OFD.xml is missing');
  const docRoot = descendants(entry, 'DocRoot')[0]?.textContent?.trim();
  if (!docRoot) throw new UnreadableFileError('OFD.xml names no DocRoot');
  const docPath = locate('OFD.xml', docRoot);
  const document = await readXml(zip, docPath);
  if (!document) throw new UnreadableFileError(`${docPath} is missing`);

  const common = pathElement(document, 'Document', 'CommonData');
  const defaultBox = parseBox(pathElement(common, 'PageArea', 'PhysicalBox')?.textContent ?? undefined) ?? A4;
  const resPaths = [...childElements(common, 'PublicRes'), ...childElements(common, 'DocumentRes')].map((e) => locate(docPath, e.textContent));
  const resources: Resources = { fonts: new Map(), media: new Map(), drawParams: new Map() };
  await readResources(zip, resPaths, resources);

  const templates = new Map<string, string>();
  for (const template of childElements(common, 'TemplatePage')) {
    const id = attr(template, 'ID');
    const loc = attr(template, 'BaseLoc');
    if (id && loc) templates.set(id, locate(docPath, loc));
  }
  const templateObjects = new Map<string, OfdObject[]>();

  const pages: OfdPage[] = [];
  const pageElements = descendants(pathElement(document, 'Document', 'Pages'), 'Page').slice(0, MAX_PAGES);
  for (const [index, pageElement] of pageElements.entries()) {
    const pagePath = locate(docPath, attr(pageElement, 'BaseLoc'));
    const pageDoc = await readXml(zip, pagePath);
    const pageRes = pageResPaths(pageDoc, pagePath);
    const res: Resources = pageRes.length
      ? { fonts: new Map(resources.fonts), media: new Map(resources.media), drawParams: new Map(resources.drawParams) }
      : resources;
    if (pageRes.length) await readResources(zip, pageRes, res);

    const background: OfdObject[] = [];
    const foreground: OfdObject[] = [];
    for (const use of childElements(pageDoc?.documentElement, 'Template')) {
      const id = attr(use, 'TemplateID') ?? '';
      const templatePath = templates.get(id);
      if (!templatePath) continue;
      if (!templateObjects.has(id)) templateObjects.set(id, layersOf(await readXml(zip, templatePath), res));
      (attr(use, 'ZOrder') === 'Foreground' ? foreground : background).push(...templateObjects.get(id)!);
    }
    const box = parseBox(pathElement(pageDoc, 'Page', 'Area', 'PhysicalBox')?.textContent ?? undefined) ?? defaultBox;
    pages.push({ number: index + 1, box, objects: [...background, ...layersOf(pageDoc, res), ...foreground] });
  }
  if (pages.length === 0) throw new UnreadableFileError('the document has no pages');
  return {
    pages,
    fonts: [...resources.fonts.values()],
    async readPart(path) {
      const file = zip.file(path);
      return file ? file.async('uint8array') : undefined;
    },
  };
}

/** The text of each text object of a page, in the file's order. */
export function ofdPageTexts(page: OfdPage): string[] {
  return page.objects.flatMap((o) => (o.kind === 'text' ? [o.codes.map((c) => c.text).join('')] : [])).filter((t) => t.trim() !== '');
}
