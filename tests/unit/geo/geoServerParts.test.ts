import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../../server/adapters/geo/ExpiringCache';
import { placeableAddress } from '../../../server/geo/publicAddress';

describe('expiring cache of provider answers', () => {
  it('answers a key from the first load until the period is over', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new ExpiringCache<number>(600_000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('110100', load)).toBe(1);
    now += 599_999;
    expect(await cache.get('110100', load)).toBe(1);
    expect(await cache.get('310100', load)).toBe(2);
    now += 1;
    expect(await cache.get('110100', load)).toBe(3);
  });

  it('shares one load between callers, and keeps no failure', async () => {
    let loads = 0;
    let fail = true;
    const cache = new ExpiringCache<string>(60_000);
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('provider down');
      return 'sunny';
    };
    const both = await Promise.allSettled([cache.get('k', load), cache.get('k', load)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(loads).toBe(1);
    fail = false;
    expect(await cache.get('k', load)).toBe('sunny');
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries keys, dropping the oldest; a period of 0 keeps nothing', async () => {
    let loads = 0;
    const cache = new ExpiringCache<number>(60_000, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
    const none = new ExpiringCache<number>(0);
    expect(await none.get('a', load)).toBe(5);
    expect(await none.get('a', load)).toBe(6);
  });
});

describe('addresses worth locating', () => {
  it('passes public addresses, unwrapping IPv4 in IPv6', () => {
    expect(placeableAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(placeableAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(placeableAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('skips private, loopback, link-local, shared and malformed addresses', () => {
    for (const ip of ['10.1.2.3', '172.20.0.1', '192.168.1.20', '127.0.0.1', '::ffff:127.0.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', 'unknown', '']) {
      expect(placeableAddress(ip), ip).toBeNull();
    }
  });
});
