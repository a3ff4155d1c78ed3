import { App, message as staticMessage, Modal, notification as staticNotification, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useMemo } from 'react';

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  confirm(props: ModalFuncProps): void;
  success(props: ModalFuncProps): void;
}

/**
 * antd's themed message/notification/modal when the shell wraps the app in antd's <App>, the
 * static ones otherwise (a bare test render, the designer's preview), so no screen crashes for
 * want of a wrapper.
 */
export function useFeedback(): Feedback {
  const fromApp = App.useApp();
  const insideApp = typeof fromApp.message.error === 'function';
  return useMemo<Feedback>(() => (insideApp
    ? { message: fromApp.message, notification: fromApp.notification, confirm: (props) => { fromApp.modal.confirm(props); }, success: (props) => { fromApp.modal.success(props); } }
    : { message: staticMessage, notification: staticNotification, confirm: (props) => { Modal.confirm(props); }, success: (props) => { Modal.success(props); } }),
  [insideApp, fromApp]);
}
