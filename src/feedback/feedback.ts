import { message, Modal, notification } from 'antd';
import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The parts of antd's feedback API that code outside React uses. */
export interface Feedback {
  message: Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'>;
  notification: Pick<NotificationInstance, 'success' | 'error' | 'warning' | 'info'>;
  modal: { confirm(config: ModalFuncProps): unknown };
}

// Code outside React (the request layer, global error handlers) needs antd's message,
// notification and modal. The static ones ignore ConfigProvider (theme colour, locale), so the
// App-bound instances replace them as soon as the root renders; the statics cover errors that
// happen before that.
let current: Feedback = { message, notification, modal: Modal };

export function getFeedback(): Feedback {
  return current;
}

export function bindFeedback(feedback: Feedback): void {
  current = feedback;
}
