import { useMemo, useState, type ReactNode } from 'react';
import { PromiseCache } from './data/PromiseCache';
import { createListMemory } from './index/listMemory';
import { RuntimeContext, type RuntimeCaches } from './RuntimeContext';
import type { RuntimeServices } from './RuntimeServices';

export interface RuntimeProviderProps {
  services: RuntimeServices;
  children?: ReactNode;
}

export function RuntimeProvider({ services, children }: RuntimeProviderProps) {
  // Created once per provider: re-rendering the shell must not drop the schema cache.
  const [caches] = useState<RuntimeCaches>(() => ({
    schemas: new PromiseCache(),
    dictionaries: new PromiseCache(),
    entityTrees: new PromiseCache(),
    lists: createListMemory(),
  }));
  const value = useMemo(() => ({ services, caches }), [services, caches]);
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}
