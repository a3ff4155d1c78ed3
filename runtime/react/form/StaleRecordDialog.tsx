import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../core/schema/types';
import { testIdButtonProps } from '../feedback/testIdButtonProps';

export interface StaleRecordDialogProps {
  /** The form's fields someone else changed; undefined while the fresh record is unknown (it could not be read). */
  changed?: FieldDef[];
  onReload(): void;
  onKeepEditing(): void;
}

/**
 * Someone saved the record after this form loaded it, so the server refused the save. Says so,
 * names the fields they changed, and leaves the choice to the user: reload (their typing is
 * dropped) or keep editing (their typing stays, e.g. to copy it) until they reload.
 */
export function StaleRecordDialog({ changed, onReload, onKeepEditing }: StaleRecordDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('error.recordChanged')}
      okText={t('runtime.stale.reload')}
      cancelText={t('runtime.stale.keepEditing')}
      okButtonProps={testIdButtonProps('stale-reload')}
      cancelButtonProps={testIdButtonProps('stale-keep')}
      onOk={onReload}
      onCancel={onKeepEditing}
    >
      <div data-testid="stale-dialog">
        {changed && changed.length > 0 && (
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }}>{t('runtime.stale.changedFields')}</Typography.Paragraph>
            <ul data-testid="stale-fields">
              {changed.map((field) => <li key={field.name} data-testid={`stale-field-${field.name}`}>{t(field.label)}</li>)}
            </ul>
          </>
        )}
        {changed && changed.length === 0 && <Typography.Paragraph>{t('runtime.stale.noFieldChanges')}</Typography.Paragraph>}
        <Typography.Paragraph type="secondary">{t('runtime.stale.keepHint')}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
