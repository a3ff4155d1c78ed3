import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  /** Unsaved changes are saved first; the dialog says so. */
  dirty: boolean;
  onCancel(): void;
  onPublish(comment: string): Promise<void>;
}

/** 发布: an optional comment for the version list; the server checks the draft and refuses it with its problems. */
export function PublishDialog({ open, dirty, onCancel, onPublish }: Props) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      await onPublish(comment.trim());
      setComment('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('designer.publish.title')} okText={t('designer.header.publish')} confirmLoading={busy}
      onOk={() => void ok()} onCancel={onCancel} destroyOnHidden data-testid="design-publish-dialog">
      <p>{t('designer.publish.hint')}</p>
      {dirty && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('designer.publish.savesFirst')} />}
      <Input.TextArea value={comment} maxLength={500} showCount autoSize={{ minRows: 3 }} placeholder={t('designer.publish.comment')}
        onChange={(event) => setComment(event.target.value)} data-testid="design-publish-comment" />
    </Modal>
  );
}
