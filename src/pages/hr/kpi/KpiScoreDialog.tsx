import { App, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';
import { SET_SCORE_PATH, type ScoreSheet, type SheetItem } from './scoreSheet';

/**
 * Scores one person's sheet: a score per item (0 … the item's full score), the comment, sent to
 * setScoreToUser with the version the sheet was read at. The server checks every score, computes
 * the weighted total and refuses in words (a missing score, one above full, a plan no longer in
 * effect, a sheet changed meanwhile); the request layer shows the refusal and the dialog stays.
 * A sheet of a plan no longer in effect opens read-only.
 */
export function KpiScoreDialog({ sheet, onClose, onSaved }: { sheet: ScoreSheet; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editable = sheet.planStatus === 'effective';
  const [scores, setScores] = useState<Record<string, number | null>>(() => Object.fromEntries(sheet.items.map((i) => [i.kpiItemId, i.score])));
  const [comment, setComment] = useState(sheet.comment ?? '');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      await request.postJson(SET_SCORE_PATH, {
        kpiScoreId: sheet.kpiScoreId, rowVersion: sheet.rowVersion, comment,
        scores: sheet.items.map((i) => ({ kpiItemId: i.kpiItemId, score: scores[i.kpiItemId] })),
      });
      message.success(t('hrKpiScoring.saved', { name: sheet.userIdName ?? '' }));
      onSaved();
    } catch {
      // Refused: the request layer has shown why; the scores stay for the correction.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<SheetItem> = [
    {
      key: 'item', title: t('hrKpiScoring.item'),
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{item.itemName}</Typography.Text>
          {item.standard && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{item.standard}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'weight', title: t('hrKpiScoring.weight'), width: 90, align: 'right', render: (_, item) => `${item.weight}%` },
    { key: 'full', title: t('hrKpiScoring.fullScore'), width: 80, align: 'right', render: (_, item) => item.fullScore },
    {
      key: 'score', title: t('hrKpiScoring.score'), width: 120,
      render: (_, item) => (
        <div data-testid={`kpi-scoring-item-${item.kpiItemId}`}>
          <InputNumber min={0} max={item.fullScore} precision={1} disabled={!editable} style={{ width: '100%' }} value={scores[item.kpiItemId] ?? null}
            onChange={(value) => setScores((s) => ({ ...s, [item.kpiItemId]: value === null ? null : Number(value) }))} />
        </div>
      ),
    },
  ];

  return (
    <Modal open width={720} title={t('hrKpiScoring.dialogTitle', { name: sheet.userIdName ?? '', plan: sheet.planName })}
      okText={t('hrKpiScoring.submit')} onOk={save} confirmLoading={saving} onCancel={onClose} destroyOnHidden
      okButtonProps={{ disabled: !editable, ...({ 'data-testid': 'kpi-scoring-save' } as Record<string, string>) }}>
      <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="kpi-scoring-dialog">
        {!editable && <Typography.Text type="warning">{t('hrKpiScoring.readOnly')}</Typography.Text>}
        <Table<SheetItem> size="small" rowKey="kpiItemId" columns={columns} dataSource={sheet.items} pagination={false} />
        <Input.TextArea data-testid="kpi-scoring-comment" placeholder={t('hrKpiScoring.comment')} value={comment} disabled={!editable}
          onChange={(e) => setComment(e.target.value)} maxLength={1000} rows={3} />
      </Space>
    </Modal>
  );
}
