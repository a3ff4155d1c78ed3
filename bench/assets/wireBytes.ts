import type { Page, Request } from 'playwright-core';

/** What one page load fetched, grouped the way the budget speaks of it. */
export type ResourceKind = 'js' | 'css' | 'html' | 'json' | 'image' | 'font' | 'other';

export interface Fetched {
  url: string;
  kind: ResourceKind;
  /** Body bytes as they crossed the wire (compressed when the answer was). */
  bodyBytes: number;
  contentEncoding: string;
}

function kindOf(request: Request, contentType: string): ResourceKind {
  switch (request.resourceType()) {
    case 'script': return 'js';
    case 'stylesheet': return 'css';
    case 'document': return 'html';
    case 'image': return 'image';
    case 'font': return 'font';
    default:
      // Module preloads and dynamic imports arrive as 'other'/'fetch' in some Chromium versions.
      if (/javascript/.test(contentType)) return 'js';
      if (/json/.test(contentType)) return 'json';
      if (/css/.test(contentType)) return 'css';
      return 'other';
  }
}

/**
 * Records every finished request of the page from now on. The body size is Chromium's encoded
 * size (what the network events report), so compression shows; cache hits report 0 and are left out.
 */
export function recordFetches(page: Page): { fetched: Fetched[]; settled(): Promise<void>; stop(): Promise<void> } {
  const fetched: Fetched[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push((async () => {
      const response = await request.response();
      if (!response || response.fromServiceWorker()) return;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      if (response.status() === 304 || sizes.responseBodySize <= 0) return;
      fetched.push({
        url: request.url(),
        kind: kindOf(request, headers['content-type'] ?? ''),
        bodyBytes: sizes.responseBodySize,
        contentEncoding: headers['content-encoding'] ?? 'identity',
      });
    })());
  };
  page.on('requestfinished', onFinished);
  const settled = async () => { await Promise.all(pending); };
  return {
    fetched,
    settled,
    async stop() {
      page.off('requestfinished', onFinished);
      await settled();
    },
  };
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (Playwright's 'networkidle'
 * is a load state: after a client-side navigation it is already reached and does not wait).
 */
export async function networkQuiet(page: Page, quietMs = 750, timeoutMs = 30_000): Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => { inFlight += 1; lastChange = Date.now(); };
  const ended = () => { inFlight -= 1; lastChange = Date.now(); };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`the page kept fetching for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

export interface Summary {
  files: number;
  bytes: number;
  byKind: Partial<Record<ResourceKind, { files: number; bytes: number }>>;
}

export function summarise(fetched: readonly Fetched[]): Summary {
  const byKind: Summary['byKind'] = {};
  for (const item of fetched) {
    const entry = (byKind[item.kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += item.bodyBytes;
  }
  return { files: fetched.length, bytes: fetched.reduce((sum, item) => sum + item.bodyBytes, 0), byKind };
}
