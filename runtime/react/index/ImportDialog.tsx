import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import { alreadyShown, failureMessage } from '../data/requestFailure';
import { testIdButtonProps } from '../feedback/testIdButtonProps';
import { useFeedback } from '../feedback/useFeedback';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import { ImportProgressBar, newImportJob, type ImportProgressState } from './ImportProgressBar';

export interface ImportDialogProps {
  bundle: EntitySchemaBundle;
  onClose(): void;
  /** After a file was imported: the list behind the dialog reloads. */
  onImported(): void;
}

/** One line of the server's row-by-row report (server/entity/importCall.ts). */
interface RowError { row: number; field: string; message: string }

function rowErrorsOf(error: unknown): RowError[] {
  const errors = (error as { body?: { data?: { errors?: unknown } } } | null)?.body?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is RowError => typeof e === 'object' && e !== null && typeof (e as RowError).row === 'number');
}

const DIALOG_WIDTH = 720;
const REPORT_PAGE_SIZE = 8;
/** How often the server's phase is asked for once the file is uploaded. */
const PROGRESS_POLL_MS = 400;

/**
 * Import from xlsx: download the template, choose a file, import. The server takes the whole
 * file or nothing; when it refuses, the dialog keeps the file and lists every problem by row, so
 * the user can mend the sheet and try again. Meanwhile a bar shows the upload's percentage, then
 * the server's phases (read → checked → written) with row counts, polled from get{E}ImportProgress.
 */
export function ImportDialog({ bundle, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const { entity, base } = bundle;
  const [file, setFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; rows: RowError[] } | null>(null);
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopPolling = () => {
    if (polling.current) clearInterval(polling.current);
    polling.current = null;
  };
  useEffect(() => stopPolling, []);
  const labelOf = (field: string) => {
    const def = entity.fields.find((f) => f.name === field);
    return def ? t(def.label) : field;
  };

  const downloadTemplate = async () => {
    try {
      await request.download(callPath(base, entity.name, 'importTemplate'));
    } catch (error) {
      if (!alreadyShown(error)) message.error(failureMessage(error, t('runtime.message.unknownError')));
    }
  };

  const startImport = async () => {
    if (!file) return;
    setImporting(true);
    setRefusal(null);
    const importJob = newImportJob();
    setProgress({ phase: 'uploading', percent: 0 });
    const poll = async () => {
      try {
        const answer = await request.get<ImportProgressState>(callPath(base, entity.name, 'importProgress'), { importJob }, { quiet: true });
        // The upload's own bar stays until the server has started on the file.
        if (answer.data.phase !== 'uploading') setProgress((shown) => (shown ? answer.data : shown));
      } catch {
        // A missed poll is no failure of the import: the next one, or its answer, tells.
      }
    };
    try {
      const answer = await request.upload<{ inserted: number }>(callPath(base, entity.name, 'import'), file, { importJob }, {
        onProgress: (percent) => {
          setProgress((shown) => (shown?.phase === 'uploading' ? { phase: 'uploading', percent } : shown));
          if (percent >= 100 && !polling.current) polling.current = setInterval(() => { void poll(); }, PROGRESS_POLL_MS);
        },
      });
      message.success(t('runtime.import.done', { count: answer.data.inserted }));
      onImported();
      onClose();
    } catch (error) {
      const text = failureMessage(error, t('runtime.message.unknownError'));
      const rows = rowErrorsOf(error);
      if (rows.length) setRefusal({ text, rows });
      else if (!alreadyShown(error)) message.error(text);
    } finally {
      stopPolling();
      setProgress(null);
      setImporting(false);
    }
  };

  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('runtime.import.title', { entity: t(entity.title) })}
      onCancel={onClose}
      okText={t('runtime.import.start')}
      cancelText={t('runtime.action.cancel')}
      okButtonProps={{ ...testIdButtonProps('import-start'), disabled: !file, loading: importing }}
      onOk={() => { void startImport(); }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('runtime.import.hint')}{' '}
        <Button type="link" size="small" data-testid="import-template" onClick={() => { void downloadTemplate(); }}>
          {t('runtime.import.template')}
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        data-testid="import-file"
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => { setFile(chosen); setRefusal(null); return false; }}
        onRemove={() => { setFile(null); setRefusal(null); }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">{t('runtime.import.choose')}</p>
      </Upload.Dragger>
      {progress && <ImportProgressBar progress={progress} />}
      {refusal && (
        <div data-testid="import-report" style={{ marginTop: 16 }}>
          <Alert type="error" showIcon message={refusal.text} style={{ marginBottom: 8 }} />
          <Table<RowError>
            size="small"
            rowKey={(e, index) => `${e.row}:${e.field}:${index ?? 0}`}
            dataSource={refusal.rows}
            pagination={refusal.rows.length > REPORT_PAGE_SIZE ? { pageSize: REPORT_PAGE_SIZE, size: 'small' } : false}
            columns={[
              { key: 'row', title: t('runtime.import.row'), dataIndex: 'row', width: 80 },
              { key: 'field', title: t('runtime.import.column'), width: 140, render: (_: unknown, e: RowError) => (e.field ? labelOf(e.field) : '') },
              { key: 'message', title: t('runtime.import.problem'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
