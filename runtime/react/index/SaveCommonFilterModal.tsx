import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_COMMON_FILTER_TITLE, commonFilterTitleRefusal } from '../../core/filter';
import { testIdButtonProps } from '../feedback/testIdButtonProps';

export interface SaveCommonFilterModalProps {
  open: boolean;
  onSave(title: string): Promise<void>;
  onClose(): void;
}

/** Asks the name of a new common filter: a blank one is refused with 名称不能为空 before anything is sent. */
export function SaveCommonFilterModal({ open, onSave, onClose }: SaveCommonFilterModalProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setTitle('');
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    const refusal = commonFilterTitleRefusal(title);
    if (refusal) {
      setError(t(`runtime.filter.common.${refusal}`, { max: MAX_COMMON_FILTER_TITLE }));
      return;
    }
    setSaving(true);
    try {
      await onSave(title.trim());
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('runtime.filter.common.saveTitle')}
      open={open}
      width={420}
      destroyOnHidden
      okText={t('runtime.action.confirm')}
      cancelText={t('runtime.action.cancel')}
      confirmLoading={saving}
      okButtonProps={testIdButtonProps('common-filter-save-confirm')}
      onOk={() => { void submit(); }}
      onCancel={onClose}
    >
      <Form layout="vertical" onFinish={() => { void submit(); }}>
        <Form.Item
          label={t('runtime.filter.common.name')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            autoFocus
            data-testid="common-filter-name"
            value={title}
            maxLength={MAX_COMMON_FILTER_TITLE}
            placeholder={t('runtime.filter.common.namePlaceholder')}
            onChange={(event) => { setTitle(event.target.value); setError(null); }}
            onPressEnter={() => { void submit(); }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
