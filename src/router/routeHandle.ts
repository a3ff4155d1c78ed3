/** `handle` of the shell's routes: the page title (an i18n key or text) for the tab title. */
export interface RouteHandle {
  title?: string;
}

export function routeTitle(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const { title } = handle as RouteHandle;
  return typeof title === 'string' && title !== '' ? title : undefined;
}
