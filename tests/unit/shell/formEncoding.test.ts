import { describe, expect, it } from 'vitest';
import { encodeFormData } from '../../../src/request/formEncoding';

/** Decoded pairs, so assertions read like the wire format the API contract describes. */
function pairs(encoded: string): [string, string][] {
  return [...new URLSearchParams(encoded).entries()];
}

describe('encodeFormData', () => {
  it('encodes scalars as plain fields', () => {
    expect(pairs(encodeFormData({ accountId: 'admin', page: 1, enabled: true }))).toEqual([
      ['accountId', 'admin'], ['page', '1'], ['enabled', 'true'],
    ]);
  });

  it('sends arrays as name[]', () => {
    expect(pairs(encodeFormData({ ids: ['a', 'b'] }))).toEqual([['ids[]', 'a'], ['ids[]', 'b']]);
  });

  it('JSON-stringifies objects into one field', () => {
    const filterObj = { status: { value: '1', operator: 'eq' } };
    expect(pairs(encodeFormData({ filterObj }))).toEqual([['filterObj', JSON.stringify(filterObj)]]);
  });

  it('JSON-stringifies objects inside arrays', () => {
    const rows = [{ name: '张三' }, { name: 'Li' }];
    expect(pairs(encodeFormData({ rows }))).toEqual([
      ['rows[]', JSON.stringify(rows[0])], ['rows[]', JSON.stringify(rows[1])],
    ]);
  });

  it('percent-encodes Chinese text and reserved characters', () => {
    const encoded = encodeFormData({ title: '合同 & 协议=1' });
    expect(encoded).not.toContain('合同');
    expect(pairs(encoded)).toEqual([['title', '合同 & 协议=1']]);
  });

  it('leaves undefined out and sends null as empty', () => {
    expect(pairs(encodeFormData({ a: undefined, b: null }))).toEqual([['b', '']]);
  });

  it('encodes nothing for no data', () => {
    expect(encodeFormData(undefined)).toBe('');
    expect(encodeFormData({})).toBe('');
  });
});
