import { Alert, Button, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cabinetApi, type CabinetFolder, type FolderGrant } from './cabinetApi';
import { SubjectSelect } from './SubjectSelect';

const LEVELS = ['view', 'upload', 'manage'] as const;

/** 权限设置 of one public folder: its grants, removed several at once, and people or departments added at one level. */
export function GrantsDialog({ folder, onClose }: { folder: CabinetFolder; onClose: () => void }) {
  const { t } = useTranslation();
  const [grants, setGrants] = useState<FolderGrant[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [level, setLevel] = useState<string>('view');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [deptIds, setDeptIds] = useState<string[]>([]);

  const load = useCallback(async () => {
    try { setGrants(await cabinetApi.grants(folder.folderId)); } catch { /* shown by the request layer */ }
  }, [folder.folderId]);
  useEffect(() => { void load(); }, [load]);

  const add = async () => {
    try {
      await cabinetApi.addGrants(folder.folderId, level, userIds, deptIds);
      setUserIds([]);
      setDeptIds([]);
    } catch { /* shown by the request layer */ }
    await load();
  };
  const remove = async () => {
    try { await cabinetApi.removeGrants(folder.folderId, chosen); setChosen([]); } catch { /* shown by the request layer */ }
    await load();
  };
  const levelLabel = (value: string) => t(`entity.PublicFolderGrant.level.${value}`);

  return (
    <Modal open width={720} title={t('fileUi.cabinet.grantsTitle', { folder: folder.folderName })} onCancel={onClose} footer={null} destroyOnClose>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('fileUi.cabinet.inherit')} />
        <Table<FolderGrant> rowKey="grantId" size="small" pagination={false} dataSource={grants}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
          columns={[
            { title: t('fileUi.cabinet.subject'), dataIndex: 'subjectName', render: (name: string) => t(name, { defaultValue: name }) },
            { title: t('fileUi.cabinet.type'), dataIndex: 'subjectType', width: 100, render: (type: string) => t(`entity.PublicFolderGrant.subjectType.${type}`) },
            { title: t('fileUi.cabinet.level2'), dataIndex: 'level', width: 100, render: (value: string) => <Tag color={value === 'manage' ? 'red' : value === 'upload' ? 'blue' : 'default'}>{levelLabel(value)}</Tag> },
          ]} />
        <Button danger disabled={chosen.length === 0} onClick={() => void remove()}>{t('fileUi.cabinet.remove')}</Button>
        <Typography.Title level={5}>{t('fileUi.cabinet.add')}</Typography.Title>
        <SubjectSelect kind="user" value={userIds} onChange={setUserIds} placeholder={t('fileUi.cabinet.users')} />
        <SubjectSelect kind="dept" value={deptIds} onChange={setDeptIds} placeholder={t('fileUi.cabinet.depts')} />
        <Space>
          <Select value={level} onChange={setLevel} style={{ width: 120 }} options={LEVELS.map((value) => ({ value, label: levelLabel(value) }))} />
          <Button type="primary" disabled={userIds.length + deptIds.length === 0} onClick={() => void add()}>{t('fileUi.cabinet.add')}</Button>
        </Space>
      </Space>
    </Modal>
  );
}
