import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/http/newId';

describe('record ids', () => {
  it('are 24 hex characters, time-ordered, and never repeat across draws of the random pool', () => {
    const before = Date.now();
    // Five draws of the pool (1,024 ids each) and some: a pool reused without a new draw would repeat its halves.
    const ids = Array.from({ length: 5_500 }, () => newId());
    const after = Date.now();
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(12))).size).toBe(ids.length);
    const times = ids.map((id) => parseInt(id.slice(0, 12), 16));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(before);
    expect(Math.max(...times)).toBeLessThanOrEqual(after);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
