/** A numbering rule as stored (CodeRule): e.g. HT-2026-0001 = prefix HT, year, 4 digits, reset yearly. */
export interface CodeRuleSpec {
  prefix?: string | null;
  datePattern: 'none' | 'YYYY' | 'YYYYMM' | 'YYYYMMDD';
  separator?: string | null;
  seqLength: number;
  resetCycle: 'never' | 'year' | 'month' | 'day';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function dateText(pattern: CodeRuleSpec['datePattern'] | 'YYYYMMDD', date: Date): string {
  const y = String(date.getFullYear());
  const m = pad(date.getMonth() + 1, 2);
  const d = pad(date.getDate(), 2);
  switch (pattern) {
    case 'none': return '';
    case 'YYYY': return y;
    case 'YYYYMM': return `${y}${m}`;
    case 'YYYYMMDD': return `${y}${m}${d}`;
    default: {
      const unreachable: never = pattern;
      throw new Error(`unknown date pattern ${String(unreachable)}`);
    }
  }
}

/** The sequence restarts at 1 in each period: the period key names it ('' = never restarts). */
export function codePeriod(rule: CodeRuleSpec, date: Date): string {
  switch (rule.resetCycle) {
    case 'never': return '';
    case 'year': return dateText('YYYY', date);
    case 'month': return dateText('YYYYMM', date);
    case 'day': return dateText('YYYYMMDD', date);
    default: {
      const unreachable: never = rule.resetCycle;
      throw new Error(`unknown reset cycle ${String(unreachable)}`);
    }
  }
}

/** prefix, date part and zero-padded sequence joined by the separator, empty parts left out. */
export function formatCode(rule: CodeRuleSpec, sequence: number, date: Date): string {
  const parts = [rule.prefix ?? '', dateText(rule.datePattern, date), pad(sequence, rule.seqLength)].filter((p) => p !== '');
  return parts.join(rule.separator ?? '');
}
