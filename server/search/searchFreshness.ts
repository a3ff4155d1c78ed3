import { errorMessage } from '../audit/errorSummary';
import { errorEntry, recordRunLog } from '../audit/recordRunLog';
import type { ServerContext } from '../context';
import type { TableWrite } from '../db/statementWatch';
import { catchUpSearchIndex } from './indexRecords';
import { SEARCH_SOURCES } from './searchSources';

/**
 * When the index takes in the records' changes: after the writes, not inside each search.
 *
 * Every committed write of a source's table in this process (server/db/statementWatch.ts sees all
 * of them, whatever the write path) marks the source changed and starts a catch-up a moment later,
 * writes close together sharing one; it runs off the request that wrote, files' text extraction
 * included. A search waits for a catch-up under way at most SEARCH_WAIT_MS, then answers from the
 * index as it is: after a single save the record is found at once, after an import of thousands
 * the search stays quick and their text joins within seconds. Nothing changed: the search does no
 * index work at all. A source no write of this process touched is still checked every RECHECK_MS
 * when searched (writes of another process, a restored database), and the nightly rebuild
 * (job rebuildSearchIndex) drops deleted records' rows.
 */
export const SEARCH_WAIT_MS = 500;
const RECHECK_MS = 60_000;
const DEBOUNCE_MS = 100;
/** Kysely's refusal once the server closed its database. */
const DESTROYED = /driver has already been destroyed/;

class SearchFreshness {
  /** Sources written since their last catch-up began. */
  private readonly changed = new Set<string>();
  /** When each source's last catch-up began. */
  private readonly checked = new Map<string, number>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: ServerContext) {}

  /** The source entity a table holds, among those of this installation. */
  private sourceOf(table: string): string | undefined {
    for (const { entity } of SEARCH_SOURCES) if (this.ctx.registry.entities.get(entity)?.table === table) return entity;
    return undefined;
  }

  noteWrites(writes: readonly TableWrite[]): void {
    let any = false;
    for (const { table } of writes) {
      const names = table === '*' ? SEARCH_SOURCES.map((s) => s.entity) : [this.sourceOf(table)];
      for (const name of names) if (name) { this.changed.add(name); any = true; }
    }
    if (any && !this.timer && !this.running) {
      this.timer = setTimeout(() => { this.timer = undefined; void this.catchUp(); }, DEBOUNCE_MS);
      this.timer.unref();
    }
  }

  private due(now: number): Set<string> {
    const due = new Set(this.changed);
    for (const { entity } of SEARCH_SOURCES) if (now - (this.checked.get(entity) ?? 0) >= RECHECK_MS) due.add(entity);
    return due;
  }

  /** Catches up the sources due, again while writes keep arriving; one run at a time. */
  catchUp(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = undefined; }
    // Cleared in a callback, never inside the run: a run with nothing due ends at once.
    this.running ??= this.runDue().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async runDue(): Promise<void> {
    for (let due = this.due(Date.now()); due.size > 0; due = new Set(this.changed)) {
      const started = Date.now();
      for (const name of due) { this.changed.delete(name); this.checked.set(name, started); }
      try {
        await catchUpSearchIndex(this.ctx, due);
      } catch (error) {
        // Left marked for the next search or write. A catch-up that outlived its server (stopped
        // while it ran or was due) has nothing to report and nowhere to report it.
        for (const name of due) { this.changed.add(name); this.checked.delete(name); }
        if (!DESTROYED.test(errorMessage(error))) await recordRunLog(this.ctx, errorEntry('unexpectedError', error, 'search index catch-up'));
        return;
      }
    }
  }

  /** For a search: the catch-up of what is due, waited for at most `waitMs`. */
  async settle(waitMs: number): Promise<void> {
    const run = this.catchUp();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([run, new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs); })]);
    clearTimeout(timer);
  }
}

const freshness = new WeakMap<ServerContext, SearchFreshness>();

/** The process's tracker, listening to the writes from its first use (the first search before any is checked in full). */
function freshnessOf(ctx: ServerContext): SearchFreshness {
  let tracker = freshness.get(ctx);
  if (!tracker) {
    const created = new SearchFreshness(ctx);
    ctx.database.watch.onWrite((writes) => created.noteWrites(writes));
    freshness.set(ctx, created);
    tracker = created;
  }
  return tracker;
}

/** Before a search: the changes written so far taken in, waiting at most `waitMs` for them. */
export function freshenSearchIndex(ctx: ServerContext, waitMs = SEARCH_WAIT_MS): Promise<void> {
  return freshnessOf(ctx).settle(waitMs);
}

/** Resolves once every change written so far is in the index (tests; a search waits SEARCH_WAIT_MS at most). */
export function searchIndexSettled(ctx: ServerContext): Promise<void> {
  return freshnessOf(ctx).catchUp();
}
