import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadMessages } from './unreadMessages';
import { useSessionStore } from '../session/sessionStore';

/** Seconds between polls when the login answer gave none (spec: MSG_TIME). */
const DEFAULT_POLL_SECONDS = 60;
const MESSAGES_PATH = '/personal/message';

/**
 * The unread-message badge: polled every MSG_TIME seconds while the layout is open, quietly
 * (a failed poll shows nothing; the next one tries again), and at once when the message page
 * marks messages read. Clicking opens the message list.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const msgTime = useSessionStore((state) => state.msgTime);
  const count = useUnreadMessages((state) => state.count);
  const refresh = useUnreadMessages((state) => state.refresh);

  useEffect(() => {
    const seconds = Math.max(10, Number(msgTime) || DEFAULT_POLL_SECONDS);
    void refresh();
    const timer = window.setInterval(() => { void refresh(); }, seconds * 1000);
    return () => { window.clearInterval(timer); };
  }, [msgTime, refresh]);

  return (
    <Tooltip title={t('shell.messages.title')}>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('shell.messages.title')} data-testid="message-bell"
          onClick={() => navigate(MESSAGES_PATH)} />
      </Badge>
    </Tooltip>
  );
}
