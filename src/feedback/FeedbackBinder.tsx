import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from './feedback';

/** Rendered once inside antd's <App>: hands its context-aware message/notification/modal to non-React code. */
export function FeedbackBinder(): null {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}
