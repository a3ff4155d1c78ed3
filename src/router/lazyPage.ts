import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGE_CHUNK_LOAD_TIMEOUT_MS } from '../../runtime/core/constants';

/** Shell spec §9: a page chunk that has not arrived after 120000 ms counts as failed. */
export const PAGE_LOAD_TIMEOUT_MS = PAGE_CHUNK_LOAD_TIMEOUT_MS;

export class PageLoadTimeoutError extends Error {
  constructor() {
    super(`page did not load within ${PAGE_LOAD_TIMEOUT_MS} ms`);
    this.name = 'PageLoadTimeoutError';
  }
}

// Browsers word a failed dynamic import differently: Chromium, Firefox, Safari, and Vite's preloader.
const CHUNK_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (?:CSS )?chunk .* failed/i;

/** True when a page's code could not be fetched: typically a new release replaced the old chunks, or the network dropped. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof PageLoadTimeoutError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

function withTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError()), PAGE_LOAD_TIMEOUT_MS);
    loading.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(error); },
    );
  });
}

/**
 * A page loaded on first use (route-level code splitting). `load` picks the named export, so
 * page modules keep named exports; a failure or time-out reaches the route's error element.
 * The page also waits for the rest of the default language's texts (fetched with the first such
 * page, in parallel with its code) unless it is the sign-in page (`signIn`), which shows none of
 * them: its bundle leaves them out (scripts/vite/zhCnSplit.ts).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, options: { signIn?: boolean } = {}): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    // Imported when a page loads, not with this module: its error helpers are used where i18n has not started (unit tests in Node).
    const texts = options.signIn ? undefined : import('../i18n/i18n').then((i18n) => i18n.textsForPages());
    const [page] = await Promise.all([withTimeout(load()), texts && withTimeout(texts)]);
    return { default: page };
  });
}
