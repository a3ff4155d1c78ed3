import JSZip from 'jszip';
import {
  UnreadableFileError, attr, childElement, childElements, descendants, dirOf, imageMimeType, numberAttr, parseXml, pathElement, resolvePartPath,
} from '../xml';

/**
 * A .pptx (Office Open XML presentation: a zip of XML parts) read into slide cards: each slide's
 * text boxes, pictures and tables with their positions. Fonts, theme colours, animations and
 * charts are not interpreted; what the card shows is the slide's content in its place.
 * Lengths are EMU (914400 per inch, 12700 per point).
 */

export interface Box { x: number; y: number; w: number; h: number }

export interface TextRun {
  text: string;
  /** Points. */
  size?: number;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** `#rrggbb`. */
  color?: string;
}

export interface TextParagraph {
  align?: 'left' | 'center' | 'right' | 'justify';
  level: number;
  bullet: boolean;
  runs: TextRun[];
}

export type SlideShape =
  | { kind: 'text'; box?: Box; placeholder?: string; fill?: string; paragraphs: TextParagraph[] }
  | { kind: 'image'; box?: Box; path: string; mimeType: string; description?: string }
  | { kind: 'table'; box?: Box; rows: string[][]; columnWidths: number[] };

export interface Slide {
  /** 1-based, in presentation order. */
  number: number;
  partName: string;
  background?: string;
  shapes: SlideShape[];
}

export interface Presentation {
  /** Slide size, EMU. */
  width: number;
  height: number;
  slides: Slide[];
  /** Reads a media part (a picture) of the package. */
  readMedia(path: string): Promise<Uint8Array | undefined>;
}

/** 10 in × 7.5 in, PowerPoint's 4:3 default, used when presentation.xml gives no size. */
const DEFAULT_WIDTH = 9_144_000;
const DEFAULT_HEIGHT = 6_858_000;
const MAX_SLIDES = 500;

interface Relationship { id: string; type: string; target: string }

async function readPart(zip: JSZip, path: string): Promise<Document | undefined> {
  const file = zip.file(path);
  if (!file) return undefined;
  return parseXml(await file.async('string'), path);
}

function relsPathOf(partName: string): string {
  const dir = dirOf(partName);
  const base = partName.slice(dir.length ? dir.length + 1 : 0);
  return `${dir ? `${dir}/` : ''}_rels/${base}.rels`;
}

async function readRels(zip: JSZip, partName: string): Promise<Map<string, Relationship>> {
  const doc = await readPart(zip, relsPathOf(partName));
  const rels = new Map<string, Relationship>();
  for (const rel of descendants(doc, 'Relationship')) {
    const id = attr(rel, 'Id');
    const target = attr(rel, 'Target');
    if (!id || !target || attr(rel, 'TargetMode') === 'External') continue;
    rels.set(id, { id, type: attr(rel, 'Type') ?? '', target: resolvePartPath(dirOf(partName), target) });
  }
  return rels;
}

function colorOf(fillParent: Element | undefined): string | undefined {
  const solid = childElement(fillParent, 'solidFill');
  const rgb = childElement(solid, 'srgbClr');
  const value = attr(rgb, 'val');
  return value && /^[0-9a-f]{6}$/i.test(value) ? `#${value.toLowerCase()}` : undefined;
}

function boxOf(xfrm: Element | undefined): Box | undefined {
  const off = childElement(xfrm, 'off');
  const ext = childElement(xfrm, 'ext');
  const x = numberAttr(off, 'x');
  const y = numberAttr(off, 'y');
  const w = numberAttr(ext, 'cx');
  const h = numberAttr(ext, 'cy');
  if (x === undefined || y === undefined || w === undefined || h === undefined) return undefined;
  return { x, y, w, h };
}

/** A group's children are placed in the group's child coordinate space (chOff/chExt). */
interface GroupTransform { map(box: Box): Box }
const IDENTITY: GroupTransform = { map: (box) => box };

function groupTransform(grpSp: Element, outer: GroupTransform): GroupTransform {
  const xfrm = pathElement(grpSp, 'grpSpPr', 'xfrm');
  const box = boxOf(xfrm);
  const chOff = childElement(xfrm, 'chOff');
  const chExt = childElement(xfrm, 'chExt');
  if (!box) return outer;
  const cx = numberAttr(chOff, 'x') ?? box.x;
  const cy = numberAttr(chOff, 'y') ?? box.y;
  const cw = numberAttr(chExt, 'cx') || box.w || 1;
  const ch = numberAttr(chExt, 'cy') || box.h || 1;
  const sx = box.w / cw;
  const sy = box.h / ch;
  return {
    map: (inner) => outer.map({ x: box.x + (inner.x - cx) * sx, y: box.y + (inner.y - cy) * sy, w: inner.w * sx, h: inner.h * sy }),
  };
}

const ALIGN: Record<string, TextParagraph['align']> = { l: 'left', ctr: 'center', r: 'right', just: 'justify', dist: 'justify' };

function runOf(run: Element, text: string): TextRun {
  const rPr = childElement(run, 'rPr');
  const size = numberAttr(rPr, 'sz');
  return {
    text,
    size: size ? size / 100 : undefined,
    bold: attr(rPr, 'b') === '1' || attr(rPr, 'b') === 'true' || undefined,
    italic: attr(rPr, 'i') === '1' || attr(rPr, 'i') === 'true' || undefined,
    underline: (attr(rPr, 'u') !== undefined && attr(rPr, 'u') !== 'none') || undefined,
    color: colorOf(rPr),
  };
}

/** Paragraphs of a text body (`p:txBody` / `a:txBody`): runs, fields and line breaks. */
export function readParagraphs(txBody: Element | undefined): TextParagraph[] {
  return childElements(txBody, 'p').map((p) => {
    const pPr = childElement(p, 'pPr');
    const runs: TextRun[] = [];
    for (const node of childElements(p)) {
      if (node.localName === 'r' || node.localName === 'fld') runs.push(runOf(node, childElement(node, 't')?.textContent ?? ''));
      else if (node.localName === 'br') runs.push({ text: '\n' });
    }
    return {
      align: ALIGN[attr(pPr, 'algn') ?? ''],
      level: numberAttr(pPr, 'lvl') ?? 0,
      bullet: childElement(pPr, 'buChar') !== undefined || childElement(pPr, 'buAutoNum') !== undefined,
      runs,
    };
  });
}

export function paragraphText(paragraph: TextParagraph): string {
  return paragraph.runs.map((r) => r.text).join('');
}

interface PlaceholderKey { type: string; idx?: string }

function placeholderOf(nvPr: Element | undefined): PlaceholderKey | undefined {
  const ph = childElement(nvPr, 'ph');
  if (!ph) return undefined;
  return { type: attr(ph, 'type') ?? 'body', idx: attr(ph, 'idx') };
}

/** Positions of the placeholders of a layout or master, by `type` and by `idx`. */
interface PlaceholderBoxes { byIdx: Map<string, Box>; byType: Map<string, Box> }

function placeholderBoxes(doc: Document | undefined): PlaceholderBoxes {
  const boxes: PlaceholderBoxes = { byIdx: new Map(), byType: new Map() };
  for (const sp of descendants(doc, 'sp')) {
    const key = placeholderOf(pathElement(sp, 'nvSpPr', 'nvPr'));
    const box = boxOf(pathElement(sp, 'spPr', 'xfrm'));
    if (!key || !box) continue;
    if (key.idx !== undefined && !boxes.byIdx.has(key.idx)) boxes.byIdx.set(key.idx, box);
    if (!boxes.byType.has(key.type)) boxes.byType.set(key.type, box);
  }
  return boxes;
}

const TITLE_TYPES = new Set(['title', 'ctrTitle']);

function inheritedBox(key: PlaceholderKey, sources: PlaceholderBoxes[]): Box | undefined {
  for (const source of sources) {
    const byIdx = key.idx !== undefined ? source.byIdx.get(key.idx) : undefined;
    if (byIdx) return byIdx;
    const byType = source.byType.get(key.type) ?? (TITLE_TYPES.has(key.type) ? (source.byType.get('title') ?? source.byType.get('ctrTitle')) : undefined);
    if (byType) return byType;
  }
  return undefined;
}

function tableRows(graphicFrame: Element): string[][] {
  const table = descendants(graphicFrame, 'tbl')[0];
  return childElements(table, 'tr').map((tr) => childElements(tr, 'tc').map((tc) => readParagraphs(childElement(tc, 'txBody')).map(paragraphText).join('\n')));
}

function collectShapes(tree: Element | undefined, transform: GroupTransform, rels: Map<string, Relationship>, inherited: PlaceholderBoxes[], out: SlideShape[]): void {
  for (const node of childElements(tree)) {
    switch (node.localName) {
      case 'sp': {
        const key = placeholderOf(pathElement(node, 'nvSpPr', 'nvPr'));
        const own = boxOf(pathElement(node, 'spPr', 'xfrm'));
        const box = own ? transform.map(own) : key ? inheritedBox(key, inherited) : undefined;
        const paragraphs = readParagraphs(childElement(node, 'txBody'));
        const fill = colorOf(childElement(node, 'spPr'));
        if (paragraphs.some((p) => paragraphText(p).trim() !== '') || fill) {
          out.push({ kind: 'text', box, placeholder: key?.type, fill, paragraphs });
        }
        break;
      }
      case 'pic': {
        const blip = descendants(childElement(node, 'blipFill'), 'blip')[0];
        const rel = rels.get(attr(blip, 'embed') ?? '');
        if (!rel) break;
        const own = boxOf(pathElement(node, 'spPr', 'xfrm'));
        const description = attr(pathElement(node, 'nvPicPr', 'cNvPr'), 'descr');
        out.push({ kind: 'image', box: own ? transform.map(own) : undefined, path: rel.target, mimeType: imageMimeType(rel.target), description });
        break;
      }
      case 'graphicFrame': {
        const rows = tableRows(node);
        if (rows.length === 0) break;
        const own = boxOf(childElement(node, 'xfrm'));
        const columnWidths = descendants(descendants(node, 'tblGrid')[0], 'gridCol').map((col) => numberAttr(col, 'w') ?? 0);
        out.push({ kind: 'table', box: own ? transform.map(own) : undefined, rows, columnWidths });
        break;
      }
      case 'grpSp':
        collectShapes(node, groupTransform(node, transform), rels, inherited, out);
        break;
      case 'AlternateContent': {
        // mc:Choice needs features we may not have; mc:Fallback is the plain version.
        const fallback = childElement(node, 'Fallback') ?? childElement(node, 'Choice');
        collectShapes(fallback, transform, rels, inherited, out);
        break;
      }
      default:
        break;
    }
  }
}

/** `r:id` of an element that also has a plain `id` (p:sldId). */
function relationshipId(element: Element): string | undefined {
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.localName === 'id' && attribute.namespaceURI && attribute.namespaceURI.includes('relationships')) return attribute.value;
  }
  return undefined;
}

function slideNumberOf(path: string): number {
  return Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0);
}

async function slideOrder(zip: JSZip): Promise<string[]> {
  const presentationPath = 'ppt/presentation.xml';
  const presentation = await readPart(zip, presentationPath);
  const rels = await readRels(zip, presentationPath);
  const ordered = descendants(pathElement(presentation, 'presentation', 'sldIdLst'), 'sldId')
    .map((sldId) => rels.get(relationshipId(sldId) ?? '')?.target)
    .filter((path): path is string => Boolean(path && zip.file(path)));
  if (ordered.length > 0) return ordered;
  // No usable list: every slide part, by its number.
  return Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).sort((a, b) => slideNumberOf(a) - slideNumberOf(b));
}

export async function openZip(data: ArrayBuffer | Uint8Array, what: string): Promise<JSZip> {
  try {
    return await JSZip.loadAsync(data);
  } catch {
    throw new UnreadableFileError(`not a ${what} package (zip)`);
  }
}

export async function readPptx(data: ArrayBuffer | Uint8Array): Promise<Presentation> {
  const zip = await openZip(data, 'PowerPoint');
  if (!zip.file('ppt/presentation.xml')) throw new UnreadableFileError('ppt/presentation.xml is missing');
  const presentation = await readPart(zip, 'ppt/presentation.xml');
  const size = pathElement(presentation, 'presentation', 'sldSz');
  const width = numberAttr(size, 'cx') || DEFAULT_WIDTH;
  const height = numberAttr(size, 'cy') || DEFAULT_HEIGHT;

  const paths = (await slideOrder(zip)).slice(0, MAX_SLIDES);
  const slides: Slide[] = [];
  const boxesCache = new Map<string, Promise<PlaceholderBoxes>>();
  const boxesOf = (path: string) => {
    if (!boxesCache.has(path)) boxesCache.set(path, readPart(zip, path).then(placeholderBoxes));
    return boxesCache.get(path)!;
  };
  for (const [index, partName] of paths.entries()) {
    const doc = await readPart(zip, partName);
    const rels = await readRels(zip, partName);
    const inherited: PlaceholderBoxes[] = [];
    const layout = [...rels.values()].find((r) => r.type.endsWith('/slideLayout'));
    if (layout) {
      inherited.push(await boxesOf(layout.target));
      const master = [...(await readRels(zip, layout.target)).values()].find((r) => r.type.endsWith('/slideMaster'));
      if (master) inherited.push(await boxesOf(master.target));
    }
    const cSld = pathElement(doc, 'sld', 'cSld');
    const shapes: SlideShape[] = [];
    collectShapes(childElement(cSld, 'spTree'), IDENTITY, rels, inherited, shapes);
    slides.push({ number: index + 1, partName, background: colorOf(pathElement(cSld, 'bg', 'bgPr')), shapes });
  }
  return {
    width, height, slides,
    async readMedia(path) {
      const file = zip.file(path);
      return file ? file.async('uint8array') : undefined;
    },
  };
}

/** Every text of a slide in reading order (text boxes by paragraph, then table cells). */
export function slideTexts(slide: Slide): string[] {
  return slide.shapes.flatMap((shape) => {
    if (shape.kind === 'text') return shape.paragraphs.map(paragraphText).filter((t) => t.trim() !== '');
    if (shape.kind === 'table') return shape.rows.flat().filter((t) => t.trim() !== '');
    return [];
  });
}
