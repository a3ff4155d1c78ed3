import { useCallback, useEffect, useReducer, useState } from 'react';
import { reduceLayoutHistory, startHistory, type LayoutHistory, type LayoutHistoryStep } from '../../../../runtime/core/portal';
import type { DesignerCell } from './designerCells';

type Cells = DesignerCell[];

/** A key typed into a text box is the box's own undo (the browser's), not the designer's. */
const inTextField = (target: EventTarget | null) => target instanceof HTMLElement
  && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The designer's layout with undo and redo (runtime/core/portal/layoutHistory.ts): Ctrl+Z undoes,
 * Ctrl+Shift+Z or Ctrl+Y redoes (⌘ on a Mac), outside text boxes.
 */
export function useLayoutHistory(initial: Cells) {
  const [history, dispatch] = useReducer(
    (state: LayoutHistory<Cells>, step: LayoutHistoryStep<Cells>) => reduceLayoutHistory(state, step),
    initial, startHistory,
  );
  const change = useCallback((layout: Cells, mergeKey?: string) => dispatch({ type: 'change', layout, mergeKey }), []);
  // Counts undos and redos: the canvas starts its grid afresh from a layout taken from the history.
  const [travels, setTravels] = useState(0);
  const undo = useCallback(() => { dispatch({ type: 'undo' }); setTravels((n) => n + 1); }, []);
  const redo = useCallback(() => { dispatch({ type: 'redo' }); setTravels((n) => n + 1); }, []);
  const seal = useCallback(() => dispatch({ type: 'seal' }), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || inTextField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) { event.preventDefault(); undo(); }
      if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  return { cells: history.present, travels, canUndo: history.past.length > 0, canRedo: history.future.length > 0, change, undo, redo, seal };
}
