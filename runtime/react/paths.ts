/**
 * Where the generic screens of one entity live, relative to its index path (`basePath`); the
 * shell's router registers `{basePath}/details` and `{basePath}/save` and reads `id` from the query.
 */
export function detailsPath(basePath: string, id: string | number): string {
  return `${basePath}/details?id=${encodeURIComponent(String(id))}`;
}

export function savePath(basePath: string, id?: string | number): string {
  return id === undefined ? `${basePath}/save` : `${basePath}/save?id=${encodeURIComponent(String(id))}`;
}
