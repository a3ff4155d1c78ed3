/** Steps kept for undo: plenty for a designing session, bounded so a long one stays small. */
export const LAYOUT_HISTORY_LIMIT = 100;

/**
 * The portal designer's undo and redo over whole layouts (a layout is small: at most 30 cells).
 * `mergeKey` is the key of the last change when it came from a text box: the keystrokes of one
 * box are one step, as undo taking a title back letter by letter would be useless, until the
 * box loses the focus (`seal`).
 */
export interface LayoutHistory<T> {
  past: T[];
  present: T;
  future: T[];
  mergeKey?: string;
}

export type LayoutHistoryStep<T> =
  | { type: 'change'; layout: T; mergeKey?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The box typed into lost the focus: the next change is a step of its own. */
  | { type: 'seal' };

export function startHistory<T>(layout: T): LayoutHistory<T> {
  return { past: [], present: layout, future: [] };
}

/**
 * One step: a change that alters nothing is no step (the grid reports the end of a drag twice,
 * and a drag that ends where it began is nothing to undo); a change with the last change's
 * mergeKey replaces it; undo and redo move between the layouts and end any merging.
 */
export function reduceLayoutHistory<T>(history: LayoutHistory<T>, step: LayoutHistoryStep<T>): LayoutHistory<T> {
  switch (step.type) {
    case 'change': {
      if (JSON.stringify(step.layout) === JSON.stringify(history.present)) return history;
      if (step.mergeKey !== undefined && step.mergeKey === history.mergeKey) return { ...history, present: step.layout, future: [] };
      return { past: [...history.past, history.present].slice(-LAYOUT_HISTORY_LIMIT), present: step.layout, future: [], mergeKey: step.mergeKey };
    }
    case 'undo':
      return history.past.length === 0 ? history
        : { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
    case 'redo':
      return history.future.length === 0 ? history
        : { past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
    case 'seal':
      return history.mergeKey === undefined ? history : { past: history.past, present: history.present, future: history.future };
  }
}
