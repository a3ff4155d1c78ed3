// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GREY_FILTER, GREY_MODE_CLASS, antdThemeFor, applyGreyMode, applyThemeCssVariables } from '../../../src/layout/shellLook';

describe('theme and grey mode on the page', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('gives antd the shades as primary tokens and floats popups at z-index 2000', () => {
    const theme = antdThemeFor('#00C6AE');
    expect(theme.token).toMatchObject({
      colorPrimary: '#00c6ae', colorPrimaryHover: '#33d1be', colorPrimaryActive: '#00b29d', zIndexPopupBase: 2000,
    });
  });

  it('turns antd\'s animations off only for who asked for reduced motion', () => {
    expect(antdThemeFor('#00C6AE').token).not.toHaveProperty('motion');
    expect(antdThemeFor('#00C6AE', true).token).toMatchObject({ motion: false });
  });

  it('puts the 19 colour variables on the root element', () => {
    applyThemeCssVariables('#1677FF');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--app-color-primary')).toBe('#1677ff');
    expect(style.getPropertyValue('--app-color-primary-light-9')).not.toBe('');
    expect(style.getPropertyValue('--app-color-primary-dark-9')).not.toBe('');
  });

  it('greys the page until the end time, then lifts it by itself', () => {
    vi.useFakeTimers();
    const now = Date.now();
    const root = document.createElement('div');
    const stop = applyGreyMode(now + 10_000, root);
    expect(root.style.filter).toBe(GREY_FILTER);
    expect(root.classList.contains(GREY_MODE_CLASS)).toBe(true);
    vi.advanceTimersByTime(10_100);
    expect(root.style.filter).toBe('');
    expect(root.classList.contains(GREY_MODE_CLASS)).toBe(false);
    stop();
  });

  it('does nothing for a past or absent end time, and cleans up when the setting changes', () => {
    const root = document.createElement('div');
    applyGreyMode(Date.now() - 1, root);
    expect(root.style.filter).toBe('');
    applyGreyMode(0, root);
    expect(root.style.filter).toBe('');
    const stop = applyGreyMode(Date.now() + 3_600_000, root);
    expect(root.style.filter).toBe(GREY_FILTER);
    stop();
    expect(root.style.filter).toBe('');
  });
});
