import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How a stored text is read when it may be a language-pack key (seeded menu titles, shortcut
 * titles): translated where the key exists, as typed otherwise. Plain text never reaches t(),
 * which would read "HR: 合同" as a namespace and a key.
 */
export function useDataLabel(): (text: string) => string {
  const { t, i18n } = useTranslation();
  // i18n.language in the dependencies: a language switch gives a new function, so memoised trees relabel.
  return useCallback((text: string) => (i18n.exists(text) ? t(text) : text), [t, i18n, i18n.language]);
}
