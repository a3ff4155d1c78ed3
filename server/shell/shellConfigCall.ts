import { APP_LANGUAGES, DEFAULT_APP_LANGUAGE, VERSION_LABEL } from '../../runtime/core/constants';
import type { CallHandler } from '../calls/CallHandler';
import type { ServerConfig } from '../config';
import { CHAT_APPS } from '../adapters/chat';
import { readSystemSettings, type SystemSettings } from '../sysConfig';

/**
 * `data` of GET /get/system/getShellConfig: what the browser needs before and after sign-in to
 * look and behave as configured — the stored system configuration (server/sysConfig) and the
 * chat apps of the environment. Stored by the browser under the spec's item names (APP_NAME,
 * APP_COLOR, GREY_END_TIME, ENCRYPTION_TYPE, OFFICE_TYPE, OFD_TYPE, OPEN_ON_LINE_FLAG, ATTACH_HOST…).
 * Nothing secret: the SM4 key and chat-app secrets stay on the server.
 */
export function shellConfigOf(settings: SystemSettings, config: ServerConfig) {
  const { officeViewer } = settings;
  const { chat } = config.shell;
  return {
    appName: settings.appName,
    appColor: settings.appColor,
    dashboardUrl: settings.dashboardUrl,
    greyEndTime: settings.greyEndTime,
    waterMark: { ...settings.waterMark },
    // attachIds of the public images, read with /get/file/getSysImage.
    logo: settings.logo,
    banners: [...settings.banners],
    encryptionType: settings.encryptionType,
    officeType: officeViewer.officeType,
    ofdType: officeViewer.ofdType,
    openOnLineFlag: officeViewer.openOnLineFlag ? 1 : 0,
    attachHost: officeViewer.attachHost,
    version: VERSION_LABEL,
    defaultLanguage: DEFAULT_APP_LANGUAGE,
    languages: [...APP_LANGUAGES],
    // What a chat app's JS API needs in the page (corpId, agentId); never the key or secret.
    chat: Object.fromEntries(CHAT_APPS.map((app) => [app, {
      corpId: chat.apps[app].corpId, agentId: chat.apps[app].agentId,
    }])),
  };
}

export const getShellConfigCall: CallHandler = {
  // The sign-in page needs the name, colour and grey mode before anyone has signed in.
  auth: 'public',
  async handle(request) {
    return shellConfigOf(await readSystemSettings(request.ctx), request.ctx.config);
  },
};
