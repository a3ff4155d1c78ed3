import { useCallback, useReducer } from 'react';
import type { ProcessDefinition } from '../../../../runtime/core/bpm';

/** Steps kept for undo: plenty for a session, bounded so a long drag-happy session stays small. */
const MAX_STEPS = 100;

interface History {
  past: ProcessDefinition[];
  present: ProcessDefinition;
  future: ProcessDefinition[];
}

type Step =
  /** A change the user can undo (add, delete, connect, a property edited). */
  | { type: 'change'; def: ProcessDefinition }
  /** A change folded into the last step (each move of a drag: the drag as a whole is one step, see `checkpoint`). */
  | { type: 'replace'; def: ProcessDefinition }
  | { type: 'checkpoint' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; def: ProcessDefinition };

function reduce(h: History, step: Step): History {
  switch (step.type) {
    case 'change': return step.def === h.present ? h : { past: [...h.past, h.present].slice(-MAX_STEPS), present: step.def, future: [] };
    case 'replace': return { ...h, present: step.def };
    case 'checkpoint': return { past: [...h.past, h.present].slice(-MAX_STEPS), present: h.present, future: [] };
    case 'undo': return h.past.length === 0 ? h : { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
    case 'redo': return h.future.length === 0 ? h : { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
    case 'reset': return { past: [], present: step.def, future: [] };
  }
}

/** The definition being edited with undo/redo (Ctrl+Z / Ctrl+Y); xyflow's own undo example is under a paid licence, this is ours. */
export function useDefinitionHistory(initial: ProcessDefinition) {
  const [history, dispatch] = useReducer(reduce, { past: [], present: initial, future: [] });
  return {
    def: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change: useCallback((def: ProcessDefinition) => dispatch({ type: 'change', def }), []),
    replace: useCallback((def: ProcessDefinition) => dispatch({ type: 'replace', def }), []),
    checkpoint: useCallback(() => dispatch({ type: 'checkpoint' }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    reset: useCallback((def: ProcessDefinition) => dispatch({ type: 'reset', def }), []),
  };
}
