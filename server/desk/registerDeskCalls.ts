import { callKey, type CallTable } from '../calls/CallHandler';
import { cloneAdminDeskCall } from './cloneAdminDeskCall';
import { getMyDeskCall, saveMyDeskCall } from './myDeskCalls';
import { getMyShortcutsCall } from './myShortcutsCall';
import { getPendingInfoCall } from './pendingInfoCall';
import { registerPortalCalls } from './portalCalls';

/** The personal desk (home dashboard): its arrangement and the data of its built-in widgets (a module's own, such as the office's recent outings, come with the module: server/modules). */
export function registerDeskCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getMyDesk'), getMyDeskCall);
  table.set(callKey('set', 'system', 'saveMyDesk'), saveMyDeskCall);
  table.set(callKey('set', 'system', 'cloneAdminDesk'), cloneAdminDeskCall);
  table.set(callKey('get', 'system', 'getPendingInfo'), getPendingInfoCall);
  table.set(callKey('get', 'system', 'getMyShortcuts'), getMyShortcutsCall);
  // Portals (门户): the desk of a role, designed by the administrator.
  registerPortalCalls(table);
}
