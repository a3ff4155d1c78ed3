import { createHash } from 'node:crypto';
import { buildRegistry, SchemaError, type MenuEntry, type Registry, type RegistryOptions, type SchemaSource } from '../../runtime/core/schema';

/** The running definition of one designed or customised entity: its latest version. */
export interface PublishedDesign {
  name: string;
  module: string;
  version: number;
  /** Null after a reset: the file's definition runs. */
  doc: Record<string, unknown> | null;
  fileHash: string | null;
}

/** The shown "file" of a designed document in errors: `design:OfficeTravel`. */
export function designFile(name: string): string {
  return `design:${name}`;
}

/** What a file's document hashes to: a design made over it remembers it, a later file differs. */
export function documentHash(doc: unknown): string {
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 32);
}

export function fileEntitySource(fileSources: SchemaSource[], name: string): SchemaSource | undefined {
  return fileSources.find((s) => s.kind === 'entity' && (s.doc as { name?: unknown }).name === name);
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * A new entity's menu entry, added to its module's first menu directory: `/office/travel-apply`
 * for OfficeTravelApply under 行政办公. Its buttons (one per permission) follow from the entity,
 * as for any file-defined page, so administrators grant it to roles as any other page.
 */
function designedMenu(dir: MenuEntry, name: string, title: string, taken: Set<string>): MenuEntry {
  let path = `${dir.path ?? ''}/${kebab(name)}`;
  while (taken.has(path)) path = `${path}-d`;
  return { name: `design${name}`, title, type: 'page', path, entity: name, icon: 'FormOutlined', sort: 900 };
}

function menuPaths(sources: SchemaSource[]): Set<string> {
  const paths = new Set<string>();
  const walk = (menus: MenuEntry[] = []) => menus.forEach((m) => { if (m.path) paths.add(m.path); walk(m.children); });
  for (const s of sources) if (s.kind === 'module') walk((s.doc as { menus?: MenuEntry[] }).menus);
  return paths;
}

/**
 * The files with the published designs laid over them: a customised entity's document replaces
 * its file's, a new entity joins its module's folder and its module's first menu directory.
 */
export function overlaySources(fileSources: SchemaSource[], designs: PublishedDesign[]): SchemaSource[] {
  const sources = [...fileSources];
  const taken = menuPaths(fileSources);
  for (const design of designs) {
    if (!design.doc) continue;
    const index = sources.findIndex((s) => s.kind === 'entity' && (s.doc as { name?: unknown }).name === design.name);
    const source: SchemaSource = { file: designFile(design.name), module: design.module, kind: 'entity', doc: design.doc };
    if (index >= 0) {
      sources[index] = { ...source, module: sources[index].module };
      continue;
    }
    sources.push(source);
    const moduleIndex = sources.findIndex((s) => s.kind === 'module' && s.module === design.module);
    if (moduleIndex < 0) continue; // the registry build names the missing module
    const moduleDoc = sources[moduleIndex].doc as { menus?: MenuEntry[] };
    const menus = [...(moduleDoc.menus ?? [])];
    const dirIndex = menus.findIndex((m) => m.type === 'dir');
    const title = String(design.doc.title ?? design.name);
    const entry = designedMenu(menus[dirIndex] ?? { name: '', title: '', type: 'dir' }, design.name, title, taken);
    taken.add(entry.path!);
    if (dirIndex >= 0) menus[dirIndex] = { ...menus[dirIndex], children: [...(menus[dirIndex].children ?? []), entry] };
    else menus.push(entry);
    sources[moduleIndex] = { ...sources[moduleIndex], doc: { ...moduleDoc, menus } };
  }
  return sources;
}

export interface DesignedRegistry {
  registry: Registry;
  /** Published designs the files no longer accept (a file changed under them): left out, with why. */
  refused: { name: string; message: string }[];
}

/**
 * The registry the server runs: files plus published designs. A design the current files refuse
 * (a file it refers to changed) is left out and reported, never the whole server stopped; a broken
 * file still stops the load as before.
 */
export function buildDesignedRegistry(fileSources: SchemaSource[], designs: PublishedDesign[], options: RegistryOptions): DesignedRegistry {
  let active = designs.filter((d) => d.doc);
  const refused: DesignedRegistry['refused'] = [];
  for (;;) {
    try {
      return { registry: buildRegistry(overlaySources(fileSources, active), options), refused };
    } catch (error) {
      if (!(error instanceof SchemaError) || active.length === 0) throw error;
      const culprit = active.find((d) => error.file === designFile(d.name)) ?? active[active.length - 1];
      refused.push({ name: culprit.name, message: error.message });
      active = active.filter((d) => d !== culprit);
    }
  }
}
