import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityMessages } from '../../../runtime/core/schema';
import { useDesignState } from '../state/useDesignState';
import { useMessageWriter } from '../state/useMessageWriter';
import { DESIGN_LANGUAGES, type DesignLanguage } from '../state/useEntityText';

interface Props {
  /** The i18n key the part holds; empty when it has none yet. */
  keyName: string;
  /** The key of the entity's own to give the part when its text is typed for the first time. */
  newKey(): string;
  /** Writes the new key into the part (called once, with the first keystroke). */
  onKeyChange(key: string): void;
  /** Keystrokes of one box are one undo step. */
  mergeKey: string;
  /** Shows the key under the inputs (copyable), as the property panel does. */
  showKey?: boolean;
  size?: 'small' | 'middle';
}

/**
 * A text held as an i18n key (a label, a state's name, a refusal message): its text in Chinese
 * and English, written to the entity's own messages (entity.messages); the bundled text, where the
 * key has one, shows as the placeholder.
 */
export function MessageTextsInput({ keyName, newKey, onKeyChange, mergeKey, showKey = true, size = 'small' }: Props) {
  const { t, i18n } = useTranslation();
  const writeMessages = useMessageWriter();
  const messages = useDesignState((state) => state.document.entity.messages as EntityMessages | undefined);
  const write = (language: DesignLanguage, text: string) => {
    const key = keyName || newKey();
    if (!keyName) onKeyChange(key);
    writeMessages({ [language]: { [key]: text } }, mergeKey);
  };
  return (
    <div>
      {DESIGN_LANGUAGES.map((language) => (
        <Input key={language} size={size} style={{ marginBottom: 4 }} addonBefore={t(`designer.language.${language}`)}
          value={keyName ? messages?.[language]?.[keyName] ?? '' : ''}
          placeholder={keyName && i18n.exists(keyName, { lng: language }) ? i18n.getFixedT(language)(keyName) : ''}
          data-testid={`design-label-${language}`}
          onChange={(event) => write(language, event.target.value)} />
      ))}
      {showKey && keyName && <Typography.Text type="secondary" style={{ fontSize: 11 }} copyable={{ text: keyName }}>{keyName}</Typography.Text>}
    </div>
  );
}
