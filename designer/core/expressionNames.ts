/**
 * Renaming a field inside expressions by their tokens, not by text search: `renewFlag != 1` must
 * become `renewed != 1`, while the string 'renewFlag', a property after a dot (`a.renewFlag`) and
 * a helper call (`len(x)` when a field is called `len`) stay as they are. A regex over the source
 * cannot tell these apart; a few lines of scanning can, and keep the rest of the text (spacing,
 * quotes) exactly as the author wrote it, which a print of the parsed tree would not.
 */
export interface NameToken {
  name: string;
  start: number;
  end: number;
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;

/** The identifiers that name context values: not in strings, not after a dot, not called. */
export function contextNameTokens(source: string): NameToken[] {
  const tokens: NameToken[] = [];
  let i = 0;
  // The last significant character before the current token: a '.' makes the next identifier a property.
  let previous = '';
  while (i < source.length) {
    const c = source[i];
    if (c === "'" || c === '"') {
      i += 1;
      while (i < source.length && source[i] !== c) i += source[i] === '\\' ? 2 : 1;
      i += 1;
      previous = c;
    } else if (/\s/.test(c)) {
      i += 1;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? '') && !/[A-Za-z0-9_$)\]]/.test(previous))) {
      // A number, exponent and all (1e5 holds no identifier `e5`).
      i += 1;
      while (i < source.length && /[0-9A-Za-z_$.]/.test(source[i])) {
        if (/[eE]/.test(source[i]) && /[+-]/.test(source[i + 1] ?? '')) i += 1;
        i += 1;
      }
      previous = '0';
    } else if (IDENT_START.test(c)) {
      const start = i;
      while (i < source.length && IDENT_PART.test(source[i])) i += 1;
      let after = i;
      while (after < source.length && /\s/.test(source[after])) after += 1;
      const called = source[after] === '(';
      if (previous !== '.' && !called) tokens.push({ name: source.slice(start, i), start, end: i });
      previous = 'a';
    } else {
      i += 1;
      previous = c;
    }
  }
  return tokens;
}

/** The source with each context name in `renames` replaced; the same string when none occurs. */
export function renameIdentifiers(source: string, renames: ReadonlyMap<string, string>): string {
  const tokens = contextNameTokens(source).filter((t) => renames.has(t.name));
  if (tokens.length === 0) return source;
  let out = '';
  let at = 0;
  for (const token of tokens) {
    out += source.slice(at, token.start) + renames.get(token.name)!;
    at = token.end;
  }
  return out + source.slice(at);
}
