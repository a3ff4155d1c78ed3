import { useContext } from 'react';
import { RuntimeContext, type RuntimeContextValue } from './RuntimeContext';
import type { RuntimeServices } from './RuntimeServices';

function useRuntimeContext(): RuntimeContextValue {
  const value = useContext(RuntimeContext);
  if (!value) {
    throw new Error('Runtime screens must be rendered inside <RuntimeProvider services={…}>; none was found above this component.');
  }
  return value;
}

/** The shell's services (request layer, permissions, user, navigation, language). */
export function useRuntime(): RuntimeServices {
  return useRuntimeContext().services;
}

/** The per-provider caches; internal to the runtime. */
export function useRuntimeCaches(): RuntimeContextValue['caches'] {
  return useRuntimeContext().caches;
}
