/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the ASCII fallback for old clients and the
 * RFC 5987 form that carries Chinese file names intact.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
