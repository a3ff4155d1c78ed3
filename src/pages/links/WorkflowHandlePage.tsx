import { Alert, Card, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { parseWorkflowLink, type HandleArea } from '../../../runtime/core/links';
import { CopyButton } from '../../components/copy/CopyButton';
import { BpmTaskPage } from '../bpm/centre/BpmTaskPage';

export interface WorkflowHandlePageProps {
  area: HandleArea;
  action: 'dowork' | 'read';
}

/**
 * The target of workflow and document messages (/bpm/handle/dowork, /bpm/handle/read and
 * /doc/handle/dowork; /doc/handle/read is the 收文 reader's, src/pages/doc/DocHandlePage). Both
 * areas open the task screen (src/pages/bpm/centre/BpmTaskPage): a 发文 or 收文 step is an engine
 * task like any other. A link it cannot open (no such task, or an id missing) shows the ids it
 * carries with the reason.
 */
export function WorkflowHandlePage({ area, action }: WorkflowHandlePageProps) {
  return <BpmTaskPage action={action} fallback={(notice) => <LinkIds area={area} action={action} notice={notice} />} />;
}

/** The ids a link carries, read and checked as the screens read them; `notice` says why they did not open. */
function LinkIds({ area, action, notice }: WorkflowHandlePageProps & { notice: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const link = parseWorkflowLink(area, action, search);
  const title = t(`shell.links.${area}.${action}`);
  if (!link) {
    const needed = action === 'dowork' ? 'runId, stepRunId, flowId' : 'runId';
    return <Result status="warning" title={title} subTitle={<span data-testid="workflow-link-invalid">{t('shell.links.missingParam', { param: needed })}</span>} />;
  }
  const ids: [string, string][] = link.action === 'dowork'
    ? [['runId', link.runId], ['stepRunId', link.stepRunId], ['flowId', link.flowId]]
    : [['runId', link.runId], ...(link.sendToId ? [['sendToId', link.sendToId] as [string, string]] : [])];
  return (
    <Card title={<span data-testid="workflow-handle-title">{title}</span>}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={notice} />
        <Descriptions column={1} bordered size="small" data-testid="workflow-ids">
          {ids.map(([name, value]) => (
            <Descriptions.Item key={name} label={name}>
              <span data-testid={`workflow-${name}`}>{value}</span> <CopyButton text={value} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Space>
    </Card>
  );
}
