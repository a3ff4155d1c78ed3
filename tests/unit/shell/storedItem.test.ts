// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredItem, removeStoredItem, setStoredItem } from '../../../src/session/storedItem';

describe('stored items', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('stores the value with its expiry as {value, expire}', () => {
    setStoredItem('USER_INFO', { accountId: 'admin' }, 1234);
    expect(JSON.parse(localStorage.getItem('USER_INFO') ?? '')).toEqual({ value: { accountId: 'admin' }, expire: 1234 });
  });

  it('keeps an item with expire 0 forever', () => {
    setStoredItem('APP_LANG', 'en');
    vi.setSystemTime(new Date('2099-01-01T00:00:00Z'));
    expect(getStoredItem('APP_LANG')).toBe('en');
  });

  it('returns an item before its expiry time', () => {
    setStoredItem('MSG_TIME', '42', Date.now() + 1000);
    vi.advanceTimersByTime(999);
    expect(getStoredItem('MSG_TIME')).toBe('42');
  });

  it('removes an expired item when read and returns null', () => {
    setStoredItem('MSG_TIME', '42', Date.now() + 1000);
    vi.advanceTimersByTime(1000);
    expect(getStoredItem('MSG_TIME')).toBeNull();
    expect(localStorage.getItem('MSG_TIME')).toBeNull();
  });

  it('treats a value not in the {value, expire} shape as absent and removes it', () => {
    localStorage.setItem('APP_COLOR', '#ff0000');
    expect(getStoredItem('APP_COLOR')).toBeNull();
    expect(localStorage.getItem('APP_COLOR')).toBeNull();
    localStorage.setItem('APP_COLOR', JSON.stringify({ value: '#ff0000' }));
    expect(getStoredItem('APP_COLOR')).toBeNull();
  });

  it('returns null for a missing item and removes on request', () => {
    expect(getStoredItem('MENU')).toBeNull();
    setStoredItem('MENU', []);
    removeStoredItem('MENU');
    expect(getStoredItem('MENU')).toBeNull();
  });

  it('keeps falsy values distinct from absence', () => {
    setStoredItem('WATER_MARK', 0);
    setStoredItem('WATER_MARK_CONTENT', '');
    expect(getStoredItem('WATER_MARK')).toBe(0);
    expect(getStoredItem('WATER_MARK_CONTENT')).toBe('');
  });
});
