import { PaperClipOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Checkbox, Empty, List, Pagination, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MailRow } from './mailApi';
import styles from './email.module.css';

export interface MailListProps {
  rows: MailRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  currentCopyId: string | null;
  checked: string[];
  /** Sent and drafts show whom the mail went to; other folders who sent it. */
  showRecipients: boolean;
  onPage(page: number): void;
  onOpen(row: MailRow): void;
  onCheck(copyIds: string[]): void;
  onStar(row: MailRow): void;
}

/** The middle column: unread mail in bold, star, clip for files, a line of the text. */
export function MailList({ rows, total, page, pageSize, loading, currentCopyId, checked, showRecipients, onPage, onOpen, onCheck, onStar }: MailListProps) {
  const { t } = useTranslation();
  const toggle = (copyId: string, on: boolean) => onCheck(on ? [...checked, copyId] : checked.filter((id) => id !== copyId));
  return (
    <div>
      <List
        loading={loading}
        dataSource={rows}
        rowKey="copyId"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('email.client.empty')} /> }}
        renderItem={(row) => {
          const unread = !row.readFlag;
          const who = showRecipients ? (row.toIdsName ?? '').split(',').join('，') : row.senderIdName;
          return (
            <List.Item
              className={`${styles.row} ${row.copyId === currentCopyId ? styles.current : ''}`}
              data-testid="mail-row" data-unread={unread ? '1' : '0'}
              onClick={() => onOpen(row)}
            >
              <div className={styles.item}>
                <Checkbox checked={checked.includes(row.copyId)} onClick={(e) => e.stopPropagation()} onChange={(e) => toggle(row.copyId, e.target.checked)} />
                <span onClick={(e) => { e.stopPropagation(); onStar(row); }} className={styles.star} data-testid="mail-star">
                  {row.starred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
                </span>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <div className={styles.line}>
                    <Typography.Text strong={unread} ellipsis style={{ maxWidth: 150 }}>{who || '—'}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>{(row.sendTime ?? row.sortTime ?? '').slice(5, 16)}</Typography.Text>
                  </div>
                  <div className={styles.line}>
                    <Typography.Text strong={unread} ellipsis data-testid="mail-row-subject">
                      {row.importance !== 'normal' && <Tag color={row.importance === 'urgent' ? 'red' : 'orange'}>{t(`entity.Email.option.importance.${row.importance}`)}</Tag>}
                      {row.subject || t('email.client.noSubject')}
                    </Typography.Text>
                    {row.hasAttachments && <PaperClipOutlined />}
                  </div>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>{row.preview}</Typography.Text>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
      {total > pageSize && (
        <Pagination size="small" simple current={page} pageSize={pageSize} total={total} onChange={onPage} style={{ marginTop: 8, textAlign: 'center' }} />
      )}
    </div>
  );
}
