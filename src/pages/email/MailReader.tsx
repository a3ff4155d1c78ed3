import { DeleteOutlined, ForwardOutlined, RollbackOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentUpload } from '../../../runtime/react/form/widgets/AttachmentUpload';
import { RichTextView } from '../../../runtime/react/richText/RichTextView';
import type { MailRow } from './mailApi';

const IMPORTANCE_COLOURS: Record<string, string> = { important: 'orange', urgent: 'red' };

export interface MailReaderProps {
  mail: MailRow | null;
  onReply(mode: 'reply' | 'replyAll' | 'forward'): void;
  onEditDraft(): void;
  onStar(): void;
  onDelete(): void;
}

/** The reading pane: the envelope (blind copies only as the server answers them), the cleaned HTML, the files. */
export function MailReader({ mail, onReply, onEditDraft, onStar, onDelete }: MailReaderProps) {
  const { t } = useTranslation();
  if (!mail) return <Empty style={{ marginTop: 80 }} description={t('email.client.pickMail')} />;
  const draft = mail.mailState === 'draft';
  const names = (value?: string) => (value ? value.split(',').join('，') : '');
  return (
    <div data-testid="mail-reader">
      <Space style={{ marginBottom: 12 }} wrap>
        {draft ? <Button type="primary" onClick={onEditDraft} data-testid="mail-edit-draft">{t('email.client.editDraft')}</Button> : (
          <>
            <Button icon={<RollbackOutlined />} onClick={() => onReply('reply')} data-testid="mail-reply">{t('email.client.reply')}</Button>
            <Button onClick={() => onReply('replyAll')} data-testid="mail-reply-all">{t('email.client.replyAll')}</Button>
            <Button icon={<ForwardOutlined />} onClick={() => onReply('forward')} data-testid="mail-forward">{t('email.client.forward')}</Button>
          </>
        )}
        <Button icon={mail.starred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />} onClick={onStar}>
          {t(mail.starred ? 'email.client.unstar' : 'email.client.star')}
        </Button>
        {mail.folder !== 'trash' && <Button danger icon={<DeleteOutlined />} onClick={onDelete}>{t('email.client.delete')}</Button>}
      </Space>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="mail-subject">
        {mail.subject || t('email.client.noSubject')}
        {IMPORTANCE_COLOURS[mail.importance] && <Tag color={IMPORTANCE_COLOURS[mail.importance]} style={{ marginLeft: 8 }}>{t(`entity.Email.option.importance.${mail.importance}`)}</Tag>}
      </Typography.Title>
      <Descriptions size="small" column={1} labelStyle={{ width: 80 }}>
        <Descriptions.Item label={t('entity.Email.field.senderId')}>{mail.senderIdName}</Descriptions.Item>
        {mail.toIds || mail.mailState !== 'received' ? <Descriptions.Item label={t('entity.Email.field.toIds')}>{names(mail.toIdsName)}</Descriptions.Item> : null}
        {mail.ccIds ? <Descriptions.Item label={t('entity.Email.field.ccIds')}>{names(mail.ccIdsName)}</Descriptions.Item> : null}
        {mail.bccIds ? <Descriptions.Item label={t('entity.Email.field.bccIds')}><span data-testid="mail-bcc">{names(mail.bccIdsName)}</span></Descriptions.Item> : null}
        {mail.externalTo ? <Descriptions.Item label={t('entity.Email.field.externalTo')}>{mail.externalTo}</Descriptions.Item> : null}
        <Descriptions.Item label={t('entity.Email.field.sendTime')}>{(mail.sendTime ?? mail.sortTime ?? '').slice(0, 16)}</Descriptions.Item>
      </Descriptions>
      <Divider style={{ margin: '12px 0' }} />
      <RichTextView html={mail.content ?? ''} data-testid="mail-content" />
      {mail.attachments ? (
        <div style={{ marginTop: 16 }} data-testid="mail-attachments">
          <Typography.Text strong>{t('email.client.attachments', { count: mail.attachments.split(',').length })}</Typography.Text>
          <AttachmentUpload value={mail.attachments} disabled />
        </div>
      ) : null}
    </div>
  );
}
