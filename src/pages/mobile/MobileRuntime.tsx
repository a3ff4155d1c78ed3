import type { ReactNode } from 'react';
import { RuntimeProvider, registerExpressionCompiler } from '../../../runtime/react';
import { useRuntimeServices } from '../../runtime/useRuntimeServices';

// The generic screens' expression compiler, registered when the mobile entity screens first load.
registerExpressionCompiler();

/** The generic runtime's services for the mobile entity screens (they live outside the layout). */
export function MobileRuntime({ children }: { children: ReactNode }) {
  const services = useRuntimeServices();
  return <RuntimeProvider services={services}>{children}</RuntimeProvider>;
}
