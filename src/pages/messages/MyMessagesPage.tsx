import { CheckOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Checkbox, Descriptions, Drawer, List, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { request } from '../../request';
import { MESSAGE_TYPES, useUnreadMessages, type MessageType } from '../../layout/unreadMessages';
import { useSessionStore } from '../../session/sessionStore';
import { messageTarget } from './messageTarget';

interface Message {
  messageId: string;
  title: string;
  content: string | null;
  msgType: MessageType;
  link: string | null;
  readFlag: number;
  createTime: string;
}

const PAGE_SIZE = 10;
const MESSAGES_PATH = '/personal/message';
const TYPE_COLORS: Record<MessageType, string> = { system: 'blue', reminder: 'orange', flow: 'green' };
type Category = 'all' | MessageType;

/** The list query of the my-messages call: newest first, by category and read state. */
function listParams(category: Category, unreadOnly: boolean, page: number) {
  const filter: Record<string, { value: unknown; operator: string }> = {};
  if (category !== 'all') filter.msgType = { value: category, operator: 'eq' };
  if (unreadOnly) filter.readFlag = { value: 0, operator: 'eq' };
  return { page, pageSize: PAGE_SIZE, prop: 'createTime', order: 'descending', filterObj: JSON.stringify(filter) };
}

function MessageLink({ link }: { link: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useSessionStore((state) => state.menu);
  const target = messageTarget(link, menu);
  if (target.kind === 'none') return link ? <Typography.Text type="secondary">{t('inbox.linkUnavailable')}</Typography.Text> : null;
  if (target.kind === 'web') {
    return <a href={target.href} target="_blank" rel="noopener noreferrer" data-testid="message-link"><LinkOutlined /> {t('inbox.openRecord')}</a>;
  }
  return (
    <a href={target.path} data-testid="message-link"
      onClick={(event) => { event.preventDefault(); void navigate(target.path); }}>
      <LinkOutlined /> {t('inbox.openRecord')}
    </a>
  );
}

/**
 * 我的消息: the signed-in user's own messages by category (system notices, reminders, flow
 * messages) with unread counts; opening one marks it read, 全部已读 marks them all, and the bell
 * follows at once. `/personal/message/details?id=…` (the desk's latest messages) opens one.
 */
export function MyMessagesPage() {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const openId = search.get('id');
  const unread = useUnreadMessages();
  const [category, setCategory] = useState<Category>('all');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Message[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [opened, setOpened] = useState<Message | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    request.get<{ list: Message[]; total: number }>('/get/system/getMySysMessageList', listParams(category, unreadOnly, page))
      .then((answer) => { if (current) { setRows(answer.data.list); setTotal(answer.data.total); } })
      .catch(() => undefined)
      .finally(() => { if (current) setLoading(false); });
    return () => { current = false; };
  }, [category, unreadOnly, page, version]);

  const markRead = useCallback(async (params: { ids: string[] } | { all: 1 }) => {
    await request.post('/set/system/setMessageRead', params);
    await unread.refresh();
    setVersion((v) => v + 1);
  }, [unread]);

  const open = useCallback((message: Message) => {
    setOpened(message);
    if (Number(message.readFlag) === 0) void markRead({ ids: [message.messageId] }).catch(() => undefined);
  }, [markRead]);

  // A message named in the address (the desk's latest messages) opens on arrival — once per
  // address: `open` itself changes with every refresh of the unread counts.
  const openRef = useRef(open);
  openRef.current = open;
  const openNamed = useCallback((message: Message) => openRef.current(message), []);
  useEffect(() => {
    if (!openId) return;
    let current = true;
    request.get<Message>('/get/system/getSysMessageById', { id: openId })
      .then((answer) => { if (current) openNamed(answer.data); })
      .catch(() => undefined);
    return () => { current = false; };
  }, [openId, openNamed]);

  const close = () => {
    setOpened(null);
    if (openId) void navigate(MESSAGES_PATH, { replace: true });
  };

  const markAll = () => {
    markRead({ all: 1 }).then(() => { void toast.success(t('inbox.markedAllRead')); }, () => undefined);
  };

  const tabLabel = (key: Category) => {
    const label = key === 'all' ? t('inbox.all') : t(`entity.SysMessage.msgType.${key}`);
    const count = key === 'all' ? unread.count : unread.byType[key];
    return <Space size={6}>{label}<Badge count={count} size="small" data-testid={`inbox-count-${key}`} /></Space>;
  };

  return (
    <Card
      title={t('inbox.title')}
      data-testid="inbox"
      extra={(
        <Space wrap>
          <Checkbox checked={unreadOnly} onChange={(event) => { setUnreadOnly(event.target.checked); setPage(1); }} data-testid="inbox-unread-only">
            {t('inbox.unreadOnly')}
          </Checkbox>
          <Button icon={<CheckOutlined />} disabled={unread.count === 0} onClick={markAll} data-testid="inbox-mark-all">{t('inbox.markAllRead')}</Button>
        </Space>
      )}
    >
      <Tabs
        activeKey={category}
        onChange={(key) => { setCategory(key as Category); setPage(1); }}
        items={(['all', ...MESSAGE_TYPES] as Category[]).map((key) => ({ key, label: tabLabel(key) }))}
      />
      <List<Message>
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('inbox.empty') }}
        pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false } : false}
        renderItem={(message) => {
          const isUnread = Number(message.readFlag) === 0;
          return (
            <List.Item
              key={message.messageId}
              data-testid="inbox-item"
              data-read={isUnread ? '0' : '1'}
              onClick={() => open(message)}
              style={{ cursor: 'pointer' }}
              extra={<Typography.Text type="secondary">{message.createTime}</Typography.Text>}
            >
              <List.Item.Meta
                avatar={<Badge status={isUnread ? 'processing' : 'default'} />}
                title={(
                  <Space wrap size={8}>
                    <Tag color={TYPE_COLORS[message.msgType]}>{t(`entity.SysMessage.msgType.${message.msgType}`)}</Tag>
                    <Typography.Text strong={isUnread}>{message.title}</Typography.Text>
                    {isUnread && <Tag color="red">{t('inbox.unread')}</Tag>}
                  </Space>
                )}
                description={message.content ? <Typography.Text type="secondary" ellipsis>{message.content}</Typography.Text> : null}
              />
            </List.Item>
          );
        }}
      />
      <Drawer open={opened !== null} onClose={close} title={opened?.title} width={Math.min(520, window.innerWidth)} destroyOnHidden data-testid="message-drawer">
        {opened && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions column={1} size="small" items={[
              { key: 'type', label: t('entity.SysMessage.field.msgType'), children: t(`entity.SysMessage.msgType.${opened.msgType}`) },
              { key: 'time', label: t('inbox.receivedAt'), children: opened.createTime },
            ]} />
            {opened.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="message-content">{opened.content}</Typography.Paragraph>}
            <MessageLink link={opened.link} />
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
