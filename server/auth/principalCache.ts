import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import type { TableWrite } from '../db/statementWatch';
import type { Principal } from './Principal';

/**
 * The signed-in principal, kept per token hash so a call costs its own queries, not the seven
 * that build a principal (session, user, roles, menus, department, unit, data roles).
 *
 * Correctness does not rest on the lifetime: every committed write to a table a principal is
 * made of — sessions (sign-out, kick, logout-user, expiry purge), users, roles (menus and data
 * scope), menus (permission strings), departments, units, data roles — empties the cache at once
 * (the database layer reports it, server/db/statementWatch.ts, whichever write path made it: the
 * generic calls, imports, flows, security-review approvals, a test's direct SQL). The lifetime
 * bounds what a change made outside this process (another server on the same database, a
 * hand-run SQL) can leave stale; a session's own end bounds it too.
 */
const LIFETIME_MS = 5_000;
/** Bounded memory: a flood of distinct tokens evicts the oldest entries. */
const MAX_PRINCIPALS = 10_000;
const MAX_MEMOS = 5_000;

/** What loading a session's principal answers: the principal and when its session ends (epoch ms). */
export interface SessionPrincipal { principal: Principal; sessionEnds: number }

interface Entry<T> { until: number; value: Promise<T> }

/** New sessions change no principal already cached: only their removal or change matters. */
const SESSION_TABLE = 'sys_session';

class PrincipalCache {
  private readonly principals = new Map<string, Entry<Principal | undefined>>();
  private readonly memos = new Map<string, Entry<unknown>>();

  constructor(private readonly feeds: ReadonlySet<string>) {}

  noteWrites(writes: readonly TableWrite[]): void {
    const relevant = writes.some((w) => w.table === '*' || (this.feeds.has(w.table) && !(w.table === SESSION_TABLE && w.kind === 'insert')));
    if (relevant) this.clear();
  }

  /** A load still running keeps its entry no longer: it is not in the maps any more. */
  clear(): void {
    this.principals.clear();
    this.memos.clear();
  }

  principal(tokenHash: string, load: () => Promise<SessionPrincipal | undefined>): Promise<Principal | undefined> {
    const now = Date.now();
    const hit = this.principals.get(tokenHash);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.principals.delete(tokenHash);
    const entry: Entry<Principal | undefined> = {
      until: now + LIFETIME_MS,
      // Concurrent calls with one token share a single load.
      value: load().then((loaded) => {
        // An unknown token is not kept: random tokens must not fill the cache.
        if (!loaded) this.forget(this.principals, tokenHash, entry);
        else entry.until = Math.min(entry.until, loaded.sessionEnds);
        return loaded && Object.freeze(loaded.principal);
      }, (error: unknown) => {
        this.forget(this.principals, tokenHash, entry);
        throw error;
      }),
    };
    this.keep(this.principals, tokenHash, entry, MAX_PRINCIPALS);
    return entry.value;
  }

  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.memos.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const entry: Entry<T> = { until: now + LIFETIME_MS, value: load() };
    entry.value.catch(() => this.forget(this.memos, key, entry));
    this.keep(this.memos, key, entry, MAX_MEMOS);
    return entry.value;
  }

  private keep<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>, cap: number): void {
    map.delete(key);
    if (map.size >= cap) {
      const now = Date.now();
      for (const [k, e] of map) if (e.until <= now) map.delete(k);
      // Still full: the oldest go (a Map iterates in insertion order).
      for (const k of map.keys()) {
        if (map.size < cap) break;
        map.delete(k);
      }
    }
    map.set(key, entry);
  }

  private forget<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>): void {
    if (map.get(key) === entry) map.delete(key);
  }
}

const caches = new WeakMap<ServerContext, PrincipalCache>();

function cacheOf(ctx: ServerContext): PrincipalCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const entities = ['User', 'Role', 'Menu', 'Dept', 'Unit'] as const;
    const feeds = new Set([SESSION_TABLE, ...entities.map((name) => systemEntity(ctx, name).table)]);
    const dataRole = ctx.registry.entities.get('DataRole');
    if (dataRole) feeds.add(dataRole.table);
    const created = new PrincipalCache(feeds);
    ctx.database.watch.onWrite((writes) => created.noteWrites(writes));
    ctx.caches.register('principals', () => created.clear());
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/** The principal of a session token's hash, from the cache or by `load` (which answers undefined for no session). */
export function cachedPrincipal(ctx: ServerContext, tokenHash: string, load: () => Promise<SessionPrincipal | undefined>): Promise<Principal | undefined> {
  return cacheOf(ctx).principal(tokenHash, load);
}

/**
 * A value derived from the tables principals are made of (a department's subtree, an entity's
 * data roles), kept and dropped with the principals. The caller must not change what it gets.
 */
export function memoWithPrincipals<T>(ctx: ServerContext, key: string, load: () => Promise<T>): Promise<T> {
  return cacheOf(ctx).memo(key, load);
}
