/** The Portal list (系统配置 › 门户设计) and the two screens its row actions open. */
export const PORTAL_LIST_PATH = '/system/portal';

export function portalDesignerPath(portalId: string): string {
  return `/system/portal/designer?${new URLSearchParams({ portalId }).toString()}`;
}

export function portalPreviewPath(portalId: string): string {
  return `/system/portal/preview?${new URLSearchParams({ portalId }).toString()}`;
}
