import { Alert, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VoteResultChart } from './VoteResultChart';
import type { VoteResult } from '../../../../runtime/core/community';

const STATUS_COLOUR = { draft: 'default', open: 'green', ended: 'orange' } as const;

/** A vote's result: the chart, and per option its count and (named votes) who chose it. */
export function VoteResultView({ result, compact = false }: { result: VoteResult; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="vote-result">
      <Descriptions size="small" column={compact ? 1 : 3} items={[
        { key: 'status', label: t('entity.Vote.field.status'), children: <Tag color={STATUS_COLOUR[result.status]}>{t(`entity.Vote.option.status.${result.status}`)}</Tag> },
        { key: 'deadline', label: t('entity.Vote.field.deadline'), children: result.deadline.slice(0, 16) },
        { key: 'voters', label: t('community.vote.voters'), children: t('community.vote.voterCount', { count: result.voterCount }) },
      ]} />
      {result.description && <Typography.Paragraph type="secondary">{result.description}</Typography.Paragraph>}
      <VoteResultChart result={result} height={compact ? 240 : 320} />
      {result.anonymous ? <Alert type="info" showIcon message={t('community.vote.anonymousHint')} /> : (
        <Card size="small" title={t('community.vote.voters')}>
          <List size="small" dataSource={result.options} rowKey="optionKey" renderItem={(o) => (
            <List.Item data-testid={`vote-result-option-${o.optionKey}`}>
              <Space wrap>
                <Typography.Text strong>{o.optionKey}. {o.optionText}</Typography.Text>
                <Tag color="blue">{t('community.vote.count', { count: o.count })}</Tag>
                {(o.voters ?? []).map((v) => <Tag key={v.userId}>{v.userName}</Tag>)}
              </Space>
            </List.Item>
          )} />
        </Card>
      )}
    </Space>
  );
}
