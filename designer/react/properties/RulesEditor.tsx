import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../../../runtime/core/schema';
import { ExpressionEditor } from './ExpressionEditor';

/**
 * A field's extra rules: each an expression that must hold, or a pattern the text must match,
 * with the message shown when it fails (an i18n key or literal text).
 */
export function RulesEditor({ value, onChange }: { value: FieldRule[]; onChange(value: FieldRule[] | undefined): void }) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<FieldRule>) => onChange(value.map((rule, at) => {
    if (at !== index) return rule;
    const next: FieldRule = { ...rule, ...patch };
    if (!next.expression) delete next.expression;
    if (!next.pattern) delete next.pattern;
    return next;
  }));
  return (
    <div>
      {value.map((rule, index) => (
        <Card key={index} size="small" style={{ marginBottom: 6 }}
          extra={<Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('designer.rules.remove')}
            onClick={() => { const next = value.filter((_r, at) => at !== index); onChange(next.length > 0 ? next : undefined); }} />}
          title={t('designer.rules.rule', { n: index + 1 })}>
          <div style={{ fontSize: 12 }}>{t('designer.rules.expression')}</div>
          <ExpressionEditor value={rule.expression ?? ''} onChange={(expression) => set(index, { expression })} />
          <Input size="small" style={{ marginTop: 4 }} addonBefore={t('designer.rules.pattern')} value={rule.pattern ?? ''}
            onChange={(event) => set(index, { pattern: event.target.value })} />
          <Input size="small" style={{ marginTop: 4 }} addonBefore={t('designer.rules.message')} value={rule.message}
            onChange={(event) => set(index, { message: event.target.value })} />
        </Card>
      ))}
      <Button size="small" type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...value, { message: t('designer.rules.defaultMessage') }])}>
        {t('designer.rules.add')}
      </Button>
    </div>
  );
}
