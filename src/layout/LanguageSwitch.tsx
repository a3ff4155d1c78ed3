import { Button, Tooltip } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/changeLanguage';
import { currentLanguage } from '../i18n/i18n';
import { LANGUAGES, type Language } from '../i18n/languages';

/** The language after `language` in the list: with the two offered languages, one click switches. */
function nextLanguage(language: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length];
}

export interface LanguageSwitchProps {
  /** Text colour; the header and the sign-in page have different backgrounds. */
  color?: string;
}

/** Switches between 简体中文 and English; the button names the language it switches to. */
export function LanguageSwitch({ color }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const target = nextLanguage(currentLanguage());
  return (
    <Tooltip title={t('shell.language.switchTip')}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        style={color ? { color } : undefined}
        data-testid="lang-switch"
        aria-label={t('shell.language.switchTip')}
        onClick={() => { void changeLanguage(target); }}
      >
        {t(`shell.language.${target}`)}
      </Button>
    </Tooltip>
  );
}
