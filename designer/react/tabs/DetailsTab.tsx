import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DetailsDef, DetailsSection } from '../../../runtime/core/schema';
import { useEntityText } from '../state/useEntityText';
import { useColumnOptions, useEntityPart } from './useEntityPart';

/** 详情: the details screen's sections, each a title, a column count and its fields in order (entity.details). */
export function DetailsTab() {
  const { t } = useTranslation();
  const text = useEntityText();
  const [details, write] = useEntityPart<DetailsDef>('details');
  const options = useColumnOptions();
  const sections = details?.sections ?? [];
  const setSections = (next: DetailsSection[], mergeKey?: string) => write(next.length > 0 ? { sections: next } : undefined, mergeKey);
  const set = (index: number, patch: Partial<DetailsSection>, mergeKey?: string) => setSections(sections.map((section, at) => {
    if (at !== index) return section;
    const next: Record<string, unknown> = { ...section, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    return next as unknown as DetailsSection;
  }), mergeKey);
  return (
    <div data-testid="design-details">
      {sections.length === 0 && <p style={{ color: '#8c8c8c' }}>{t('designer.details.default')}</p>}
      {sections.map((section, index) => (
        <Card key={index} size="small" style={{ marginBottom: 12 }} title={t('designer.details.section', { n: index + 1 })}
          extra={<Button type="text" icon={<DeleteOutlined />} aria-label={t('designer.details.remove')} onClick={() => setSections(sections.filter((_s, at) => at !== index))} />}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Input addonBefore={t('designer.details.title')} value={section.title ?? ''} style={{ width: 360 }}
              suffix={section.title ? <span style={{ color: '#8c8c8c' }}>{text(section.title)}</span> : undefined}
              onChange={(event) => set(index, { title: event.target.value }, `title:${index}`)} />
            <InputNumber addonBefore={t('designer.details.columns')} min={1} max={4} value={section.columns ?? 2}
              onChange={(columns) => set(index, { columns: columns ?? undefined })} />
          </Space>
          <Select mode="multiple" style={{ width: '100%' }} value={section.fields} options={options} optionFilterProp="label"
            onChange={(fields: string[]) => set(index, { fields })} />
        </Card>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => setSections([...sections, { fields: [] }])} data-testid="design-details-add">
        {t('designer.details.add')}
      </Button>
    </div>
  );
}
