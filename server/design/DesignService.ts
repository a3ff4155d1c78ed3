import { buildRegistry, SchemaError, type EntityDef, type RegistryOptions, type SchemaSource } from '../../runtime/core/schema';
import type { CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { recordRunLog } from '../audit/recordRunLog';
import { columnTypeFor } from '../db/tableSpecs';
import {
  buildDesignedRegistry, designFile, documentHash, fileEntitySource, overlaySources, type PublishedDesign,
} from './designSources';
import { listDrafts, readPublished, versionStamp } from './designStore';
import { swapRegistry } from './swapRegistry';
import { syncDesignRows, type DesignRow } from './designRows';

/** How often a process looks for designs another process published (the hot swap within seconds). */
const WATCH_MS = 2000;

/** One problem of a design: where in the document, and what was expected there. */
export interface DesignProblem { pointer: string; message: string }

/**
 * The designer's state in one server process: the schema files as read at start, the designs
 * laid over them, and the call table the hot swap updates. Reloads run one at a time.
 */
export class DesignService {
  private table: CallTable | undefined;
  private stamp = -1;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  published: PublishedDesign[] = [];

  constructor(
    private readonly ctx: ServerContext,
    readonly fileSources: SchemaSource[],
    private readonly options: RegistryOptions,
  ) {}

  /**
   * At start, with the registry already built from `published`: the call table a publish updates,
   * and the design index brought up to date.
   */
  async start(table: CallTable, published: PublishedDesign[]): Promise<void> {
    this.table = table;
    this.published = published;
    this.stamp = await versionStamp(this.ctx.database.db);
    await this.refreshRows();
  }

  fileSource(name: string): SchemaSource | undefined {
    return fileEntitySource(this.fileSources, name);
  }

  /** The file's document of a file-defined entity hashed, for "the file changed under the design". */
  fileHash(name: string): string | null {
    const source = this.fileSource(name);
    return source ? documentHash(source.doc) : null;
  }

  /** Reads the published designs and puts them in force (start, publish, and another process's publish). */
  reload(): Promise<string[]> {
    const run = this.queue.then(() => this.reloadNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async reloadNow(): Promise<string[]> {
    const { db } = this.ctx.database;
    this.stamp = await versionStamp(db);
    this.published = await readPublished(db);
    const { registry, refused } = buildDesignedRegistry(this.fileSources, this.published, this.options);
    for (const { name, message } of refused) {
      await recordRunLog(this.ctx, { level: 'warn', event: 'designRefused', message: `${name}: ${message}`.slice(0, 1000) });
    }
    const changed = this.table ? await swapRegistry(this.ctx, this.table, registry) : [];
    await syncDesignRows(this.ctx, await this.rows());
    return changed;
  }

  /** The design index after a draft changed (nothing to put in force). */
  async refreshRows(): Promise<void> {
    await syncDesignRows(this.ctx, await this.rows());
  }

  /** Follows publishes made by other processes sharing the database. */
  watch(): void {
    this.timer = setInterval(() => {
      void versionStamp(this.ctx.database.db)
        .then((stamp) => (stamp !== this.stamp ? this.reload() : undefined))
        .catch(() => undefined); // a closing database; the next tick or the next start reads again
    }, WATCH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The running design of `name`, if one is published (and not reset). */
  publishedDoc(name: string): PublishedDesign | undefined {
    return this.published.find((d) => d.name === name && d.doc);
  }

  /** One row per entity and per unpublished new design, for the designer's index (SysDesign). */
  async rows(): Promise<DesignRow[]> {
    const drafts = new Map((await listDrafts(this.ctx.database.db)).map((d) => [d.name, d]));
    const rows: DesignRow[] = [];
    const seen = new Set<string>();
    const runningText = (name: string) => {
      const design = this.publishedDoc(name);
      if (design) return JSON.stringify(design.doc);
      const file = this.fileSource(name);
      return file ? JSON.stringify(file.doc) : '';
    };
    const statusOf = (name: string): DesignRow['status'] => {
      const draft = drafts.get(name);
      if (draft && JSON.stringify(JSON.parse(draft.schema)) !== runningText(name)) return 'draft';
      return this.publishedDoc(name) ? 'published' : 'file';
    };
    for (const entity of this.ctx.registry.entities.values()) {
      const design = this.publishedDoc(entity.name);
      const file = this.fileSource(entity.name);
      seen.add(entity.name);
      rows.push({
        name: entity.name, title: entity.title, module: entity.module,
        origin: file ? 'file' : 'designed', status: statusOf(entity.name),
        publishedVersion: design?.version ?? null,
        fileChanged: Boolean(file && design?.fileHash && design.fileHash !== documentHash(file.doc)),
      });
    }
    for (const draft of drafts.values()) {
      if (seen.has(draft.name)) continue;
      const doc = JSON.parse(draft.schema) as { title?: unknown };
      rows.push({ name: draft.name, title: String(doc.title ?? draft.name), module: draft.module, origin: 'designed', status: 'draft', publishedVersion: null, fileChanged: false });
    }
    return rows;
  }

  /**
   * Everything the server would refuse in `doc` as the design of `name` in `module`: the file
   * checks (meta-schema, cross-checks, expression names) run on the whole suite with this design
   * in force, plus what a running entity must keep (table, key, separated duties, column types).
   */
  problems(name: string, module: string, doc: unknown, t: (key: string, params?: Record<string, unknown>) => string): DesignProblem[] {
    const problems: DesignProblem[] = [];
    const record = doc as Record<string, unknown>;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return [{ pointer: '', message: t('design.error.notObject') }];
    if (record.name !== name) problems.push({ pointer: '/name', message: t('design.error.nameChanged', { name }) });
    const running = this.ctx.registry.entities.get(name);
    if (running) problems.push(...keptByRunningEntity(running, record, t));
    if (problems.length > 0) return problems;
    const others = this.published.filter((d) => d.name !== name);
    try {
      buildRegistry(overlaySources(this.fileSources, [...others, { name, module, version: 0, doc: record, fileHash: null }]), this.options);
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      const own = error.file === designFile(name);
      problems.push({ pointer: own ? error.pointer : '', message: own ? error.expected : error.message });
    }
    return problems;
  }
}

/** A published change may add to a running entity, not move its data away or loosen separated duties. */
function keptByRunningEntity(running: EntityDef, doc: Record<string, unknown>, t: (key: string, params?: Record<string, unknown>) => string): DesignProblem[] {
  const problems: DesignProblem[] = [];
  if (doc.table !== running.table) problems.push({ pointer: '/table', message: t('design.error.tableChanged', { table: running.table }) });
  if (doc.key !== running.key) problems.push({ pointer: '/key', message: t('design.error.keyChanged', { key: running.key }) });
  if ((doc.duty ?? null) !== (running.duty ?? null)) problems.push({ pointer: '/duty', message: t('design.error.dutyChanged') });
  const review = doc.securityReview as { all?: boolean; fields?: string[] } | undefined;
  const reviewed = review ? { all: review.all ?? false, fields: review.fields ?? [] } : undefined;
  if (running.securityReview && JSON.stringify(reviewed) !== JSON.stringify(running.securityReview)) {
    problems.push({ pointer: '/securityReview', message: t('design.error.securityReviewChanged') });
  }
  const fields = Array.isArray(doc.fields) ? doc.fields as { name?: unknown; type?: unknown }[] : [];
  fields.forEach((field, index) => {
    const before = running.fields.find((f) => f.name === field.name);
    if (before && typeof field.type === 'string' && field.type !== before.type
      && columnTypeFor(field.type as EntityDef['fields'][number]['type']) !== columnTypeFor(before.type)) {
      problems.push({ pointer: `/fields/${index}/type`, message: t('design.error.columnTypeChanged', { field: String(field.name), type: before.type }) });
    }
  });
  return problems;
}
