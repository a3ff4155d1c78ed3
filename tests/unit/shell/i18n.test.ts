// @vitest-environment jsdom
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../src/i18n/changeLanguage';
import { currentLanguage, i18n } from '../../../src/i18n/i18n';
import { getStoredItem } from '../../../src/session/storedItem';

describe('i18n', () => {
  afterAll(() => changeLanguage('zh-cn'));

  it('starts in simplified Chinese and finds the lower-case zh-cn pack', () => {
    expect(currentLanguage()).toBe('zh-cn');
    expect(i18n.t('shell.request.noResponse')).toBe('请求服务器无响应！');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('switches to English, remembers it in APP_LANG and moves dayjs along', async () => {
    await changeLanguage('en');
    expect(i18n.t('shell.request.relogin')).toBe('Sign in again');
    expect(getStoredItem('APP_LANG')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(dayjs.locale()).toBe('en');
  });

  it('falls back to a menu title given as plain text', () => {
    expect(i18n.t('合同管理')).toBe('合同管理');
  });
});
