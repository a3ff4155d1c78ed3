import { Button, Card, Descriptions, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { getFeedback } from '../../feedback';

interface ServerInfo {
  host: { hostname: string; platform: string; cpus: number; cpuModel: string; loadAverage: number[]; totalMemory: number; freeMemory: number; uptime: number };
  process: { pid: number; node: string; uptime: number; rss: number; heapUsed: number };
  database: { dialect: string };
  onlineSessions: number;
}
interface OnlineSession { sessionId: string; accountId: string | null; userName: string | null; userId: string; ip: string | null; userAgent: string | null; createTime: string; loginAs: string | null }
interface Maintenance { on: boolean; message: string; since: string }

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

/** System monitoring for administrators: host and process, clearing the server's caches, maintenance mode, online sessions. */
export function MonitorPage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<ServerInfo | null>(null);
  const [sessions, setSessions] = useState<OnlineSession[]>([]);
  const [maintenance, setMaintenance] = useState<Maintenance>({ on: false, message: '', since: '' });
  const [message, setMessage] = useState('');
  // A note the administrator is typing survives every reload (the first one included); the stored
  // note replaces it again once the switch has saved it.
  const typing = useRef(false);

  const load = useCallback(async () => {
    const [serverInfo, online, mode] = await Promise.all([
      request.get<ServerInfo>('/get/system/getServerInfo'),
      request.get<OnlineSession[]>('/get/system/getOnlineSessionList'),
      request.get<Maintenance>('/get/system/getMaintenanceMode'),
    ]);
    setInfo(serverInfo.data);
    setSessions(online.data ?? []);
    setMaintenance(mode.data);
    if (!typing.current) setMessage(mode.data.message ?? '');
  }, []);
  useEffect(() => { void load().catch(() => undefined); }, [load]);

  const toggle = async (on: boolean) => {
    const answer = await request.post<Maintenance>('/set/system/setMaintenanceMode', { on: on ? 1 : 0, message });
    setMaintenance(answer.data);
    typing.current = false;
    setMessage(answer.data.message ?? '');
    getFeedback().message.success(t(on ? 'system.monitor.maintenanceOn' : 'system.monitor.maintenanceOff'));
  };
  const clearCache = async () => {
    const answer = await request.post<{ cleared: string[] }>('/set/system/clearCache');
    const names = answer.data.cleared.map((name) => t(`system.monitor.cacheName.${name}`, { defaultValue: name })).join('、');
    getFeedback().message.success(t('system.monitor.cacheCleared', { names }));
  };
  const kick = async (body: Record<string, string>) => {
    const answer = await request.post<{ kicked: number }>('/set/system/kickSession', body);
    getFeedback().message.success(t('system.monitor.kicked', { count: answer.data.kicked }));
    await load();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('system.monitor.server')} extra={(
        <Space>
          <Popconfirm title={t('system.monitor.clearCacheConfirm')} onConfirm={() => void clearCache()} overlayStyle={{ maxWidth: 360 }}>
            <Button data-testid="monitor-clear-cache">{t('system.monitor.clearCache')}</Button>
          </Popconfirm>
          <Button onClick={() => void load()} data-testid="monitor-reload">{t('system.monitor.reload')}</Button>
        </Space>
      )}>
        {info && (
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('system.monitor.hostname')}>{info.host.hostname}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.platform')}>{info.host.platform}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.cpus')}>{`${info.host.cpus} × ${info.host.cpuModel}`}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.load')}>{info.host.loadAverage.map((n) => n.toFixed(2)).join(' / ')}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.memory')}>{`${mb(info.host.totalMemory - info.host.freeMemory)} / ${mb(info.host.totalMemory)}`}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.hostUptime')}>{hours(info.host.uptime)}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.process')}>{`PID ${info.process.pid} · Node ${info.process.node}`}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.processMemory')}>{`${mb(info.process.rss)} (heap ${mb(info.process.heapUsed)})`}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.processUptime')}>{hours(info.process.uptime)}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.database')}>{info.database.dialect}</Descriptions.Item>
            <Descriptions.Item label={t('system.monitor.online')}>{info.onlineSessions}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('system.monitor.maintenance')}>
        <Space wrap>
          <Switch checked={maintenance.on} onChange={(on) => void toggle(on)} data-testid="maintenance-switch" />
          {maintenance.on ? <Tag color="red">{t('system.monitor.maintenanceSince', { since: maintenance.since })}</Tag> : <Tag>{t('system.monitor.maintenanceOffTag')}</Tag>}
          <Input style={{ width: 360 }} maxLength={200} value={message} placeholder={t('system.monitor.maintenanceMessage')}
            onChange={(e) => { typing.current = true; setMessage(e.target.value); }} data-testid="maintenance-message" />
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('system.monitor.maintenanceHelp')}</Typography.Paragraph>
      </Card>
      <Card title={t('system.monitor.sessions')}>
        <Table<OnlineSession>
          rowKey="sessionId"
          size="small"
          dataSource={sessions}
          pagination={{ pageSize: 15 }}
          columns={[
            { title: t('system.monitor.account'), dataIndex: 'accountId', width: 140 },
            { title: t('system.monitor.user'), dataIndex: 'userName', width: 120 },
            { title: t('system.monitor.signedIn'), dataIndex: 'createTime', width: 170 },
            { title: 'IP', dataIndex: 'ip', width: 140 },
            { title: t('system.monitor.loginAs'), dataIndex: 'loginAs', width: 120 },
            { title: t('system.monitor.client'), dataIndex: 'userAgent', ellipsis: true },
            {
              title: t('system.monitor.actions'), key: 'actions', width: 200,
              render: (_: unknown, row) => (
                <Space>
                  <Popconfirm title={t('system.monitor.kickConfirm')} onConfirm={() => void kick({ sessionId: row.sessionId })}>
                    <Button type="link" size="small" danger data-testid={`kick-${row.sessionId}`}>{t('system.monitor.kick')}</Button>
                  </Popconfirm>
                  <Popconfirm title={t('system.monitor.kickUserConfirm')} onConfirm={() => void kick({ userId: row.userId })}>
                    <Button type="link" size="small" danger>{t('system.monitor.kickUser')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
