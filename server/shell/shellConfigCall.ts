import { APP_LANGUAGES, DEFAULT_APP_LANGUAGE, VERSION_LABEL } from '../../runtime/core/constants';
import type { CallHandler } from '../calls/CallHandler';
import type { ServerConfig } from '../config';
import { CHAT_APPS } from '../adapters/chat';

/**
 * `data` of GET /get/system/getShellConfig: what the browser needs before and after sign-in to
 * look and behave as configured. Stored by the browser under the spec's item names (APP_NAME,
 * APP_COLOR, GREY_END_TIME, ENCRYPTION_TYPE, OFFICE_TYPE, OFD_TYPE, OPEN_ON_LINE_FLAG, ATTACH_HOST…).
 * Nothing secret: the SM4 key and chat-app secrets stay on the server.
 */
export function shellConfigOf(config: ServerConfig) {
  const { shell, officeViewer } = config;
  return {
    appName: shell.appName,
    appColor: shell.appColor,
    dashboardUrl: shell.dashboardUrl,
    greyEndTime: shell.greyEndTime,
    waterMark: { ...shell.waterMark },
    encryptionType: config.encryptionType,
    officeType: officeViewer.officeType,
    ofdType: officeViewer.ofdType,
    openOnLineFlag: officeViewer.openOnLineFlag ? 1 : 0,
    attachHost: officeViewer.attachHost,
    version: VERSION_LABEL,
    defaultLanguage: DEFAULT_APP_LANGUAGE,
    languages: [...APP_LANGUAGES],
    // What a chat app's JS API needs in the page (corpId, agentId); never the key or secret.
    chat: Object.fromEntries(CHAT_APPS.map((app) => [app, {
      corpId: shell.chat.apps[app].corpId, agentId: shell.chat.apps[app].agentId,
    }])),
  };
}

export const getShellConfigCall: CallHandler = {
  // The sign-in page needs the name, colour and grey mode before anyone has signed in.
  auth: 'public',
  async handle(request) {
    return shellConfigOf(request.ctx.config);
  },
};
