import { request } from '../request/request';
import { setDesignedTexts } from '../i18n/i18n';
import { parsePermissions } from './sessionItems';
import { useSessionStore } from './sessionStore';
import type { MenuNode } from './sessionTypes';

let pending: Promise<MenuNode[]> | null = null;

/**
 * The signed-in user's menu and permissions, fetched from the server once per session (and once
 * per page load, so a changed menu or a newly granted button shows after a reload) and kept in
 * MENU and PERMISSIONS. Concurrent callers (the route guard
 * and route discovery run in the same navigation) share one request.
 */
export function loadSessionMenu(): Promise<MenuNode[]> {
  if (!pending) {
    // The texts of entities designed online come with the menu: its titles and their screens use them.
    pending = Promise.all([
      request.get<{ menu: MenuNode[] | null; permissions?: string }>('/get/system/myMenus'),
      // Without them the designed pages show their keys; the menu itself must still load.
      request.get<Record<string, Record<string, string>>>('/get/system/getDesignedMessages')
        .catch(() => ({ data: {} as Record<string, Record<string, string>> })),
    ])
      .then(([answer, texts]) => {
        setDesignedTexts(texts.data);
        const menu = answer.data.menu ?? [];
        const store = useSessionStore.getState();
        if (typeof answer.data.permissions === 'string') store.setPermissions(parsePermissions(answer.data.permissions));
        store.setMenu(menu);
        return menu;
      })
      .catch((error: unknown) => {
        // Let the next navigation try again rather than remember a failure.
        pending = null;
        throw error;
      });
  }
  return pending;
}

/** Forgets the fetched menu: the next session fetches its own (entering /login calls this). */
export function resetSessionMenu(): void {
  pending = null;
}
