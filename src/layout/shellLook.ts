import type { ThemeConfig } from 'antd';
import { ELEMENT_Z_INDEX } from '../../runtime/core/constants';
import { colorShades, greyModeRemainingMs, primaryTokens, shadeCssVariables } from '../../runtime/core/theme';

/** antd's theme for a colour: the primary tokens from the spec's shades, popups above z-index 2000. */
export function antdThemeFor(color: string, reducedMotion = false): ThemeConfig {
  return { token: { ...primaryTokens(colorShades(color)), zIndexPopupBase: ELEMENT_Z_INDEX, ...(reducedMotion ? { motion: false } : {}) } };
}

/** Puts --app-color-primary and its 18 shades on the root element, for the shell's own CSS. */
export function applyThemeCssVariables(color: string, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(shadeCssVariables(colorShades(color)))) root.style.setProperty(name, value);
}

export const GREY_FILTER = 'grayscale(100%)';
export const GREY_MODE_CLASS = 'app-grey-mode';
/** setTimeout takes at most 2^31-1 ms (about 24.8 days); a longer wait is re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Greys the whole page while now < GREY_END_TIME (spec §4) and lifts it when the time passes,
 * also in a tab left open. The filter is on the root element: there it does not become the
 * containing block of fixed elements (dialogs, messages), which stay where they belong.
 * Returns the clean-up (cancels the timer, lifts the filter).
 */
export function applyGreyMode(greyEndTime: number, root: HTMLElement = document.documentElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const remaining = greyModeRemainingMs(greyEndTime);
    const active = remaining !== null;
    root.classList.toggle(GREY_MODE_CLASS, active);
    root.style.filter = active ? GREY_FILTER : '';
    if (active) timer = setTimeout(update, Math.min(remaining + 50, MAX_TIMER_MS));
  };
  update();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    root.classList.remove(GREY_MODE_CLASS);
    root.style.filter = '';
  };
}
