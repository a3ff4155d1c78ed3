import { describe, expect, it } from 'vitest';
import {
  colorShades, isHexColor, mixColors, parseHexColor, primaryTokens, shadeCssVariables, toHexColor,
} from '../../../runtime/core/theme';

describe('theme colour shades', () => {
  it('parses and writes hex colours, short and long, any case, with or without #', () => {
    expect(parseHexColor('#00C6AE')).toEqual({ r: 0, g: 198, b: 174 });
    expect(parseHexColor('0c8')).toEqual({ r: 0, g: 204, b: 136 });
    expect(toHexColor({ r: 0, g: 198, b: 174 })).toBe('#00c6ae');
    expect(toHexColor({ r: 300, g: -4, b: 127.5 })).toBe('#ff0080');
    expect(isHexColor('#00C6AE')).toBe(true);
    expect(isHexColor('#0C8')).toBe(true);
    for (const bad of ['', '#00C6A', 'red', '#GGGGGG', 'rgb(0,0,0)', null, 7]) expect(isHexColor(bad)).toBe(false);
    expect(() => parseHexColor('teal')).toThrow(/not a hex colour/);
  });

  it('mixes channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#00C6AE', '#ffffff', 0)).toBe('#00c6ae');
    expect(mixColors('#00C6AE', '#ffffff', 1)).toBe('#ffffff');
    expect(mixColors('#00C6AE', '#000000', 2)).toBe('#000000');
  });

  it('derives 9 lighter (white 10 %…90 %) and 9 darker (black 10 %…90 %) shades of #00C6AE', () => {
    const shades = colorShades('#00C6AE');
    expect(shades.base).toBe('#00c6ae');
    expect(shades.light).toHaveLength(9);
    expect(shades.dark).toHaveLength(9);
    // light-1: 0 + 255*0.1 = 25.5 → 26, 198 + 57*0.1 = 203.7 → 204, 174 + 81*0.1 = 182.1 → 182
    expect(shades.light[0]).toBe('#1accb6');
    // light-9: 0 + 255*0.9 = 229.5 → 230, 198 + 57*0.9 = 249.3 → 249, 174 + 81*0.9 = 246.9 → 247
    expect(shades.light[8]).toBe('#e6f9f7');
    // dark-1: 90 % of each channel: 0, 178.2 → 178, 156.6 → 157
    expect(shades.dark[0]).toBe('#00b29d');
    // dark-9: 10 %: 0, 19.8 → 20, 17.4 → 17
    expect(shades.dark[8]).toBe('#001411');
  });

  it('gets steadily lighter and darker, never repeating a step', () => {
    const brightness = (hex: string) => { const { r, g, b } = parseHexColor(hex); return r + g + b; };
    const { base, light, dark } = colorShades('#1677FF');
    const upward = [base, ...light].map(brightness);
    const downward = [base, ...dark].map(brightness);
    upward.slice(1).forEach((value, i) => expect(value).toBeGreaterThan(upward[i]));
    downward.slice(1).forEach((value, i) => expect(value).toBeLessThan(downward[i]));
  });

  it('gives white and black the degenerate but valid shades', () => {
    expect(new Set(colorShades('#ffffff').light)).toEqual(new Set(['#ffffff']));
    expect(new Set(colorShades('#000000').dark)).toEqual(new Set(['#000000']));
  });

  it('maps the shades to CSS variables and antd primary tokens', () => {
    const shades = colorShades('#00C6AE');
    const variables = shadeCssVariables(shades);
    expect(Object.keys(variables)).toHaveLength(19);
    expect(variables['--app-color-primary']).toBe('#00c6ae');
    expect(variables['--app-color-primary-light-1']).toBe(shades.light[0]);
    expect(variables['--app-color-primary-dark-9']).toBe(shades.dark[8]);
    const tokens = primaryTokens(shades);
    expect(tokens.colorPrimary).toBe('#00c6ae');
    expect(tokens.colorPrimaryHover).toBe(shades.light[1]);
    expect(tokens.colorPrimaryActive).toBe(shades.dark[0]);
    expect(tokens.colorPrimaryBg).toBe(shades.light[8]);
    expect(tokens.colorLink).toBe('#00c6ae');
  });
});
