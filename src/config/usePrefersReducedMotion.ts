import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  if (!list) return () => undefined;
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => Boolean(window.matchMedia?.(QUERY).matches);

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): the shell then turns antd's
 * opening and closing animations off (src/App.tsx), and follows a change of the setting at once.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
