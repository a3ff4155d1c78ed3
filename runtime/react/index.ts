/**
 * The generic screens: an entity schema rendered as index, details and save screens with antd
 * and Formily. The shell supplies its services through <RuntimeProvider>; nothing here imports src/.
 */
export { RuntimeProvider } from './RuntimeProvider';
export { useRuntime } from './useRuntime';
export { EntityIndexPage } from './index/EntityIndexPage';
export { EntityDetailsPage } from './details/EntityDetailsPage';
export { EntitySavePage } from './form/EntitySavePage';
export { registerExpressionCompiler } from './form/registerExpressionCompiler';
export { registerDetailsPanel, type DetailsPanel, type DetailsPanelProps } from './details/detailsPanels';
export type { RuntimeServices } from './RuntimeServices';
