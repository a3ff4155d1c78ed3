import { Button, Drawer, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../../runtime/react';
import { loadVersions, type VersionRow } from './designerCalls';

interface Props {
  processKey: string;
  open: boolean;
  onClose(): void;
  /** Copies a published version into the draft (an undoable change), e.g. to go back to it. */
  onLoad(version: VersionRow): void;
}

/** Published versions, newest first. Running requests keep the version they started on. */
export function VersionsDrawer({ processKey, open, onClose, onLoad }: Props) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [rows, setRows] = useState<VersionRow[]>();
  useEffect(() => {
    if (!open) return;
    let alive = true;
    loadVersions(request, processKey).then((list) => { if (alive) setRows(list); }, () => { if (alive) setRows([]); });
    return () => { alive = false; };
  }, [open, processKey, request]);
  return (
    <Drawer open={open} onClose={onClose} title={t('bpm.designer.versions')} width={480} data-testid="designer-versions">
      <p>{t('bpm.designer.versionsHint')}</p>
      <Table<VersionRow> rowKey="versionId" size="small" loading={rows === undefined} dataSource={rows ?? []} pagination={false}
        columns={[
          { title: t('entity.BpmProcessVersion.field.version'), dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
          { title: t('bpm.designer.publishedAt'), dataIndex: 'createTime' },
          { title: t('bpm.designer.publishedBy'), dataIndex: 'createUserName' },
          { key: 'load', width: 90, render: (_, row) => <Button size="small" onClick={() => onLoad(row)}>{t('bpm.designer.loadVersion')}</Button> },
        ]} />
    </Drawer>
  );
}
