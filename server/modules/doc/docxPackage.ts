import path from 'node:path';
import PizZip from 'pizzip';

/** The main document part of a .docx as Word and WPS write it (compileTemplate checks it exists). */
export const MAIN_DOCUMENT = 'word/document.xml';
const CONTENT_TYPES = '[Content_Types].xml';
/** The first element's start tag: past the XML declaration and any comment. */
const ROOT_TAG = /<(?![?!])[\w:.-]+\b[^>]*>/;

export interface Relationship { id: string; type: string; target: string; external: boolean }

const attributesOf = (tag: string): Map<string, string> => new Map([...tag.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** `word/_rels/document.xml.rels` for `word/document.xml` (OPC: a part's relationships live beside it). */
export const relsPathOf = (part: string) => path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);

/** A relationship's target as a path in the zip, from the part that holds it ("media/a.png" from word/ → word/media/a.png). */
export function resolveTarget(part: string, target: string): string {
  const joined = target.startsWith('/') ? target : path.posix.join(path.posix.dirname(part), target);
  return path.posix.normalize(joined).replace(/^\/+/, '');
}

/**
 * A .docx opened for additions: parts, relationships, content types and edits of existing XML
 * parts. Names and relationship ids are reserved at once — so XML that refers to them can be
 * made before a docxtemplater render — while the writes wait for `commit()`, which applies
 * them to the parts as they are then: docxtemplater writes its cached main document and
 * [Content_Types].xml back when it renders, and would undo anything written before.
 */
export class DocxPackage {
  private readonly parts = new Map<string, Buffer | string>();
  private readonly edits = new Map<string, ((xml: string | null) => string)[]>();
  private readonly reservedIds = new Map<string, Set<string>>();

  constructor(readonly zip: PizZip) {}

  static open(bytes: Buffer): DocxPackage {
    return new DocxPackage(new PizZip(bytes));
  }

  has(part: string): boolean {
    return this.parts.has(part) || this.zip.file(part) !== null;
  }

  /** A part's text as the zip holds it now (not counting pending edits); null when absent. */
  text(part: string): string | null {
    return this.zip.file(part)?.asText() ?? null;
  }

  bytes(part: string): Buffer | null {
    return this.zip.file(part)?.asNodeBuffer() ?? null;
  }

  relationships(part: string): Relationship[] {
    const xml = this.text(relsPathOf(part)) ?? '';
    return [...xml.matchAll(/<Relationship\b[^>]*>/g)].map((m) => {
      const a = attributesOf(m[0]);
      return { id: a.get('Id') ?? '', type: a.get('Type') ?? '', target: a.get('Target') ?? '', external: a.get('TargetMode') === 'External' };
    });
  }

  /** The content type of a part: its Override, else the Default of its extension. */
  contentTypeOf(part: string): string | null {
    const xml = this.text(CONTENT_TYPES) ?? '';
    const entries = [...xml.matchAll(/<(Override|Default)\b[^>]*>/g)].map((m) => ({ kind: m[1], a: attributesOf(m[0]) }));
    const override = entries.find((e) => e.kind === 'Override' && e.a.get('PartName') === `/${part}`);
    const extension = path.posix.extname(part).slice(1).toLowerCase();
    const byDefault = entries.find((e) => e.kind === 'Default' && e.a.get('Extension')?.toLowerCase() === extension);
    return override?.a.get('ContentType') ?? byDefault?.a.get('ContentType') ?? null;
  }

  /** `wanted` when no part has that name yet, else the same name with -2, -3, … before the extension. */
  freePartName(wanted: string): string {
    const extension = path.posix.extname(wanted);
    const stem = wanted.slice(0, wanted.length - extension.length);
    let name = wanted;
    for (let n = 2; this.has(name); n += 1) name = `${stem}-${n}${extension}`;
    return name;
  }

  /** Adds a part (at commit) under a free name near `wanted`, with its content type; answers the name. */
  addPart(wanted: string, data: Buffer | string, contentType: string): string {
    const name = this.freePartName(wanted);
    this.parts.set(name, data);
    this.setContentType(name, contentType);
    return name;
  }

  /** Queues a change of an XML part (created when `xml` is null); edits run in order at commit. */
  edit(part: string, change: (xml: string | null) => string): void {
    this.edits.set(part, [...(this.edits.get(part) ?? []), change]);
  }

  /** A new relationship of `part` (at commit); its id is reserved now, for XML that refers to it. */
  addRelationship(part: string, rel: Omit<Relationship, 'id'>): string {
    const taken = this.reservedIds.get(part) ?? new Set(this.relationships(part).map((r) => r.id));
    this.reservedIds.set(part, taken);
    let n = taken.size + 1;
    while (taken.has(`rId${n}`)) n += 1;
    const id = `rId${n}`;
    taken.add(id);
    const element = `<Relationship Id="${id}" Type="${rel.type}" Target="${rel.target}"${rel.external ? ' TargetMode="External"' : ''}/>`;
    this.edit(relsPathOf(part), (xml) => (xml ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
      + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>').replace('</Relationships>', `${element}</Relationships>`));
    return id;
  }

  /** Gives a part its content type: through its extension's Default when free or equal, else an Override. */
  setContentType(part: string, contentType: string): void {
    this.edit(CONTENT_TYPES, (xml) => {
      const types = xml ?? '';
      const extension = path.posix.extname(part).slice(1).toLowerCase();
      const known = [...types.matchAll(/<Default\b[^>]*>/g)].map((m) => attributesOf(m[0])).find((a) => a.get('Extension')?.toLowerCase() === extension);
      if (known?.get('ContentType') === contentType) return types;
      const entry = known || !extension
        ? `<Override PartName="/${part}" ContentType="${contentType}"/>`
        : `<Default Extension="${extension}" ContentType="${contentType}"/>`;
      return types.replace('</Types>', `${entry}</Types>`);
    });
  }

  /**
   * Copies a part of another package, with the parts its own relationships reach (a chart's
   * embedded workbook), under free names beside where it was; answers its name here. `copied`
   * remembers what one insertion copied already, so a picture used twice is copied once.
   */
  importPart(source: DocxPackage, part: string, copied: Map<string, string>): string {
    const done = copied.get(part);
    if (done) return done;
    const name = this.addPart(part, source.bytes(part) ?? Buffer.alloc(0), source.contentTypeOf(part) ?? 'application/octet-stream');
    copied.set(part, name);
    for (const rel of source.relationships(part)) {
      const target = rel.external ? rel.target : path.posix.relative(path.posix.dirname(name), this.importPart(source, resolveTarget(part, rel.target), copied));
      this.edit(relsPathOf(name), (xml) => (xml ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>')
        .replace('</Relationships>', `<Relationship Id="${rel.id}" Type="${rel.type}" Target="${target}"${rel.external ? ' TargetMode="External"' : ''}/></Relationships>`));
    }
    return name;
  }

  /** Writes the added parts and applies the queued edits to the parts as they are now. */
  commit(): void {
    for (const [name, data] of this.parts) this.zip.file(name, data);
    for (const [part, changes] of this.edits) this.zip.file(part, changes.reduce<string | null>((xml, change) => change(xml), this.text(part)) ?? '');
    this.parts.clear();
    this.edits.clear();
  }
}

/**
 * Declares on the root element of `xml` the namespace prefixes of `declarations` it lacks, and
 * adds their mc:Ignorable prefixes to its own: XML copied from another part keeps the prefixes
 * that part declared at its root (w14, wp, a, …).
 */
export function mergeRootNamespaces(xml: string, declarations: ReadonlyMap<string, string>, ignorable: readonly string[]): string {
  const root = ROOT_TAG.exec(xml);
  if (!root) return xml;
  const own = namespacesOf(root[0]);
  const added = [...declarations].filter(([prefix]) => !own.has(prefix)).map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  let tag = root[0].replace(/\s*>$/, (end) => `${added}${end}`);
  const declared = new Set([...own.keys(), ...declarations.keys()]);
  const current = ignorableOf(tag);
  const wanted = [...new Set([...current, ...ignorable.filter((p) => declared.has(p))])];
  if (wanted.length > current.length && declared.has('mc')) {
    tag = current.length ? tag.replace(/mc:Ignorable="[^"]*"/, `mc:Ignorable="${wanted.join(' ')}"`) : tag.replace(/\s*>$/, (end) => ` mc:Ignorable="${wanted.join(' ')}"${end}`);
  }
  return xml.slice(0, root.index) + tag + xml.slice(root.index + root[0].length);
}

/** The xmlns:prefix declarations of an element's start tag. */
export function namespacesOf(startTag: string): Map<string, string> {
  return new Map([...startTag.matchAll(/\sxmlns:([\w.-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/** The start tag of a part's root element (`<w:document …>`), or '' when none is found. */
export function rootStartTag(xml: string): string {
  return ROOT_TAG.exec(xml)?.[0] ?? '';
}

/** The mc:Ignorable prefixes of a root start tag. */
export const ignorableOf = (startTag: string): string[] => (attributesOf(startTag).get('mc:Ignorable') ?? '').split(/\s+/).filter(Boolean);
