import { AuditOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../request';
import { useSessionStore } from '../session/sessionStore';

const DEFAULT_POLL_SECONDS = 60;
const CENTRE_PATH = '/bpm/center';

/**
 * The workflow to-do count in the header (getTodoCount), polled quietly like the message bell;
 * clicking opens the workflow centre (every signed-in user has a to-do list).
 */
export function BpmTodoBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const msgTime = useSessionStore((state) => state.msgTime);
  const [count, setCount] = useState(0);

  useEffect(() => {
    const load = () => request.get<{ todo: number }>('/get/bpm/getTodoCount', {}, { quiet: true }).then((answer) => setCount(answer.data.todo), () => undefined);
    const seconds = Math.max(10, Number(msgTime) || DEFAULT_POLL_SECONDS);
    void load();
    const timer = window.setInterval(() => { void load(); }, seconds * 1000);
    return () => { window.clearInterval(timer); };
  }, [msgTime]);

  return (
    <Tooltip title={t('bpmCentre.bell.todo', { count })}>
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="bpm-todo-count">
        <Button type="text" icon={<AuditOutlined />} aria-label={t('bpmCentre.bell.todo', { count })} data-testid="bpm-todo-bell"
          onClick={() => navigate(CENTRE_PATH)} />
      </Badge>
    </Tooltip>
  );
}
