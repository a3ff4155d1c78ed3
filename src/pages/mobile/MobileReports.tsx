import { Button, Card, Empty, Input, InputNumber, List, Progress, Result, Slider, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPath, namedCallPath } from '../../../runtime/core/naming';
import { useRuntime } from '../../../runtime/react';
import { useFeedback } from '../../../runtime/react/feedback/useFeedback';
import type { Row } from '../../../runtime/react/format/fieldValues';
import { useEntitySchema } from '../../../runtime/react/schema/useEntitySchema';
import type { FamilyReports } from './familyReports';
import styles from './mobile.module.css';

/** How many reports the card lists: a record's whole history on a phone is rarely longer. */
const REPORTS_SHOWN = 50;

export interface MobileReportsProps {
  reports: FamilyReports;
  /** The record the reports are on. */
  parentId: string;
  /** A report was written: the record (its progress) is read again. */
  onPosted(): void;
}

/**
 * Below a diary, a task or a work plan on the phone: the comments or progress reports written on
 * it, newest first, and — for who may write one — a box to add a comment, or a percentage and
 * what was done. The server checks that the writer may read the record.
 */
export function MobileReports({ reports, parentId, onPosted }: MobileReportsProps) {
  const { t } = useTranslation();
  const { request, hasPermission } = useRuntime();
  const { message } = useFeedback();
  const schema = useEntitySchema(reports.entity);
  const [rows, setRows] = useState<Row[] | Error | null>(null);
  const [version, setVersion] = useState(0);
  const [content, setContent] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const base = schema.status === 'ready' ? schema.value.base : null;

  useEffect(() => {
    if (!base) return undefined;
    let live = true;
    request.get<{ list: Row[] }>(namedCallPath(base, 'get', reports.listCall), { [reports.parentField]: parentId, pageSize: REPORTS_SHOWN }, { quiet: true }).then(
      (answer) => { if (live) setRows(answer.data.list); },
      (error: unknown) => { if (live) setRows(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => { live = false; };
  }, [request, base, reports, parentId, version]);

  if (schema.status === 'error') return null;
  if (schema.status === 'loading' || rows === null) return <div style={{ textAlign: 'center', padding: 16 }}><Spin /></div>;
  const { entity } = schema.value;
  const kind = reports.progress ? 'progress' : 'comment';
  const canWrite = entity.calls.includes('insert') && hasPermission(entity.permissions.insert ?? '');
  // The form starts at the latest reported percentage: a report usually moves it on a little.
  const latest = Array.isArray(rows) && rows.length > 0 ? Number(rows[0].progress ?? 0) : 0;
  const shownProgress = progress ?? latest;
  const contentLimit = entity.fields.find((field) => field.name === 'content')?.maxLength;

  const submit = async () => {
    if (!content.trim()) {
      message.warning(t(`mobileOffice.${kind}.empty`));
      return;
    }
    setSending(true);
    try {
      await request.post(callPath(base!, entity.name, 'insert'), {
        [reports.parentField]: parentId, content: content.trim(), ...(reports.progress ? { progress: shownProgress } : {}),
      });
      message.success(t(`mobileOffice.${kind}.sent`));
      setContent('');
      setProgress(null);
      setVersion((v) => v + 1);
      onPosted();
    } catch {
      // The request layer has shown the server's refusal.
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="small" title={t(`mobileOffice.${kind}.title`)} className={styles.card} style={{ marginTop: 12 }} data-testid="mobile-reports">
      {rows instanceof Error ? <Result status="warning" title={rows.message} /> : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`mobileOffice.${kind}.none`)} />
      ) : (
        <List<Row> dataSource={rows} rowKey={(row) => String(row[entity.key])} renderItem={(row) => (
          <List.Item data-testid="mobile-report">
            <div className={styles.report}>
              <div className={styles.reportHead}>
                <Typography.Text strong>{String(row[`${reports.authorField}Name`] ?? '')}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{String(row.createTime ?? '').slice(0, 16)}</Typography.Text>
              </div>
              {reports.progress && <Progress percent={Number(row.progress ?? 0)} size="small" />}
              <div className={styles.reportText}>{String(row.content ?? '')}</div>
            </div>
          </List.Item>
        )} />
      )}
      {canWrite && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          {reports.progress && (
            <div className={styles.progressInput}>
              <Slider min={0} max={100} value={shownProgress} onChange={setProgress} style={{ flex: 1, minWidth: 0 }} />
              <InputNumber min={0} max={100} precision={0} value={shownProgress} onChange={(value) => setProgress(value ?? 0)}
                suffix="%" style={{ width: 96 }} data-testid="mobile-report-progress" />
            </div>
          )}
          <Input.TextArea rows={3} maxLength={contentLimit} value={content} onChange={(event) => setContent(event.target.value)}
            placeholder={t(`mobileOffice.${kind}.placeholder`)} data-testid="mobile-report-content" />
          <Button type="primary" block size="large" loading={sending} onClick={() => { void submit(); }} data-testid="mobile-report-submit">
            {t(`mobileOffice.${kind}.submit`)}
          </Button>
        </Space>
      )}
    </Card>
  );
}
