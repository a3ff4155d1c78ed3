import { Checkbox, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VoteCard } from '../../../../runtime/core/community';

export interface VoteChoicesProps {
  vote: VoteCard;
  value: string[];
  onChange: (keys: string[]) => void;
}

/** The options of one vote as radio buttons (single choice) or check boxes up to the vote's most (multiple). */
export function VoteChoices({ vote, value, onChange }: VoteChoicesProps) {
  const { t } = useTranslation();
  const label = (o: VoteCard['options'][number]) => <span>{o.optionKey}. {o.optionText}</span>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="vote-choices">
      <Typography.Text type="secondary">
        {vote.multiple ? t('community.vote.multiple', { max: vote.maxChoices }) : t('community.vote.single')}
        {' · '}{t(vote.anonymous ? 'community.vote.anonymous' : 'community.vote.named')}
      </Typography.Text>
      {vote.multiple ? (
        <Checkbox.Group value={value} onChange={(keys) => onChange(keys.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {vote.options.map((o) => (
            <Checkbox key={o.optionKey} value={o.optionKey} data-testid={`vote-option-${o.optionKey}`}
              disabled={!value.includes(o.optionKey) && value.length >= vote.maxChoices}>{label(o)}</Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group value={value[0]} onChange={(e) => onChange([String(e.target.value)])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {vote.options.map((o) => <Radio key={o.optionKey} value={o.optionKey} data-testid={`vote-option-${o.optionKey}`}>{label(o)}</Radio>)}
        </Radio.Group>
      )}
    </Space>
  );
}
