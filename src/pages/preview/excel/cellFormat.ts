/**
 * Excel number formats (the `numFmt` of a cell) applied to values, for showing a sheet the way
 * Excel shows it: grouping, fixed decimals, percentages, scientific, currency literals, dates and
 * times, and the four sections `positive;negative;zero;text`. Fractions and conditions (`[>100]`)
 * fall back to the General format.
 */

/** exceljs turns the built-in short date (id 14) into 'mm-dd-yy'; Excel shows it per locale, so use ISO. */
const DATE_ALIASES: Record<string, string> = { 'mm-dd-yy': 'yyyy-mm-dd', 'm/d/yy': 'yyyy-mm-dd', 'm/d/yy h:mm': 'yyyy-mm-dd h:mm' };

/** Splits on `;` outside quotes and brackets. */
export function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < format.length; i += 1) {
    const c = format[i];
    if (c === '\\' && !quoted) { current += c + (format[i + 1] ?? ''); i += 1; continue; }
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '[') bracket = true;
    else if (!quoted && c === ']') bracket = false;
    if (c === ';' && !quoted && !bracket) { sections.push(current); current = ''; continue; }
    current += c;
  }
  sections.push(current);
  return sections;
}

/** Excel's General format: up to 11 significant digits, no trailing zeros. */
export function formatGeneral(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9)) return value.toExponential(5).replace(/\.?0+e/, 'e').replace('e', 'E');
  return String(Number(value.toPrecision(11)));
}

/** Removes colours, conditions and locale tags; keeps a currency symbol of `[$¥-804]`. */
function stripBrackets(section: string): string {
  return section.replace(/\[([^\]]*)\]/g, (_, inner: string) => {
    if (inner.startsWith('$')) return `"${inner.slice(1).split('-')[0]}"`;
    if (/^(h+|m+|s+)$/i.test(inner)) return `[${inner}]`;
    return '';
  });
}

/** True when the (bracket-stripped) section has date or time tokens outside quotes. */
export function isDateFormat(format: string): boolean {
  const section = stripBrackets(splitSections(DATE_ALIASES[format] ?? format)[0] ?? '').replace(/"[^"]*"/g, '').replace(/\\./g, '');
  return /[ymdhs]|aaa/i.test(section.replace(/General/i, '')) && !/[0#?]/.test(section);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

interface Literal { text: string }

/** Tokenises a number section into placeholders and literals. */
function numberPattern(section: string): { before: (string | Literal)[]; integer: string; decimals: string; after: (string | Literal)[]; exponent: string | null } {
  const out: (string | Literal)[] = [];
  for (let i = 0; i < section.length; i += 1) {
    const c = section[i];
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      out.push({ text: section.slice(i + 1, end < 0 ? undefined : end) });
      i = end < 0 ? section.length : end;
    } else if (c === '\\') {
      out.push({ text: section[i + 1] ?? '' });
      i += 1;
    } else if (c === '_') {
      out.push({ text: ' ' });
      i += 1;
    } else if (c === '*') {
      i += 1;
    } else {
      out.push(c);
    }
  }
  const isPlaceholder = (t: string | Literal | undefined) => typeof t === 'string' && /[0#?.,]/.test(t);
  const firstDigit = out.findIndex(isPlaceholder);
  let lastDigit = -1;
  out.forEach((t, i) => { if (isPlaceholder(t) && firstDigit >= 0) lastDigit = i; });
  // A scientific exponent (E+00) continues the number.
  if (lastDigit >= 0 && typeof out[lastDigit + 1] === 'string' && /[Ee]/.test(out[lastDigit + 1] as string) && typeof out[lastDigit + 2] === 'string' && /[+-]/.test(out[lastDigit + 2] as string)) {
    let end = lastDigit + 3;
    while (out[end] === '0') end += 1;
    if (end > lastDigit + 3) lastDigit = end - 1;
  }
  if (firstDigit < 0) return { before: out, integer: '', decimals: '', after: [], exponent: null };
  const core = out.slice(firstDigit, lastDigit + 1).map((t) => (typeof t === 'string' ? t : '')).join('');
  const exponentMatch = /[Ee][+-]0+$/.exec(core);
  const mantissa = exponentMatch ? core.slice(0, exponentMatch.index) : core;
  const [integer, decimals = ''] = mantissa.split('.');
  return {
    before: out.slice(0, firstDigit), integer, decimals: decimals.replace(/[^0#?]/g, ''),
    after: out.slice(lastDigit + 1), exponent: exponentMatch ? exponentMatch[0] : null,
  };
}

function literalText(tokens: (string | Literal)[]): string {
  return tokens.map((t) => (typeof t === 'string' ? t : t.text)).join('');
}

function formatNumberSection(value: number, section: string): string {
  const pattern = numberPattern(section);
  const percentCount = (literalText(pattern.before) + literalText(pattern.after)).split('%').length - 1;
  let scaled = value * 100 ** percentCount;
  // Trailing commas after the digits divide by a thousand each.
  const trailingCommas = /,+$/.exec(pattern.integer)?.[0].length ?? 0;
  if (trailingCommas && !pattern.decimals) scaled /= 1000 ** trailingCommas;
  const integerPattern = pattern.integer.replace(/,+$/, '');
  if (!integerPattern && !pattern.decimals) return literalText(pattern.before) + literalText(pattern.after);

  const decimals = pattern.decimals.length;
  const minDecimals = (pattern.decimals.match(/0/g) ?? []).length;
  let body: string;
  if (pattern.exponent) {
    const [m, e] = Math.abs(scaled).toExponential(decimals).split('e');
    const exp = Number(e);
    const expDigits = pattern.exponent.length - 2;
    body = `${m}E${exp < 0 ? '-' : pattern.exponent[1] === '+' ? '+' : ''}${String(Math.abs(exp)).padStart(expDigits, '0')}`;
  } else {
    const fixed = Math.abs(scaled).toFixed(decimals);
    let [intPart, decPart = ''] = fixed.split('.');
    const minIntegerDigits = (integerPattern.match(/0/g) ?? []).length;
    if (intPart === '0' && minIntegerDigits === 0) intPart = '';
    intPart = intPart.padStart(minIntegerDigits, '0');
    if (integerPattern.includes(',')) intPart = groupThousands(intPart);
    while (decPart.length > minDecimals && decPart.endsWith('0')) decPart = decPart.slice(0, -1);
    body = decPart ? `${intPart}.${decPart}` : (pattern.decimals && minDecimals === 0 && /\./.test(section) ? `${intPart}` : intPart);
    if (body === '') body = '0';
  }
  return literalText(pattern.before) + body + literalText(pattern.after);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAYS_ZH = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** Dates from exceljs are UTC-based (the sheet's wall-clock time stored as UTC). */
export function formatDate(date: Date, format: string): string {
  const section = stripBrackets(splitSections(DATE_ALIASES[format] ?? format)[0] ?? '');
  const tokens: { type: 'lit' | 'tok'; text: string }[] = [];
  const re = /"[^"]*"|\\.|aaaa|aaa|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM\/PM|am\/pm|A\/P|a\/p|\[h+\]|\[m+\]|\.0+|./g;
  for (const match of section.match(re) ?? []) {
    if (match.startsWith('"')) tokens.push({ type: 'lit', text: match.slice(1, -1) });
    else if (match.startsWith('\\')) tokens.push({ type: 'lit', text: match.slice(1) });
    else if (/^(aaaa|aaa|yyyy|yy|m+|d+|h+|s+|AM\/PM|am\/pm|A\/P|a\/p|\[h+\]|\[m+\]|\.0+)$/i.test(match)) tokens.push({ type: 'tok', text: match });
    else tokens.push({ type: 'lit', text: match });
  }
  const hasAmPm = tokens.some((t) => t.type === 'tok' && /^(AM\/PM|A\/P)$/i.test(t.text));
  // 'm' is minutes right after an hour or right before a second token, else months.
  const tokIndexes = tokens.map((t, i) => (t.type === 'tok' ? i : -1)).filter((i) => i >= 0);
  const isMinute = (index: number): boolean => {
    const pos = tokIndexes.indexOf(index);
    const prev = pos > 0 ? tokens[tokIndexes[pos - 1]].text : '';
    const next = pos < tokIndexes.length - 1 ? tokens[tokIndexes[pos + 1]].text : '';
    return /^h+$|^\[h+\]$/i.test(prev) || /^s+$/i.test(next);
  };
  const y = date.getUTCFullYear();
  const mo = date.getUTCMonth();
  const d = date.getUTCDate();
  const h = date.getUTCHours();
  const mi = date.getUTCMinutes();
  const s = date.getUTCSeconds();
  const ms = date.getUTCMilliseconds();
  const two = (n: number) => String(n).padStart(2, '0');
  return tokens.map((token, index) => {
    if (token.type === 'lit') return token.text;
    const t = token.text;
    const lower = t.toLowerCase();
    if (lower === 'yyyy') return String(y);
    if (lower === 'yy') return two(y % 100);
    if (/^m+$/.test(lower)) {
      if (lower.length <= 2 && isMinute(index)) return lower.length === 2 ? two(mi) : String(mi);
      if (lower.length === 1) return String(mo + 1);
      if (lower.length === 2) return two(mo + 1);
      if (lower.length === 3) return MONTHS[mo].slice(0, 3);
      if (lower.length === 4) return MONTHS[mo];
      return MONTHS[mo][0];
    }
    if (lower === 'd') return String(d);
    if (lower === 'dd') return two(d);
    if (lower === 'ddd') return DAYS[date.getUTCDay()].slice(0, 3);
    if (lower === 'dddd') return DAYS[date.getUTCDay()];
    if (lower === 'aaaa') return DAYS_ZH[date.getUTCDay()];
    if (lower === 'aaa') return DAYS_ZH[date.getUTCDay()].slice(2);
    if (/^h+$/.test(lower)) {
      const hour = hasAmPm ? ((h + 11) % 12) + 1 : h;
      return lower.length === 2 ? two(hour) : String(hour);
    }
    if (/^s+$/.test(lower)) return lower.length === 2 ? two(s) : String(s);
    if (lower === 'am/pm') return h < 12 ? 'AM' : 'PM';
    if (lower === 'a/p') return h < 12 ? 'A' : 'P';
    if (/^\.0+$/.test(t)) return `.${String(ms).padStart(3, '0').slice(0, t.length - 1)}`;
    return t;
  }).join('');
}

/** Excel's serial day number of a UTC date (1900 system, with Excel's 1900-02-29). */
export function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

/** A cell value as Excel shows it under `format` ('' or 'General' = General). */
export function formatCellValue(value: number | Date | string | boolean, format: string | undefined): string {
  const fmt = (format ?? '').trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return formatDate(value, fmt && isDateFormat(fmt) ? fmt : 'yyyy-mm-dd');
  }
  const sections = splitSections(fmt);
  if (typeof value === 'string') {
    const textSection = sections[3] ?? (sections.length === 1 && sections[0].includes('@') ? sections[0] : undefined);
    return textSection ? literalText(numberPattern(stripBrackets(textSection)).before).replace('@', value) || value : value;
  }
  if (!fmt || /^general$/i.test(fmt)) return formatGeneral(value);
  if (isDateFormat(fmt)) return formatDate(new Date(Math.round((value - 25_569) * 86_400_000)), fmt);
  if (sections[0].trim() === '@') return formatGeneral(value);
  let section = sections[0];
  let sign = value < 0 ? '-' : '';
  if (value < 0 && sections.length > 1 && sections[1] !== '') { section = sections[1]; sign = ''; }
  if (value === 0 && sections.length > 2 && sections[2] !== '') section = sections[2];
  const cleaned = stripBrackets(section);
  if (/general/i.test(cleaned)) return sign + cleaned.replace(/general/i, formatGeneral(Math.abs(value))).replace(/"/g, '');
  if (/[?]\/[?0-9]/.test(cleaned)) return formatGeneral(value);
  const text = formatNumberSection(Math.abs(value), cleaned);
  return /[1-9]/.test(text) || sign === '' ? sign + text : text;
}
