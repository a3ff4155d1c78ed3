import { useEffect, useRef } from 'react';
import { useDesignStore } from '../state/useDesignState';

/** True when the key event comes from a text field or Monaco, where Ctrl+Z belongs to the field. */
const inTextField = (target: EventTarget | null) => target instanceof HTMLElement
  && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Ctrl+Z undo, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac) outside text fields; Ctrl+S saves
 * everywhere (the browser's "save page" would be no use); Delete removes the selected node.
 */
export function useDesignShortcuts(save: () => void, remove: (id: string) => void): void {
  const store = useDesignStore();
  const actions = useRef({ save, remove });
  actions.current = { save, remove };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && key === 's') {
        event.preventDefault();
        actions.current.save();
        return;
      }
      if (inTextField(event.target)) return;
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z' && !event.shiftKey) { event.preventDefault(); store.undo(); }
        if ((key === 'z' && event.shiftKey) || key === 'y') { event.preventDefault(); store.redo(); }
        return;
      }
      const selection = store.getState().selection;
      if (key === 'delete' && selection) { event.preventDefault(); actions.current.remove(selection); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
