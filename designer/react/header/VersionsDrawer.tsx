import { App, Button, Drawer, Modal, Space, Spin, Table, Tabs } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../runtime/react';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { toEntityDocument } from '../../core';
import { loadDesignVersion, loadDesignVersions, rollbackDesign, type DesignVersion } from '../designCalls';
import { LazyJsonEditor } from '../monaco/lazyEditors';
import { PreviewForm } from '../preview/PreviewForm';
import { useDesignStore } from '../state/useDesignState';
import { designLanguage } from '../state/useEntityText';
import { VersionDiff, type DiffSide } from './VersionDiff';

interface Props {
  name: string;
  module: string;
  open: boolean;
  /** Unsaved changes are lost by a rollback (the draft becomes the old version): the confirmation says so. */
  dirty: boolean;
  onClose(): void;
  onRolledBack(): void;
}

/**
 * 版本: the published versions, newest first, with who published them, when and why; view one,
 * compare two (ticked) or one with the page's draft, or roll back to one.
 */
export function VersionsDrawer({ name, module, open, dirty, onClose, onRolledBack }: Props) {
  const { t, i18n } = useTranslation();
  const { request } = useRuntime();
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<DesignVersion[]>();
  const [viewing, setViewing] = useState<{ version: number; schema: Record<string, unknown> }>();
  const [ticked, setTicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState<{ before: DiffSide; after: DiffSide }>();
  const store = useDesignStore();

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setRows(undefined);
    setTicked([]);
    loadDesignVersions(request, name).then((list) => { if (alive) setRows(list); }, () => { if (alive) setRows([]); });
    return () => { alive = false; };
  }, [open, name, request]);

  const view = async (version: number) => {
    try {
      setViewing(await loadDesignVersion(request, name, version));
    } catch (error) {
      if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.versions.loadFailed')));
    }
  };

  const versionSide = async (version: number): Promise<DiffSide> =>
    ({ title: `v${version}`, path: `version/${version}`, schema: (await loadDesignVersion(request, name, version)).schema });

  /** The older of two ticked versions on the left; or a version beside the page's draft (saved or not). */
  const compare = async (versions: number[]) => {
    try {
      if (versions.length === 2) {
        const [older, newer] = [...versions].sort((a, b) => a - b);
        setComparing({ before: await versionSide(older), after: await versionSide(newer) });
      } else {
        const draft = { title: t('designer.diff.draft'), path: 'draft', schema: toEntityDocument(store.getState().document) };
        setComparing({ before: await versionSide(versions[0]), after: draft });
      }
    } catch (error) {
      if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.versions.loadFailed')));
    }
  };

  const rollback = (version: number) => modal.confirm({
    title: t('designer.versions.rollbackTitle', { version }),
    content: t(dirty ? 'designer.versions.rollbackUnsaved' : 'designer.versions.rollbackContent'),
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        const answer = await rollbackDesign(request, name, version);
        void message.success(t('designer.versions.rolledBack', { version: answer.version }));
        onClose();
        onRolledBack();
      } catch (error) {
        if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.versions.rollbackFailed')));
      }
    },
  });

  return (
    <Drawer open={open} onClose={onClose} title={t('designer.header.versions')} width={720} data-testid="design-versions-drawer">
      <p>{t('designer.versions.hint')}</p>
      <Space style={{ marginBottom: 8 }}>
        <Button disabled={ticked.length !== 2} onClick={() => void compare(ticked)} data-testid="design-versions-compare">{t('designer.diff.compareTicked')}</Button>
        <span style={{ color: '#8c8c8c' }}>{t('designer.diff.tickTwo')}</span>
      </Space>
      <Table<DesignVersion> rowKey="version" size="small" loading={rows === undefined} dataSource={rows ?? []} pagination={false}
        rowSelection={{
          selectedRowKeys: ticked,
          // Two at most: a third tick replaces the older of the two.
          onChange: (keys) => setTicked((keys as number[]).slice(-2)),
          hideSelectAll: true,
        }}
        columns={[
          { title: t('designer.versions.version'), dataIndex: 'version', width: 64, render: (v: number) => `v${v}` },
          { title: t('designer.versions.publishedBy'), dataIndex: 'createUserName', width: 96 },
          { title: t('designer.versions.publishedAt'), dataIndex: 'createTime', width: 160 },
          { title: t('designer.versions.comment'), dataIndex: 'comment' },
          {
            key: 'actions', width: 210,
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => void view(row.version)}>{t('designer.versions.view')}</Button>
                <Button size="small" onClick={() => void compare([row.version])} data-testid={`design-version-compare-draft-${row.version}`}>{t('designer.diff.withDraft')}</Button>
                <Button size="small" danger onClick={() => rollback(row.version)}>{t('designer.versions.rollback')}</Button>
              </Space>
            ),
          },
        ]} />
      <Modal open={viewing !== undefined} width={1000} footer={null} onCancel={() => setViewing(undefined)} destroyOnHidden
        title={viewing && t('designer.versions.viewTitle', { version: viewing.version })}>
        {viewing && (
          <Tabs items={[
            { key: 'preview', label: t('designer.tab.preview'), children: <PreviewForm document={viewing.schema} module={module} language={designLanguage(i18n.language)} /> },
            {
              key: 'json', label: 'JSON',
              children: <div style={{ height: 480 }}><Suspense fallback={<Spin />}><LazyJsonEditor path={`file:///version/${viewing.version}.json`} readOnly value={JSON.stringify(viewing.schema, null, 2)} /></Suspense></div>,
            },
          ]} />
        )}
      </Modal>
      {comparing && <VersionDiff before={comparing.before} after={comparing.after} onClose={() => setComparing(undefined)} />}
    </Drawer>
  );
}
