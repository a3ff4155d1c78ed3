// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasPermission, parsePermissions, useSessionStore } from '../../../src/session/sessionStore';
import type { LoginData } from '../../../src/session/sessionTypes';
import { getStoredItem, setStoredItem } from '../../../src/session/storedItem';

const login: LoginData = {
  token: 'tok-42',
  userInfo: { userId: 'u1', accountId: 'zhangsan', userName: '张三', deptName: '人事部', roles: ['hr'] },
  permissions: 'hr:HrContract:list, hr:HrContract:insert,,',
  msgtime: 1700000000000,
  waterMark: '1',
  waterMarkContent: '张三',
  waterMarkSubtext: '内部资料',
};

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().clear();
  });

  it('splits the permission string', () => {
    expect(parsePermissions('a:b:c, d:e:f,,')).toEqual(['a:b:c', 'd:e:f']);
    expect(parsePermissions('')).toEqual([]);
    expect(parsePermissions(undefined)).toEqual([]);
  });

  it('signIn keeps the session items but never the token (the server\'s HttpOnly cookie)', () => {
    setStoredItem('MENU', [{ name: 'old' }]);
    useSessionStore.getState().signIn(login);
    expect(Cookies.get('TOKEN')).toBeUndefined();
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-42');
    expect(useSessionStore.getState().signedIn).toBe(true);
    expect(getStoredItem('USER_INFO')).toEqual(login.userInfo);
    expect(getStoredItem('PERMISSIONS')).toEqual(['hr:HrContract:list', 'hr:HrContract:insert']);
    expect(getStoredItem('MSG_TIME')).toBe('1700000000000');
    expect(getStoredItem('WATER_MARK')).toBe('1');
    expect(getStoredItem('WATER_MARK_CONTENT')).toBe('张三');
    expect(getStoredItem('WATER_MARK_SUBTEXT')).toBe('内部资料');
    expect(getStoredItem('MENU')).toBeNull();
    expect(useSessionStore.getState().watermark).toEqual({ enabled: true, content: '张三', subtext: '内部资料' });
    expect(hasPermission('hr:HrContract:insert')).toBe(true);
    expect(hasPermission('hr:HrContract:delete')).toBe(false);
  });

  it('clear forgets everything of the session but not the preferences', () => {
    setStoredItem('APP_LANG', 'en');
    Cookies.set('SIGNED_IN', '1');
    useSessionStore.getState().signIn(login);
    useSessionStore.getState().setMenu([]);
    useSessionStore.getState().clear();
    expect(Cookies.get('SIGNED_IN')).toBeUndefined();
    for (const key of ['USER_INFO', 'PERMISSIONS', 'MENU', 'MSG_TIME', 'WATER_MARK', 'WATER_MARK_CONTENT', 'WATER_MARK_SUBTEXT'] as const) {
      expect(getStoredItem(key)).toBeNull();
    }
    expect(getStoredItem('APP_LANG')).toBe('en');
    expect(useSessionStore.getState()).toMatchObject({ signedIn: false, userInfo: null, permissions: [], menu: null });
  });
});
