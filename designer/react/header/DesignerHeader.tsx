import {
  ArrowLeftOutlined, CloudUploadOutlined, DownloadOutlined, EllipsisOutlined, MergeCellsOutlined, HistoryOutlined, RedoOutlined, RollbackOutlined, SaveOutlined, UndoOutlined, UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Dropdown, Segmented, Space, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../runtime/react';
import { failureMessage } from '../../../runtime/react/data/requestFailure';
import { DesignOperationError, fromEntityDocument } from '../../core';
import { exportDesign, publishDesign, rebaseDesign, resetDesign, type DesignProblem, type DesignRecord } from '../designCalls';
import { operationErrorText, useApply } from '../state/useApply';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import { DESIGN_LANGUAGES, useEntityText, type DesignLanguage } from '../state/useEntityText';
import { downloadText, readJsonFile } from './designFile';
import { PublishDialog } from './PublishDialog';
import { useDesignSave } from './useDesignSave';
import { useDesignShortcuts } from './useDesignShortcuts';
import { useLeaveGuard } from './useLeaveGuard';
import { VersionsDrawer } from './VersionsDrawer';
import styles from '../designer.module.css';

const STATUS_COLOR: Record<DesignRecord['status'], string> = { file: 'default', draft: 'orange', published: 'green' };

interface Props {
  record: DesignRecord;
  onProblems(problems: DesignProblem[]): void;
  /** Reads the design from the server again (after a rollback, a reset, or to take another's draft). */
  onReload(): void;
  previewLanguage: DesignLanguage;
  onPreviewLanguage(language: DesignLanguage): void;
}

/** Title, status and every action on the design as a whole: undo/redo, save, publish, versions, export/import, reset. */
export function DesignerHeader({ record, onProblems, onReload, previewLanguage, onPreviewLanguage }: Props) {
  const { t } = useTranslation();
  const text = useEntityText();
  const { request, navigate } = useRuntime();
  const { message, modal } = App.useApp();
  const store = useDesignStore();
  const apply = useApply();
  const canUndo = useDesignState((state) => state.canUndo);
  const canRedo = useDesignState((state) => state.canRedo);
  const title = useDesignState((state) => state.document.entity.title);
  const [status, setStatus] = useState(record.status);
  const [publishedVersion, setPublishedVersion] = useState(record.publishedVersion);
  const fileInput = useRef<HTMLInputElement>(null);
  const [publishing, setPublishing] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const { dirty, saving, save } = useDesignSave(record, onProblems, onReload);

  const saveDraft = async () => {
    const done = await save();
    if (done) setStatus('draft');
    return done;
  };
  useDesignShortcuts(() => { void saveDraft(); }, (id) => apply({ type: 'remove', id }));

  useLeaveGuard(dirty);

  const publish = async (comment: string) => {
    if (dirty && !(await save())) return;
    try {
      const { version } = await publishDesign(request, record.name, comment);
      setStatus('published');
      setPublishedVersion(version);
      setPublishing(false);
      onProblems([]);
      void message.success(t('designer.header.published', { version }));
    } catch (error) {
      const problems = (error as { data?: { problems?: DesignProblem[] } }).data?.problems;
      if (Array.isArray(problems)) onProblems(problems);
      setPublishing(false);
      if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.header.publishFailed')));
    }
  };

  const exportFile = async () => {
    try {
      const { fileName, content } = await exportDesign(request, record.name);
      downloadText(fileName, content);
      if (dirty) void message.info(t('designer.header.exportedSaved'));
    } catch (error) {
      if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.header.exportFailed')));
    }
  };

  const importFile = async (file: File) => {
    try {
      const document = fromEntityDocument(await readJsonFile(file));
      if (apply({ type: 'replace', document })) void message.success(t('designer.header.imported'));
    } catch (error) {
      void message.error(error instanceof DesignOperationError ? operationErrorText(t, error) : t('designer.header.importInvalid', { detail: (error as Error).message }));
    }
  };

  const reset = () => modal.confirm({
    title: t('designer.header.resetTitle'),
    content: t('designer.header.resetContent'),
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await resetDesign(request, record.name);
        onReload();
      } catch (error) {
        if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.header.resetFailed')));
      }
    },
  });

  // The file changed under a customised entity: its change merged into the draft (three-way, server-side).
  const rebase = () => modal.confirm({
    title: t('designer.header.rebaseTitle'),
    content: t(dirty ? 'designer.header.rebaseUnsaved' : 'designer.header.rebaseContent'),
    onOk: async () => {
      try {
        const { conflicts } = await rebaseDesign(request, record.name);
        if (conflicts.length > 0) void message.warning(t('designer.header.rebaseConflicts', { count: conflicts.length, pointers: conflicts.join(', ') }), 8);
        else void message.success(t('designer.header.rebased'));
        onReload();
      } catch (error) {
        if (!(error as { shown?: boolean }).shown) void message.error(failureMessage(error, t('designer.header.rebaseFailed')));
      }
    },
  });

  return (
    <div className={styles.header} data-testid="design-header">
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/system/design')}>{t('designer.header.back')}</Button>
      <span className={styles.title}>{text(title)}</span>
      <span className={styles.name}>{record.name}</span>
      <Tag color={STATUS_COLOR[status]} data-testid="design-status">{t(`designer.status.${status}`)}</Tag>
      {publishedVersion !== null && <Tag>{t('designer.header.version', { version: publishedVersion })}</Tag>}
      {dirty && <Tag color="orange">{t('designer.header.unsaved')}</Tag>}
      {record.fileChanged && <Tooltip title={t('designer.header.fileChangedHint')}><Tag color="red">{t('designer.header.fileChanged')}</Tag></Tooltip>}
      <div className={styles.spacer} />
      <Space.Compact>
        <Tooltip title={t('designer.header.undo')}>
          <Button icon={<UndoOutlined />} aria-label={t('designer.header.undo')} disabled={!canUndo} onClick={() => store.undo()} data-testid="design-undo" />
        </Tooltip>
        <Tooltip title={t('designer.header.redo')}>
          <Button icon={<RedoOutlined />} aria-label={t('designer.header.redo')} disabled={!canRedo} onClick={() => store.redo()} data-testid="design-redo" />
        </Tooltip>
      </Space.Compact>
      <Button icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void saveDraft()} data-testid="design-save">{t('designer.header.save')}</Button>
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setPublishing(true)} data-testid="design-publish">{t('designer.header.publish')}</Button>
      <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} data-testid="design-versions">{t('designer.header.versions')}</Button>
      <Dropdown trigger={['click']} menu={{
        items: [
          { key: 'export', icon: <DownloadOutlined />, label: t('designer.header.export'), onClick: () => void exportFile() },
          { key: 'import', icon: <UploadOutlined />, label: t('designer.header.import'), onClick: () => fileInput.current?.click() },
          ...(record.fileChanged ? [{ key: 'rebase', icon: <MergeCellsOutlined />, label: t('designer.header.rebase'), onClick: rebase }] : []),
          ...(record.origin === 'file' ? [{ key: 'reset', icon: <RollbackOutlined />, danger: true, label: t('designer.header.reset'), onClick: reset }] : []),
        ],
      }}>
        <Button icon={<EllipsisOutlined />} data-testid="design-more">{t('designer.header.more')}</Button>
      </Dropdown>
      <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="design-import-file"
        onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) void importFile(file); }} />
      <Tooltip title={t('designer.header.previewLanguage')}>
        <Segmented size="small" value={previewLanguage} onChange={(value) => onPreviewLanguage(value as DesignLanguage)}
          options={DESIGN_LANGUAGES.map((language) => ({ value: language, label: t(`designer.language.${language}`) }))} />
      </Tooltip>
      <PublishDialog open={publishing} dirty={dirty} onCancel={() => setPublishing(false)} onPublish={publish} />
      <VersionsDrawer name={record.name} module={record.module} open={versionsOpen} dirty={dirty} onClose={() => setVersionsOpen(false)} onRolledBack={onReload} />
    </div>
  );
}
