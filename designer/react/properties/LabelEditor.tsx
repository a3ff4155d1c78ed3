import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityMessages, FieldDef } from '../../../runtime/core/schema';
import type { PropertyDef } from '../../core';
import { useDesignState } from '../state/useDesignState';
import { useMessageWriter } from '../state/useMessageWriter';
import { DESIGN_LANGUAGES, type DesignLanguage } from '../state/useEntityText';

interface Props {
  /** The i18n key the property holds; empty when not set yet. */
  keyName: string;
  nodeId: string;
  def: PropertyDef;
  field: FieldDef | undefined;
  /** Writes the key into the property (a new key when the text is typed for the first time). */
  onKeyChange(key: string): void;
}

/** A key of the entity's own for a property that has none yet: entity.<E>.<property>.<field or node>. */
function newKey(entity: string, def: PropertyDef, nodeId: string, field: FieldDef | undefined): string {
  return `entity.${entity}.${def.name.replace(/^field\./, '')}.${field?.name ?? nodeId}`;
}

/**
 * A text property held as an i18n key (a label, a tab title, tips): its text in Chinese and
 * English, written to the entity's own messages (entity.messages); the bundled text, where the
 * key has one, shows as the placeholder.
 */
export function LabelEditor({ keyName, nodeId, def, field, onKeyChange }: Props) {
  const { t, i18n } = useTranslation();
  const writeMessages = useMessageWriter();
  const entityName = useDesignState((state) => state.document.entity.name);
  const messages = useDesignState((state) => state.document.entity.messages as EntityMessages | undefined);
  const write = (language: DesignLanguage, text: string) => {
    const key = keyName || newKey(entityName, def, nodeId, field);
    const mergeKey = `${nodeId}:${def.name}`;
    if (!keyName) onKeyChange(key);
    writeMessages({ [language]: { [key]: text } }, mergeKey);
  };
  return (
    <div>
      {DESIGN_LANGUAGES.map((language) => (
        <Input key={language} size="small" style={{ marginBottom: 4 }} addonBefore={t(`designer.language.${language}`)}
          value={keyName ? messages?.[language]?.[keyName] ?? '' : ''}
          placeholder={keyName && i18n.exists(keyName, { lng: language }) ? i18n.getFixedT(language)(keyName) : ''}
          data-testid={`design-label-${language}`}
          onChange={(event) => write(language, event.target.value)} />
      ))}
      {keyName && <Typography.Text type="secondary" style={{ fontSize: 11 }} copyable={{ text: keyName }}>{keyName}</Typography.Text>}
    </div>
  );
}
