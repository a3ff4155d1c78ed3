import { callKey, type CallTable } from '../calls/CallHandler';
import type { ServerContext } from '../context';
import { syncDeptToChatCall, syncUserToChatCall } from './chatSyncCalls';
import { syncDirectoryAfterWrites } from './syncAfterWrites';
import { issuePasswordsToNewUsers } from './newUserPasswords';
import { getUserByEmailCall } from './userByEmailCall';
import { getMyInfoCall, updateMyInfoCall } from './myInfoCalls';
import { getAvatarCall, uploadAvatarCall } from './avatarCalls';
import { initDeptCall } from './initDeptCall';
import { initUserCall } from './initUserCall';
import { getPickerUserGroupsCall } from './pickerGroupsCall';
import { logoutUserCall } from './logoutUserCall';

/**
 * Organisation and people (docs/PEOPLE.md): chat-app directory sync, find by e-mail, one's own
 * base info and avatar, department and user initialisation. Registered after the generic and
 * account calls, because it wraps some of them (writes of departments and users, registration
 * approval) to act once they have committed.
 */
export function registerPeopleCalls(table: CallTable, ctx: ServerContext): void {
  table.set(callKey('set', 'system', 'syncDeptToChat'), syncDeptToChatCall);
  table.set(callKey('set', 'system', 'syncUserToChat'), syncUserToChatCall);
  table.set(callKey('get', 'system', 'getUserByEmail'), getUserByEmailCall);
  table.set(callKey('get', 'system', 'getMyInfo'), getMyInfoCall);
  table.set(callKey('set', 'system', 'updateMyInfo'), updateMyInfoCall);
  table.set(callKey('set', 'file', 'uploadAvatar'), uploadAvatarCall);
  table.set(callKey('get', 'file', 'getAvatar'), getAvatarCall);
  table.set(callKey('set', 'system', 'initDept'), initDeptCall);
  table.set(callKey('set', 'system', 'initUser'), initUserCall);
  table.set(callKey('get', 'system', 'getPickerUserGroups'), getPickerUserGroupsCall);
  table.set(callKey('set', 'system', 'logoutUser'), logoutUserCall);
  issuePasswordsToNewUsers(table, ctx);
  syncDirectoryAfterWrites(table, ctx);
}
