import { Outlet } from 'react-router-dom';
import { RuntimeProvider, registerExpressionCompiler } from '../../../runtime/react';
import { useRuntimeServices } from '../../runtime/useRuntimeServices';
import { registerShellDetailsPanels } from './shellDetailsPanels';

// Registered when the generic screens' code first loads, before any schema renders. Doing it here
// rather than in main.tsx keeps Formily and the runtime out of the sign-in page's bundle; a module
// body runs once, so this is still exactly once per page load.
registerExpressionCompiler();
registerShellDetailsPanels();

/** Route layout around every entity screen: gives them the shell's services. */
export function EntityRuntimeBoundary() {
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <Outlet />
    </RuntimeProvider>
  );
}
