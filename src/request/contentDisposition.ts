/** Decodes %XX escapes of bytes in the given charset; only UTF-8 and Latin-1 are in use (RFC 8187). */
function decodeExtValue(charset: string, encoded: string): string | null {
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    // A malformed escape: fall back to the plain `filename` parameter.
  }
  return null;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Some servers percent-encode the plain parameter too; decode it only when that is clearly the case. */
function decodeIfPercentEncoded(name: string): string {
  if (!/%[0-9a-f]{2}/i.test(name)) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A name from a header must never be taken as a path. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? '';
}

/**
 * The file name a `Content-Disposition` header gives: the RFC 8187 form
 * (`filename*=UTF-8''%E5%90%88%E5%90%8C.xlsx`) wins over the plain `filename=`; null when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;

  const extended = /(?:^|;)\s*filename\*\s*=\s*("?)([^;"]*)\1/i.exec(header);
  if (extended) {
    const match = /^([^']*)'[^']*'(.*)$/.exec(extended[2].trim());
    const decoded = match ? decodeExtValue(match[1], match[2]) : null;
    if (decoded) return baseName(decoded) || null;
  }

  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header);
  if (plain) {
    const name = baseName(decodeIfPercentEncoded(unquote(plain[1])));
    if (name) return name;
  }
  return null;
}
