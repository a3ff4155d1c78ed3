import { describe, expect, it } from 'vitest';
import { codePeriod, formatCode, type CodeRuleSpec } from '../../../runtime/core/codes';

const contract: CodeRuleSpec = { prefix: 'HT', datePattern: 'YYYY', separator: '-', seqLength: 4, resetCycle: 'year' };
const day = new Date(2026, 10, 22, 9, 30);

describe('code rules', () => {
  it('formats prefix, date part and padded sequence', () => {
    expect(formatCode(contract, 1, day)).toBe('HT-2026-0001');
    expect(formatCode({ ...contract, datePattern: 'YYYYMMDD', separator: '' }, 42, day)).toBe('HT202611220042');
    expect(formatCode({ prefix: '', datePattern: 'none', separator: '-', seqLength: 6, resetCycle: 'never' }, 7, day)).toBe('000007');
    expect(formatCode(contract, 123456, day)).toBe('HT-2026-123456');
  });

  it('names the period in which the sequence restarts', () => {
    expect(codePeriod(contract, day)).toBe('2026');
    expect(codePeriod({ ...contract, resetCycle: 'month' }, day)).toBe('202611');
    expect(codePeriod({ ...contract, resetCycle: 'day' }, day)).toBe('20261122');
    expect(codePeriod({ ...contract, resetCycle: 'never' }, day)).toBe('');
  });
});
