import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { activeSources } from './activeSources';
import { highlightAll, snippet } from './highlight';
import { freshenSearchIndex } from './searchFreshness';
import { widenedReadScope } from '../entity/extraReadRules';
import { matchingDocs, searchTerms, type IndexedDoc } from './searchQuery';
import { searchHitLink } from './searchSources';

export interface SearchHit {
  recordId: string;
  /** Escaped HTML, matches in `<mark>`. */
  title: string;
  snippet: string;
  time: string | null;
  /** The in-app page the hit opens on: its source's reader page (searchSources.ts `readerLink`). */
  link: string | null;
}

export interface SearchGroup {
  /** The entity, and its title's i18n key. */
  source: string;
  title: string;
  total: number;
  hits: SearchHit[];
}

/** Of the candidate rows, those whose record the principal may read now, by source. */
async function readableDocs(ctx: ServerContext, principal: Principal, docs: IndexedDoc[]): Promise<Map<string, IndexedDoc[]>> {
  const bySource = new Map<string, IndexedDoc[]>();
  for (const doc of docs) {
    const list = bySource.get(doc.source);
    if (list) list.push(doc); else bySource.set(doc.source, [doc]);
  }
  const readable = new Map<string, IndexedDoc[]>();
  for (const [name, list] of bySource) {
    const entity = ctx.registry.entities.get(name);
    const scope = entity ? await widenedReadScope(ctx, entity, principal) : undefined;
    if (!entity || !scope) continue;
    const ok = new Set<string>();
    const ids = [...new Set(list.map((d) => d.recordId))];
    for (let i = 0; i < ids.length; i += 500) {
      let query = ctx.database.db.selectFrom(entity.table).select(entity.key).where(entity.key, 'in', ids.slice(i, i + 500));
      if (scope.condition) query = query.where(scope.condition);
      for (const row of await query.execute()) ok.add(String(row[entity.key]));
    }
    readable.set(name, list.filter((d) => ok.has(d.recordId)));
  }
  return readable;
}

/** The management (menu) page of each entity, for the hits of a source without a reader page. */
async function menuPaths(ctx: ServerContext, entities: string[]): Promise<Map<string, string>> {
  if (entities.length === 0) return new Map();
  const menu = systemEntity(ctx, 'Menu');
  const rows = await ctx.database.db.selectFrom(menu.table).select(['entity', 'path'])
    .where('entity', 'in', entities).where('menuType', '=', 'page').orderBy('sort').execute();
  const paths = new Map<string, string>();
  for (const row of rows) if (row.path && !paths.has(String(row.entity))) paths.set(String(row.entity), String(row.path));
  return paths;
}

/** Title hits first, then the newest. */
function ranked(docs: IndexedDoc[], terms: string[]): IndexedDoc[] {
  const inTitle = (d: IndexedDoc) => terms.every((t) => d.title.toLowerCase().includes(t.toLowerCase()));
  return [...docs].sort((a, b) => Number(inTitle(b)) - Number(inTitle(a)) || String(b.sourceTime ?? '').localeCompare(String(a.sourceTime ?? '')));
}

/**
 * The full-text search: the changes written so far taken into the index (waited for a moment at
 * most: searchFreshness.ts), the rows holding every term, then only those whose record the caller
 * may read by that record's own rule — a hidden record is never counted, titled or quoted.
 * `source` narrows to one entity; each group pages by `pageNo`/`pageSize`.
 */
export async function runSearch(
  ctx: ServerContext, principal: Principal, query: string,
  options: { source?: string; pageNo: number; pageSize: number },
): Promise<{ terms: string[]; total: number; groups: SearchGroup[] }> {
  const terms = searchTerms(query);
  const sources = activeSources(ctx).filter((s) => !options.source || s.entity.name === options.source);
  if (terms.length === 0 || sources.length === 0) return { terms, total: 0, groups: [] };
  await freshenSearchIndex(ctx);
  const readable = await readableDocs(ctx, principal, await matchingDocs(ctx, terms, sources.map((s) => s.entity.name)));
  const paths = await menuPaths(ctx, sources.filter((s) => !s.source.readerLink).map((s) => s.entity.name));
  const groups: SearchGroup[] = [];
  for (const { source, entity } of sources) {
    const docs = ranked(readable.get(entity.name) ?? [], terms);
    if (docs.length === 0) continue;
    const from = (options.pageNo - 1) * options.pageSize;
    const managementPath = paths.get(entity.name) ?? null;
    groups.push({
      source: entity.name, title: entity.title, total: docs.length,
      hits: docs.slice(from, from + options.pageSize).map((d) => ({
        recordId: d.recordId, title: highlightAll(d.title, terms), snippet: snippet(d.body, terms), time: d.sourceTime,
        link: searchHitLink(source, d.recordId, managementPath),
      })),
    });
  }
  return { terms, total: groups.reduce((n, g) => n + g.total, 0), groups };
}
