import { useCallback, useState } from 'react';

export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4];

/** A zoom factor with "fit" (null: follow the available width) and step-wise in/out. */
export function useZoom() {
  const [zoom, setZoom] = useState<number | null>(null);
  const zoomIn = useCallback((current: number) => setZoom(ZOOM_STEPS.find((z) => z > current + 0.001) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]), []);
  const zoomOut = useCallback((current: number) => setZoom([...ZOOM_STEPS].reverse().find((z) => z < current - 0.001) ?? ZOOM_STEPS[0]), []);
  const fit = useCallback(() => setZoom(null), []);
  const actual = useCallback(() => setZoom(1), []);
  return { zoom, zoomIn, zoomOut, fit, actual, setZoom };
}
