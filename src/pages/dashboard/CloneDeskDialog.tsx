import { App, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuntimeProvider } from '../../../runtime/react/RuntimeProvider';
import { UserSelect } from '../../../runtime/react/form/widgets/UserSelect';
import { USER_SELECT_PATH } from '../../../runtime/react/schema/remoteSelectPath';
import { splitJoined } from '../../../runtime/react/format/fieldValues';
import { request } from '../../request';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { useRuntimeServices } from '../../runtime/useRuntimeServices';
import { CLONE_ADMIN_DESK_PATH } from './deskTypes';

type Target = 'chosen' | 'unit';

export interface CloneDeskDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The administrator copies the own desk arrangement to chosen users (the paged user picker the
 * generic forms use) or to everyone of the administrator's unit (cloneAdminDesk).
 */
export function CloneDeskDialog({ open, onClose }: CloneDeskDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const services = useRuntimeServices();
  const [target, setTarget] = useState<Target>('chosen');
  const [userIds, setUserIds] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const chosen = splitJoined(userIds);
    if (target === 'chosen' && chosen.length === 0) {
      void message.warning(t('desk.clone.chooseUsers'));
      return;
    }
    setBusy(true);
    try {
      const answer = await request.post<{ count: number }>(CLONE_ADMIN_DESK_PATH, target === 'unit' ? { all: 1 } : { userIds: chosen }, { quiet: true });
      void message.success(t('desk.clone.done', { count: answer.data.count }));
      setUserIds(null);
      onClose();
    } catch (error) {
      void message.error(failureMessage(error, t('desk.clone.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('desk.clone.title')} onCancel={onClose} onOk={() => { void submit(); }} confirmLoading={busy}
      okText={t('desk.clone.submit')} okButtonProps={{ 'data-testid': 'desk-clone-submit' }} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('desk.clone.help')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('desk.clone.target')}>
          <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as Target)} data-testid="desk-clone-target">
            <Radio value="chosen">{t('desk.clone.chosen')}</Radio>
            <Radio value="unit" data-testid="desk-clone-unit">{t('desk.clone.unit')}</Radio>
          </Radio.Group>
        </Form.Item>
        {target === 'chosen' && (
          <Form.Item label={t('desk.clone.users')}>
            <RuntimeProvider services={services}>
              <UserSelect url={USER_SELECT_PATH} multiple value={userIds} onChange={setUserIds}
                placeholder={t('desk.clone.usersPlaceholder')} data-testid="desk-clone-users" />
            </RuntimeProvider>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
