import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { HistoryRow } from './bpmCalls';

const COLOURS: Record<string, string> = { agree: 'green', start: 'blue', reject: 'red', return: 'orange', terminate: 'gray', retract: 'gray' };

/** 流转记录: who did what, when, at which step, with their opinion and on whose behalf (委托). */
export function HistoryTimeline({ history }: { history: HistoryRow[] }) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  return (
    <Timeline
      data-testid="task-history"
      items={history.map((row) => ({
        color: COLOURS[row.action] ?? 'blue',
        children: (
          <div data-testid="task-history-item">
            <Typography.Text strong>{row.actorName}</Typography.Text>
            {row.onBehalfOfName && <Typography.Text type="secondary">（{t('bpmCentre.task.onBehalfOf', { name: row.onBehalfOfName })}）</Typography.Text>}
            {' '}<Typography.Text>{t(`bpmCentre.decision.${row.action}`, { defaultValue: row.action })}</Typography.Text>
            {row.nodeName && <Typography.Text type="secondary"> · {dataLabel(row.nodeName)}</Typography.Text>}
            {row.signAttachId && <Tag color="gold" style={{ marginLeft: 6 }}>{t('bpmCentre.task.signature')}</Tag>}
            <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.createTime}</Typography.Text></div>
            {row.opinion && <div style={{ whiteSpace: 'pre-wrap' }}>{row.opinion}</div>}
          </div>
        ),
      }))}
    />
  );
}
