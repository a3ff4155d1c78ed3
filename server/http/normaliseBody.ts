/**
 * The spec's request layer posts form data with arrays as `name[]` and objects JSON-encoded;
 * JSON posts arrive as they are. Both end up as one flat record of field → value.
 */
export function normaliseBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(body as Record<string, unknown>)) {
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      out[key] = Array.isArray(value) ? value : [value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}

/** A list of ids may arrive as `ids[]`, a JSON array string, or a comma-joined string. */
export function readIdList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean);
      } catch {
        return [];
      }
    }
    return text.split(',').map((s) => s.trim()).filter(Boolean);
  }
  return [];
}
