// @vitest-environment jsdom
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../src/i18n/changeLanguage';
import { completeDefaultPack, currentLanguage, i18n, setDesignedTexts } from '../../../src/i18n/i18n';
import zhCn from '../../../locales/zh-cn.json';
import { getStoredItem } from '../../../src/session/storedItem';

describe('i18n', () => {
  afterAll(() => changeLanguage('zh-cn'));

  it('starts with the texts a sign-in page shows, and the entities\' texts arrive with the first page behind it', async () => {
    expect(currentLanguage()).toBe('zh-cn');
    expect(i18n.t('shell.login.submit')).toBe(zhCn.shell.login.submit);
    expect(i18n.exists('entity.HrContract.title')).toBe(false);
    // A design naming a key the later half defines: the bundle's text wins once it is here.
    setDesignedTexts({ 'zh-cn': { 'entity.HrContract.title': '设计的标题', 'entity.DesignedThing.title': '设计的实体' } });
    expect(i18n.t('entity.HrContract.title')).toBe('设计的标题');
    await completeDefaultPack();
    expect(i18n.t('entity.HrContract.title')).toBe(zhCn.entity.HrContract.title);
    expect(i18n.t('designer.title')).toBe(zhCn.designer.title);
    expect(i18n.t('entity.DesignedThing.title')).toBe('设计的实体');
    setDesignedTexts({});
  });

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
