import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { jsapiTicketCall, pcLoginCall } from './chatAppCalls';
import { chatGroupStateCall, chatLoginStateCall, getChatAppFunctionListCall } from './chatStateCalls';
import { seedChatDemoData } from './chatDemoData';

/**
 * 即时通讯集成 (schemas/chat): group chats and account bindings kept through the chat adapters,
 * the JS-API and PC sign-in calls, the workbench function list. Chat sign-in itself
 * (doAppLogin, getDingDingUserInfo, getWxUserInfo) is the shell's (server/shell/chatLoginCalls.ts);
 * it refuses a binding whose login is stopped (server/people/chatAccountLogin.ts).
 */
export const chatModule: ServerModule = {
  name: 'chat',
  registerCalls(table) {
    table.set(callKey('get', 'chat', 'getDdJSAPITicket'), jsapiTicketCall('dingtalk'));
    table.set(callKey('get', 'chat', 'getWxJSAPITicket'), jsapiTicketCall('wxwork'));
    table.set(callKey('get', 'chat', 'getDdPcLogin'), pcLoginCall('dingtalk'));
    table.set(callKey('get', 'chat', 'getWxPcLogin'), pcLoginCall('wxwork'));
    table.set(callKey('get', 'chat', 'getChatAppFunctionList'), getChatAppFunctionListCall);
    table.set(callKey('set', 'chat', 'openChatGroup'), chatGroupStateCall(true));
    table.set(callKey('set', 'chat', 'stopChatGroup'), chatGroupStateCall(false));
    table.set(callKey('set', 'chat', 'openChatLogin'), chatLoginStateCall(true));
    table.set(callKey('set', 'chat', 'stopChatLogin'), chatLoginStateCall(false));
  },
  seedDemoData: seedChatDemoData,
};
