import { lazy } from 'react';

/**
 * The Monaco editors, each loaded on first use: Monaco is most of the designer's weight, and the
 * canvas, outline and most properties need none of it.
 */
export const LazyJsonEditor = lazy(() => import('./JsonEditor').then((m) => ({ default: m.JsonEditor })));
export const LazyExpressionInput = lazy(() => import('./ExpressionInput').then((m) => ({ default: m.ExpressionInput })));
export const LazyJsonDiffEditor = lazy(() => import('./JsonDiffEditor').then((m) => ({ default: m.JsonDiffEditor })));
