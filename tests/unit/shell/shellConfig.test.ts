// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { configuredAppName, dashboardPath, resolveThemeColor } from '../../../src/config/appSettings';
import { applyShellConfig, normaliseShellConfig, useShellConfigStore } from '../../../src/config/shellConfig';
import { STORAGE_KEYS } from '../../../src/session/storageKeys';
import { getStoredItem } from '../../../src/session/storedItem';

const answer = {
  appName: '智慧政务 OA', appColor: '#1677FF', dashboardUrl: '/hr/contract', greyEndTime: 1_900_000_000_000,
  waterMark: { enabled: true, content: '内部资料', subtext: '严禁外传' }, encryptionType: 1, officeType: 'wps', ofdType: 'viewer',
  openOnLineFlag: 0, attachHost: 'https://office.example.cn', version: 'V3.1',
};

describe('shell configuration in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    applyShellConfig({});
  });

  it('stores the answer under the spec\'s item names, without expiry', () => {
    applyShellConfig(answer);
    expect(getStoredItem(STORAGE_KEYS.APP_NAME)).toBe('智慧政务 OA');
    expect(getStoredItem(STORAGE_KEYS.APP_COLOR)).toBe('#1677FF');
    expect(getStoredItem(STORAGE_KEYS.APP_DASHBOARD)).toBe('/hr/contract');
    expect(getStoredItem(STORAGE_KEYS.GREY_END_TIME)).toBe(1_900_000_000_000);
    expect(getStoredItem(STORAGE_KEYS.ENCRYPTION_TYPE)).toBe(1);
    expect(getStoredItem(STORAGE_KEYS.OFFICE_TYPE)).toBe('wps');
    expect(getStoredItem(STORAGE_KEYS.OFD_TYPE)).toBe('viewer');
    expect(getStoredItem(STORAGE_KEYS.OPEN_ON_LINE_FLAG)).toBe(0);
    expect(getStoredItem(STORAGE_KEYS.ATTACH_HOST)).toBe('https://office.example.cn');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.APP_COLOR)!).expire).toBe(0);
    expect(useShellConfigStore.getState()).toMatchObject({ appName: '智慧政务 OA', loaded: true, waterMark: answer.waterMark });
  });

  it('falls back to the defaults for missing or odd values', () => {
    expect(normaliseShellConfig({ appColor: 'teal', greyEndTime: 'x', openOnLineFlag: undefined, waterMark: 'on' })).toEqual({
      appName: '', appColor: '#00C6AE', dashboardUrl: '', greyEndTime: 0, waterMark: { enabled: false, content: '', subtext: '' },
      logo: '', banners: [], officeType: '', ofdType: '', openOnLineFlag: 1, attachHost: '', encryptionType: 0,
    });
  });

  it('names the product from the configuration, else leaves it to the translation', () => {
    expect(configuredAppName()).toBeNull();
    applyShellConfig(answer);
    expect(configuredAppName()).toBe('智慧政务 OA');
  });

  it("leads '/' to the configured dashboard, only when it is an in-app path", () => {
    expect(dashboardPath()).toBe('/dashboard');
    applyShellConfig({ dashboardUrl: '/hr/contract' });
    expect(dashboardPath()).toBe('/hr/contract');
    for (const bad of ['/', '//evil.example', 'https://evil.example', 'hr/contract']) {
      applyShellConfig({ dashboardUrl: bad });
      expect(dashboardPath()).toBe('/dashboard');
    }
  });

  it('takes the theme colour from the user\'s preference, then the configuration, then #00C6AE', () => {
    expect(resolveThemeColor('#722ED1', '#1677FF', undefined)).toBe('#722ED1');
    expect(resolveThemeColor('', '#1677FF', undefined)).toBe('#1677FF');
    expect(resolveThemeColor(undefined, 'nonsense', undefined)).toBe('#00C6AE');
    expect(resolveThemeColor(undefined, undefined, '#123')).toBe('#123');
    expect(resolveThemeColor('abcdef', undefined, undefined)).toBe('#abcdef');
  });
});
