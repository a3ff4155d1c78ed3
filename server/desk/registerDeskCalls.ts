import { callKey, type CallTable } from '../calls/CallHandler';
import { cloneAdminDeskCall } from './cloneAdminDeskCall';
import { getMyDeskCall, saveMyDeskCall } from './myDeskCalls';
import { getMyShortcutsCall } from './myShortcutsCall';
import { getPendingInfoCall } from './pendingInfoCall';
import { getRecentOutingsCall } from './recentOutingsCall';

/** The personal desk (home dashboard): its arrangement and the data of its built-in widgets. */
export function registerDeskCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getMyDesk'), getMyDeskCall);
  table.set(callKey('set', 'system', 'saveMyDesk'), saveMyDeskCall);
  table.set(callKey('set', 'system', 'cloneAdminDesk'), cloneAdminDeskCall);
  table.set(callKey('get', 'system', 'getPendingInfo'), getPendingInfoCall);
  table.set(callKey('get', 'system', 'getRecentOutings'), getRecentOutingsCall);
  table.set(callKey('get', 'system', 'getMyShortcuts'), getMyShortcutsCall);
}
