import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityMessages, OptionItem } from '../../../runtime/core/schema';
import { useDesignState } from '../state/useDesignState';
import { DESIGN_LANGUAGES, type DesignLanguage } from '../state/useEntityText';
import { useMessageWriter } from '../state/useMessageWriter';

interface Props {
  value: OptionItem[] | undefined;
  /** `undefined` when the last row is removed: the property is then not set at all. */
  onChange(value: OptionItem[] | undefined): void;
  /** The field (or node) the options belong to: part of the keys of new option texts. */
  owner: string;
  mergeKey: string;
}

/**
 * Inline options as rows: the text in Chinese and English (the entity's own messages, under the
 * option's label key) and the stored value. A literal label becomes a key of the entity's own
 * (`entity.<E>.option.<owner>.<value>`) the first time its text is edited.
 */
export function OptionsEditor({ value, onChange, owner, mergeKey }: Props) {
  const { t, i18n } = useTranslation();
  const writeMessages = useMessageWriter();
  const entityName = useDesignState((state) => state.document.entity.name);
  const messages = useDesignState((state) => state.document.entity.messages as EntityMessages | undefined);
  const rows = value ?? [];
  const isOwnKey = (label: string) => DESIGN_LANGUAGES.some((language) => messages?.[language]?.[label] !== undefined);
  const textOf = (label: string, language: DesignLanguage) => (isOwnKey(label) ? messages?.[language]?.[label] ?? '' : '');
  const placeholderOf = (label: string, language: DesignLanguage) => (isOwnKey(label) ? '' : i18n.getFixedT(language)(label, { defaultValue: label }));
  const newKey = (suffix: string) => `entity.${entityName}.option.${owner}.${suffix}`;

  const setText = (index: number, language: DesignLanguage, text: string) => {
    const row = rows[index];
    if (isOwnKey(row.label)) {
      writeMessages({ [language]: { [row.label]: text } }, mergeKey);
      return;
    }
    // The other language keeps what the label showed until now.
    const key = newKey(String(row.value));
    const other: DesignLanguage = language === 'en' ? 'zh-cn' : 'en';
    onChange(rows.map((r, at) => (at === index ? { ...r, label: key } : r)));
    writeMessages({ [language]: { [key]: text }, [other]: { [key]: placeholderOf(row.label, other) } }, mergeKey);
  };
  const add = () => {
    const n = rows.length + 1;
    const key = newKey(`option${n}`);
    onChange([...rows, { label: key, value: String(n) }]);
    writeMessages({ 'zh-cn': { [key]: `选项 ${n}` }, en: { [key]: `Option ${n}` } }, mergeKey);
  };

  return (
    <div>
      <Table<OptionItem & { index: number }> size="small" pagination={false} rowKey="index" dataSource={rows.map((row, index) => ({ ...row, index }))}
        columns={[
          ...DESIGN_LANGUAGES.map((language) => ({
            title: t(`designer.language.${language}`), key: language,
            render: (_: unknown, row: OptionItem & { index: number }) => (
              <Input size="small" value={textOf(row.label, language)} placeholder={placeholderOf(row.label, language)}
                onChange={(event) => setText(row.index, language, event.target.value)} />
            ),
          })),
          {
            title: t('designer.options.value'), key: 'value', width: 64,
            render: (_, row) => (
              <Input size="small" value={String(row.value)}
                onChange={(event) => onChange(rows.map((r, at) => (at === row.index ? { ...r, value: event.target.value } : r)))} />
            ),
          },
          {
            key: 'remove', width: 32,
            render: (_, row) => (
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('designer.options.remove')}
                onClick={() => { const next = rows.filter((_r, at) => at !== row.index); onChange(next.length > 0 ? next : undefined); }} />
            ),
          },
        ]} />
      <Button size="small" type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 4 }} onClick={add}>{t('designer.options.add')}</Button>
    </div>
  );
}
