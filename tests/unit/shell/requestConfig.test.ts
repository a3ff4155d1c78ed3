import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachingFrom, extraHeadersFrom, timeoutFrom } from '../../../src/request/requestConfig';

afterEach(() => { vi.restoreAllMocks(); });

describe('request layer configuration', () => {
  it('times out after 300000 ms unless a positive number is configured', () => {
    expect(timeoutFrom(undefined)).toBe(300_000);
    expect(timeoutFrom('')).toBe(300_000);
    expect(timeoutFrom('abc')).toBe(300_000);
    expect(timeoutFrom('-5')).toBe(300_000);
    expect(timeoutFrom('60000')).toBe(60_000);
  });

  it('adds the cache-buster unless caching is configured on', () => {
    expect(cachingFrom(undefined)).toBe(false);
    expect(cachingFrom('0')).toBe(false);
    expect(cachingFrom('1')).toBe(true);
    expect(cachingFrom('true')).toBe(true);
  });

  it('reads extra headers from a JSON object, leaving out what must not be configured', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(extraHeadersFrom(undefined)).toEqual({});
    expect(extraHeadersFrom('')).toEqual({});
    expect(extraHeadersFrom('{"X-Tenant":"t1","X-Client-Version":31}')).toEqual({ 'X-Tenant': 't1', 'X-Client-Version': '31' });
    expect(extraHeadersFrom(JSON.stringify({
      Authorization: 'Bearer stolen', 'shop-authorization': 'x', 'Content-Type': 'text/plain', 'X-Encrypted': 'sm4',
      'bad name': 'v', 'X-Split': 'a\r\nInjected: 1', 'X-Object': { a: 1 }, 'X-Ok': 'yes',
    }))).toEqual({ 'X-Ok': 'yes' });
    expect(extraHeadersFrom('{not json')).toEqual({});
    expect(extraHeadersFrom('["X-A"]')).toEqual({});
    expect(warn).toHaveBeenCalled();
  });
});
