import type { ReactNode } from 'react';
import { RuntimeProvider } from '../../runtime/react';
import { useRuntimeServices } from './useRuntimeServices';

/**
 * The runtime's services (request, feedback, session) for a page of the shell that uses runtime
 * widgets outside the generic screens: the people picker, uploads, rich text. Without it they
 * stop the page with "must be rendered inside <RuntimeProvider>".
 */
export function ShellRuntime({ children }: { children: ReactNode }) {
  const services = useRuntimeServices();
  return <RuntimeProvider services={services}>{children}</RuntimeProvider>;
}
