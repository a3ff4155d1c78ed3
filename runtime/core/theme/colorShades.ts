/**
 * Theme shades (spec §1): nine lighter and nine darker colours derived from the theme colour by
 * mixing it with white or black in steps of 10 % — light-1 is 10 % white, light-9 is 90 % white;
 * dark-1 is 10 % black, dark-9 is 90 % black.
 */

export interface Rgb { r: number; g: number; b: number }

export interface ColorShades {
  /** The colour itself, normalised to #rrggbb. */
  base: string;
  /** light[0] = 10 % white … light[8] = 90 % white. */
  light: string[];
  /** dark[0] = 10 % black … dark[8] = 90 % black. */
  dark: string[];
}

export const SHADE_STEPS = 9;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && HEX.test(candidate.trim());
}

/** '#0c8' or '00CC88' → { r: 0, g: 204, b: 136 }; throws on anything that is not a hex colour. */
export function parseHexColor(color: string): Rgb {
  const match = HEX.exec(color.trim());
  if (!match) throw new Error(`not a hex colour: ${JSON.stringify(color)}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

function channelHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value))).toString(16).padStart(2, '0');
}

export function toHexColor({ r, g, b }: Rgb): string {
  return `#${channelHex(r)}${channelHex(g)}${channelHex(b)}`;
}

/** `color` mixed with `other`: weight 0 gives `color`, 1 gives `other`. */
export function mixColors(color: string, other: string, weight: number): string {
  const a = parseHexColor(color);
  const b = parseHexColor(other);
  const w = Math.min(1, Math.max(0, weight));
  return toHexColor({ r: a.r + (b.r - a.r) * w, g: a.g + (b.g - a.g) * w, b: a.b + (b.b - a.b) * w });
}

export function colorShades(color: string): ColorShades {
  const base = toHexColor(parseHexColor(color));
  const steps = Array.from({ length: SHADE_STEPS }, (_, index) => (index + 1) / 10);
  return {
    base,
    light: steps.map((weight) => mixColors(base, '#ffffff', weight)),
    dark: steps.map((weight) => mixColors(base, '#000000', weight)),
  };
}

/** The shades as CSS custom properties: --app-color-primary, --app-color-primary-light-1…9, -dark-1…9. */
export function shadeCssVariables(shades: ColorShades): Record<string, string> {
  const variables: Record<string, string> = { '--app-color-primary': shades.base };
  shades.light.forEach((shade, index) => { variables[`--app-color-primary-light-${index + 1}`] = shade; });
  shades.dark.forEach((shade, index) => { variables[`--app-color-primary-dark-${index + 1}`] = shade; });
  return variables;
}

/**
 * antd's primary tokens from the shades, so antd does not derive its own palette (which would
 * not match the spec's): hover a step lighter, active a step darker, backgrounds near-white.
 */
export function primaryTokens(shades: ColorShades): Record<string, string> {
  const [l1, l2, , l4, , l6, , l8, l9] = shades.light;
  const [d1] = shades.dark;
  return {
    colorPrimary: shades.base,
    colorPrimaryHover: l2,
    colorPrimaryActive: d1,
    colorPrimaryBg: l9,
    colorPrimaryBgHover: l8,
    colorPrimaryBorder: l6,
    colorPrimaryBorderHover: l4,
    colorPrimaryText: shades.base,
    colorPrimaryTextHover: l1,
    colorPrimaryTextActive: d1,
    colorLink: shades.base,
    colorLinkHover: l2,
    colorLinkActive: d1,
    colorInfo: shades.base,
  };
}
