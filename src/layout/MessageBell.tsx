import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../request';
import { useSessionStore } from '../session/sessionStore';

/** Seconds between polls when the login answer gave none (spec: MSG_TIME). */
const DEFAULT_POLL_SECONDS = 60;
const MESSAGES_PATH = '/personal/message';

/**
 * The unread-message badge: polled every MSG_TIME seconds while the layout is open, quietly
 * (a failed poll shows nothing; the next one tries again). Clicking opens the message list.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const msgTime = useSessionStore((state) => state.msgTime);
  const [count, setCount] = useState(0);

  useEffect(() => {
    const seconds = Math.max(10, Number(msgTime) || DEFAULT_POLL_SECONDS);
    let alive = true;
    const poll = () => {
      request.get<{ count: number }>('/get/system/getUnreadMessageCount', {}, { quiet: true })
        .then((answer) => { if (alive) setCount(Number(answer.data?.count) || 0); })
        .catch(() => undefined);
    };
    poll();
    const timer = window.setInterval(poll, seconds * 1000);
    return () => { alive = false; window.clearInterval(timer); };
  }, [msgTime]);

  return (
    <Tooltip title={t('shell.messages.title')}>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('shell.messages.title')} data-testid="message-bell"
          onClick={() => navigate(MESSAGES_PATH)} />
      </Badge>
    </Tooltip>
  );
}
