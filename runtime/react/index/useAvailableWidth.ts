import { useEffect, useRef, useState } from 'react';

/**
 * The width of the element `ref` is put on, kept current as the window or the side menu changes
 * it. Undefined until measured, and where ResizeObserver does not exist (jsdom in unit tests).
 */
export function useAvailableWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
