/**
 * Where the generic screens of one entity live, relative to its index path (`basePath`); the
 * shell's router registers `{basePath}/details` and `{basePath}/save` and reads `id` from the query.
 */
export function detailsPath(basePath: string, id: string | number): string {
  return `${basePath}/details?id=${encodeURIComponent(String(id))}`;
}

/** A row action's `open` path with its `{field}` placeholders filled from the row (encoded). */
export function actionOpenPath(open: string, row: Record<string, unknown>): string {
  return open.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')));
}

export function savePath(basePath: string, id?: string | number): string {
  return id === undefined ? `${basePath}/save` : `${basePath}/save?id=${encodeURIComponent(String(id))}`;
}
