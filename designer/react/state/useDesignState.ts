import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DesignState, DesignStore } from './DesignStore';

export const DesignStoreContext = createContext<DesignStore | null>(null);

export function useDesignStore(): DesignStore {
  const store = useContext(DesignStoreContext);
  if (!store) throw new Error('designer components must be rendered inside <DesignStoreContext.Provider>');
  return store;
}

/**
 * A slice of the design state; the component re-renders only when the selected value changes
 * (by identity), so a selector should answer existing objects or primitives, never new ones.
 */
export function useDesignState<T>(selector: (state: DesignState) => T): T {
  const store = useDesignStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
