import { App, Button, Result, Skeleton, Space } from 'antd';
import { AppstoreOutlined, CopyOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { request } from '../../request';
import { useSessionStore } from '../../session/sessionStore';
import { CloneDeskDialog } from './CloneDeskDialog';
import { DeskCustomiser, type DeskArrangement } from './DeskCustomiser';
import { DeskGrid } from './DeskGrid';
import { MY_DESK_PATH, SAVE_MY_DESK_PATH, type MyDesk } from './deskTypes';
import { PortalTabs } from './PortalTabs';
import { MY_PORTALS_PATH, type MyPortal } from './portalTypes';

/** Only the account named admin may hand its desk to others (the server checks it: cloneAdminDesk). */
const CLONE_ACCOUNT = 'admin';

type DeskState = { status: 'loading' } | { status: 'ready'; desk: MyDesk } | { status: 'failed'; message: string };

/**
 * The personal desk: the widgets the desk configuration gives this user, in the user's own order
 * with their hidden ones left out; a customise mode to rearrange them, and for admin a way to
 * hand the own arrangement to others.
 */
function PersonalDesk() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const accountId = useSessionStore((state) => state.userInfo?.accountId);
  const [state, setState] = useState<DeskState>({ status: 'loading' });
  const [customising, setCustomising] = useState(false);
  const [saving, setSaving] = useState(false);
  const [cloneOpen, setCloneOpen] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await request.get<MyDesk>(MY_DESK_PATH, {}, { quiet: true });
      setState({ status: 'ready', desk: answer.data });
    } catch (error) {
      setState({ status: 'failed', message: failureMessage(error, t('desk.loadFailed')) });
    }
  }, [t]);
  useEffect(() => { void load(); }, [load]);

  const save = async (arrangement: DeskArrangement) => {
    setSaving(true);
    try {
      await request.post(SAVE_MY_DESK_PATH, { order: arrangement.order, hidden: arrangement.hidden }, { quiet: true });
      void message.success(t('desk.customise.saved'));
      setCustomising(false);
      await load();
    } catch (error) {
      void message.error(failureMessage(error, t('desk.customise.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  if (state.status === 'loading') return <Skeleton active data-testid="desk-loading" />;
  if (state.status === 'failed') {
    return <Result status="warning" title={state.message} extra={<Button onClick={() => void load()}>{t('desk.widget.retry')}</Button>} />;
  }
  const { widgets } = state.desk;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="desk">
      {!customising && (
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {accountId === CLONE_ACCOUNT && (
            <Button icon={<CopyOutlined />} onClick={() => setCloneOpen(true)} data-testid="desk-clone">{t('desk.clone.open')}</Button>
          )}
          <Button icon={<AppstoreOutlined />} onClick={() => setCustomising(true)} disabled={widgets.length === 0} data-testid="desk-customise">
            {t('desk.customise.open')}
          </Button>
        </Space>
      )}
      {customising
        ? (
          <DeskCustomiser widgets={widgets} saving={saving} onSave={(arrangement) => void save(arrangement)}
            onReset={() => void save({ order: [], hidden: [] })} onCancel={() => setCustomising(false)} />
        )
        : <DeskGrid widgets={widgets} />}
      {accountId === CLONE_ACCOUNT && <CloneDeskDialog open={cloneOpen} onClose={() => setCloneOpen(false)} />}
    </Space>
  );
}

/**
 * The home dashboard: the portals designed for the user's roles (门户, getMyPortals) as tabs with
 * the personal desk beside them, or the personal desk alone when no portal is meant for the user.
 * A portal call that fails leaves the personal desk, never an empty page.
 */
export function DashboardPage() {
  const [portals, setPortals] = useState<MyPortal[] | null>(null);
  useEffect(() => {
    let current = true;
    request.get<MyPortal[]>(MY_PORTALS_PATH, {}, { quiet: true }).then(
      (answer) => { if (current) setPortals(answer.data); },
      () => { if (current) setPortals([]); },
    );
    return () => { current = false; };
  }, []);
  if (portals === null) return <Skeleton active data-testid="desk-loading" />;
  if (portals.length === 0) return <PersonalDesk />;
  return <PortalTabs portals={portals} personal={<PersonalDesk />} />;
}
